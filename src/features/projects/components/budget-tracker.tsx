import { AlertTriangle, CheckCircle2, Trash2, XCircle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { QueryState } from '@/components/query-state';
import { paths } from '@/config/paths';
import { useDeleteItem } from '@/features/projects/api/delete-item';
import { useItemsTotal } from '@/features/projects/api/get-items-total';
import { MAX_ITEMS, useProjectItems, type ProjectItem } from '@/features/projects/api/get-project-items';
import { AddItemForm } from '@/features/projects/components/add-item-form';
import { useItemsRealtime } from '@/features/projects/hooks/use-items-realtime';
import { budgetMessage, budgetSummary, type BudgetState } from '@/features/projects/utils/budget';
import { formatMoney } from '@/lib/format';
import { cn } from '@/lib/utils';

type BudgetTrackerProps = {
  projectId: string;
  userId: string;
  budget: number;
  budgetType: 'soft' | 'hard';
  /** The project row's items_total and when that row was read: the tracker's figure until it reads its own. */
  itemsTotal: number;
  itemsTotalUpdatedAt: number;
  /** Items are added and deleted only on active projects (the database agrees). */
  editable: boolean;
};

const BAR: Record<BudgetState, string> = { ok: 'bg-green-600', warning: 'bg-yellow-500', exceeded: 'bg-red-600' };
const ALERT: Record<BudgetState, string> = {
  ok: '',
  warning: 'border-yellow-400 bg-yellow-50 text-yellow-900',
  exceeded: 'border-red-400 bg-red-50 text-red-900',
};

/** Items total against the budget (exported for tests). */
export function BudgetSummary({
  budget,
  budgetType,
  spent,
}: {
  budget: number;
  budgetType: 'soft' | 'hard';
  spent: number;
}) {
  const summary = budgetSummary(budget, spent);
  const message = budgetMessage(budget, spent, budgetType);
  const Icon = summary.state === 'exceeded' ? XCircle : summary.state === 'warning' ? AlertTriangle : CheckCircle2;
  return (
    <div className="space-y-3" data-budget-state={summary.state}>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground">Budget</dt>
          <dd className="font-semibold">{formatMoney(budget)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Spent</dt>
          <dd className="font-semibold">{formatMoney(spent)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Remaining</dt>
          <dd className="font-semibold">{formatMoney(summary.remaining)}</dd>
        </div>
      </dl>
      <div
        role="progressbar"
        aria-label="Budget used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(100, Math.round(summary.percent))}
        aria-valuetext={`${Math.round(summary.percent)}% of budget used`}
        className="h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn('h-full transition-all', BAR[summary.state])}
          style={{ width: `${Math.min(100, summary.percent)}%` }}
        />
      </div>
      <p className="text-sm text-muted-foreground">{Math.round(summary.percent)}% of budget used</p>
      {message ? (
        <div
          role="alert"
          className={cn('flex items-start gap-2 rounded-md border p-3 text-sm font-medium', ALERT[summary.state])}
        >
          <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{message}</span>
        </div>
      ) : null}
    </div>
  );
}

function ItemRow({
  item,
  userId,
  editable,
  onDelete,
  deleting,
}: {
  item: ProjectItem;
  userId: string;
  editable: boolean;
  onDelete: () => void;
  deleting: boolean;
}) {
  const adder = item.added_by === userId ? 'You' : item.adder?.full_name || 'The other party';
  return (
    <li className="flex items-start justify-between gap-3 rounded-md border p-3" data-testid="project-item">
      <div className="min-w-0 space-y-1">
        <p className="font-medium break-words">
          {item.name}
          {item.catalog_item_id ? (
            <>
              {' '}
              <Badge variant="outline" className="align-middle">
                Good Stuff
              </Badge>
            </>
          ) : null}
          {item.bought_at ? (
            <>
              {' '}
              <Badge variant="secondary" className="align-middle">
                Bought
              </Badge>
            </>
          ) : null}
        </p>
        {item.description ? <p className="text-sm break-words text-muted-foreground">{item.description}</p> : null}
        <p className="text-xs text-muted-foreground">Added by {adder}</p>
        {item.catalog_item_id ? (
          <Link
            to={paths.piece.getHref(item.catalog_item_id)}
            className="text-xs font-medium text-primary hover:underline"
            aria-label={`View the piece: ${item.name}`}
          >
            View the piece
          </Link>
        ) : null}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <span className="font-semibold">{formatMoney(item.cost)}</span>
        {editable && item.added_by === userId ? (
          <Button variant="ghost" size="icon" aria-label={`Delete ${item.name}`} onClick={onDelete} disabled={deleting}>
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * An active project's items and budget tracker, live for both parties. 'Spent' is the database's
 * items_total (the figure the hard cap is enforced against), not a sum of the listed items: the list is capped.
 */
export function BudgetTracker({
  projectId,
  userId,
  budget,
  budgetType,
  itemsTotal,
  itemsTotalUpdatedAt,
  editable,
}: BudgetTrackerProps) {
  const items = useProjectItems(projectId);
  const total = useItemsTotal(projectId, { value: itemsTotal, updatedAt: itemsTotalUpdatedAt });
  useItemsRealtime(projectId);
  const remove = useDeleteItem(projectId, {
    onSuccess: () => toast.success('Item deleted'),
    onError: () => toast.error('Failed to delete item'),
  });
  const spent = total.data;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Items & Budget</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        <QueryState
          query={{ isPending: items.isPending, isError: items.isError || total.isError, data: items.data }}
          loading="Loading items…"
          failed="Failed to load items"
          toast={false}
        >
          {(list) => (
            <>
              <BudgetSummary budget={budget} budgetType={budgetType} spent={spent} />
              {list.length === 0 ? (
                <p className="text-sm text-muted-foreground">No items yet.</p>
              ) : (
                <>
                  {list.length >= MAX_ITEMS ? (
                    <p className="text-sm text-muted-foreground">
                      Showing the newest {MAX_ITEMS} items; Spent counts every item.
                    </p>
                  ) : null}
                  <ul className="space-y-2" aria-label="Items">
                    {list.map((item) => (
                      <ItemRow
                        key={item.id}
                        item={item}
                        userId={userId}
                        editable={editable}
                        deleting={remove.isPending && remove.variables === item.id}
                        onDelete={() => remove.mutate(item.id)}
                      />
                    ))}
                  </ul>
                </>
              )}
            </>
          )}
        </QueryState>
        {editable ? (
          <AddItemForm
            projectId={projectId}
            userId={userId}
            budget={budget}
            budgetType={budgetType}
            spent={spent}
            disabled={items.isPending}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
