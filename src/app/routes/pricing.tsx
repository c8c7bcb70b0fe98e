import { Page } from '@/components/layouts/page';

export function Component() {
  return <Page title="Pricing" description="Two memberships: clients $0.99 per month, designers $9.99 per month." />;
}
