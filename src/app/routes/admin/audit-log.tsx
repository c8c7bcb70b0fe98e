import { Page } from '@/components/layouts/page';
import { AuditLog } from '@/features/admin/components/audit-log';

/** The audit log, /admin/log (docs/trust-and-safety.md): every operator action, newest first, read-only. */
export function Component() {
  return (
    <Page title="Audit log" description="Every action taken in the console, newest first. No one can change it.">
      <AuditLog />
    </Page>
  );
}
