import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

/** A refused sandbox session (unknown, someone else's, expired, finished): say why and where to go. */
export function SandboxError({ error }: { error: Error }) {
  return (
    <div role="alert" className="space-y-3 rounded-md border border-destructive/50 p-4">
      <p className="font-medium text-destructive">{error.message || 'This sandbox session cannot be opened.'}</p>
      <p className="text-sm">
        <Link className="text-primary underline" to={paths.pricing.getHref()}>
          Back to Pricing
        </Link>{' '}
        or{' '}
        <Link className="text-primary underline" to={paths.settings.getHref()}>
          Settings
        </Link>
      </p>
    </div>
  );
}
