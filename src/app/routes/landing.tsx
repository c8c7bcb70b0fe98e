import { Page } from '@/components/layouts/page';

export function Component() {
  return (
    <Page
      title="Good Space"
      description="Connect with talented design students and professionals who create stunning spaces using curated second-hand finds."
    />
  );
}
