import { Check } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

export type PlanCardProps = {
  name: string;
  /** "$0.99" */
  price: string;
  audience: string;
  benefits: readonly string[];
  /** The plan of the signed-in user's account type. */
  highlighted?: boolean;
  /** The user already holds this membership. */
  current?: boolean;
  busy?: boolean;
  onSubscribe: () => void;
};

/** One membership on /pricing: with its price, benefits and Subscribe button. */
export function PlanCard({ name, price, audience, benefits, highlighted, current, busy, onSubscribe }: PlanCardProps) {
  const headingId = `plan-${name.toLowerCase()}`;
  return (
    <Card aria-labelledby={headingId} role="region" className={cn(highlighted && 'border-primary ring-1 ring-primary')}>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle id={headingId}>{name}</CardTitle>
          {current ? <Badge variant="secondary">Current plan</Badge> : highlighted ? <Badge>Your plan</Badge> : null}
        </div>
        <CardDescription>{audience}</CardDescription>
        <p className="pt-2">
          <span className="text-4xl font-semibold tracking-tight">{price}</span>
          <span className="text-muted-foreground"> / month</span>
        </p>
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="space-y-3" aria-label={`${name} benefits`}>
          {benefits.map((benefit) => (
            <li key={benefit} className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>{benefit}</span>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        <Button
          className="w-full"
          size="lg"
          variant={highlighted ? 'default' : 'outline'}
          disabled={busy || current}
          aria-busy={busy}
          aria-label={current ? undefined : `Subscribe to the ${name} plan`}
          onClick={onSubscribe}
        >
          {current ? 'Subscribed' : busy ? 'Opening payment page…' : 'Subscribe'}
        </Button>
      </CardFooter>
    </Card>
  );
}
