import { Page } from '@/components/layouts/page';
import { ModerationQueue } from '@/features/admin/components/moderation-queue';

/** The console's queue, /admin (docs/trust-and-safety.md). */
export function Component() {
  return (
    <Page title="Reports" description="Reported things waiting for a look, the one waiting longest first.">
      <ModerationQueue />
    </Page>
  );
}
