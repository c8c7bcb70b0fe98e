import { Store } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import type { Role } from '@/types/role';

type DesignersOnlyNoticeProps = {
  /** The account's type: a client is told so; null when it has none. */
  role: Role | null;
};

/**
 * Shown on List Vintage Item instead of the form to anyone who is not a designer: only designers list on Good Stuff
 * (the database refuses anyone else: 'Failed to list item'), so they learn it before they type, with the way to
 * become one (docs/product.md "Good Stuff").
 */
export function DesignersOnlyNotice({ role }: DesignersOnlyNoticeProps) {
  return (
    <Card role="region" aria-labelledby="designers-only-title">
      <CardHeader>
        <CardTitle id="designers-only-title" className="flex items-center gap-2">
          <Store aria-hidden="true" className="size-5 text-primary" />
          Listing is for designers
        </CardTitle>
        <CardDescription>
          {role === 'customer' ? 'Your account is a Client account. ' : null}
          Vintage pieces on Good Stuff are listed by designer accounts.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-2 text-sm">
        <p>
          To list a piece, switch your account to Designer in <strong>Settings → Change Account Type</strong>. You can
          switch back at any time; a Client membership does not cover designer features.
        </p>
      </CardContent>
      <CardFooter>
        <Button asChild>
          <Link to={paths.settings.getHref()}>Go to Settings</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
