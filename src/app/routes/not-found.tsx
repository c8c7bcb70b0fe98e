import { Link } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

export function NotFound() {
  return (
    <Page title="Oops! Page not found" description="The page you are looking for does not exist or has moved.">
      <p aria-hidden="true" className="mb-6 text-7xl font-bold text-muted-foreground">
        404
      </p>
      <Button asChild>
        <Link to={paths.home.getHref()}>Return to Home</Link>
      </Button>
    </Page>
  );
}

export { NotFound as Component };
