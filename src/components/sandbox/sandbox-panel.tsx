import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardFooter } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { SandboxNotice } from '@/components/sandbox/sandbox-notice';

type SandboxPanelProps<TData> = {
  query: UseQueryResult<TData>;
  /** The spinner's label while the session loads. */
  loading: string;
  /** Said when the function refuses to open the page and gives no words of its own. */
  failure?: string;
  /** Replaces the plain refusal (memberships add where to go next). */
  refusal?: ComponentType<{ error: Error }>;
  children: (data: TData) => ReactNode;
};

/** A sandbox page's session (docs/payments.md, "The sandbox"): a spinner while it loads, the refusal if it cannot open. */
export function SandboxPanel<TData>({ query, loading, failure, refusal: Refusal, children }: SandboxPanelProps<TData>) {
  if (query.isPending) return <Spinner size="lg" label={loading} />;
  if (query.isError)
    return Refusal ? (
      <Refusal error={query.error} />
    ) : (
      <p role="alert" className="rounded-md border border-destructive/50 p-4 font-medium text-destructive">
        {query.error.message || failure}
      </p>
    );
  return children(query.data);
}

type SandboxButton = { label: string; disabled: boolean; onClick: () => void };

type SandboxCardProps = {
  notice: string;
  /** The card's header and content: what this page is about. */
  children: ReactNode;
  /** The way back (outline) and the way on (the main button, busy while the function works). */
  back: SandboxButton;
  go: SandboxButton & { destructive?: boolean };
  busy: boolean;
};

/** The shape every sandbox payment page shares: the notice, then one card ending in a way back and a way on. */
export function SandboxCard({ notice, children, back, go, busy }: SandboxCardProps) {
  return (
    <div className="space-y-6">
      <SandboxNotice notice={notice} />
      <Card>
        {children}
        <CardFooter className="flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" className="w-full sm:w-auto" disabled={back.disabled} onClick={back.onClick}>
            {back.label}
          </Button>
          <Button
            variant={go.destructive ? 'destructive' : 'default'}
            className="w-full sm:w-auto"
            disabled={go.disabled}
            aria-busy={busy}
            onClick={go.onClick}
          >
            {go.label}
          </Button>
        </CardFooter>
      </Card>
    </div>
  );
}
