import { Page } from '@/components/layouts/page';

export function Component() {
  return <Page title="Good Stuff" description="Vintage finds listed by Good Space designers." />;
}
