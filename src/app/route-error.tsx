import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** Shown when rendering or loading a route throws (including a route chunk that fails to download). */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <Page title="Something went wrong" description="The page could not be shown. Reloading usually helps.">
      <p role="alert" className="mb-6 font-mono text-sm text-destructive">
        {message}
      </p>
      <div className="flex gap-2">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button asChild variant="outline">
          <Link to={paths.home.getHref()}>Return to Home</Link>
        </Button>
      </div>
    </Page>
  );
}
