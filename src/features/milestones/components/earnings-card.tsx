import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/query-state';
import { useDesignerEarnings } from '@/features/milestones/api/get-designer-earnings';
import { formatMoney } from '@/lib/format';

/**
 * A designer's earnings from milestones (docs/milestones.md): released (paid out), on the way (released, waiting
 * for the transfer, e.g. until Get paid is set up) and held (funded, not released yet). Good Space keeps no fee.
 */
export function EarningsCard({ designerId }: { designerId: string }) {
  const earnings = useDesignerEarnings(designerId);
  return (
    <Card role="region" aria-labelledby="earnings-title">
      <CardHeader>
        <CardTitle id="earnings-title">Earnings</CardTitle>
        <CardDescription>Design fees from your projects. You keep all of it.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={earnings}
          loading="Loading earnings…"
          failed="Failed to load earnings"
          toast={false}
          size="sm"
        >
          {(figures) => (
            <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-muted-foreground">Released</dt>
                <dd className="text-xl font-semibold">{formatMoney(figures.released)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">On the way</dt>
                <dd className="text-xl font-semibold">{formatMoney(figures.on_the_way)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Held</dt>
                <dd className="text-xl font-semibold">{formatMoney(figures.held)}</dd>
              </div>
            </dl>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
