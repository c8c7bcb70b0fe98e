import { Page } from '@/components/layouts/page';

export function Component() {
  return <Page title="Two-factor verification" />;
}
