import { Spinner } from '@/components/ui/spinner';

/** Full-area loading state (session being read, route chunk loading). */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner size="lg" label={label} />
    </div>
  );
}
