import { lazy, Suspense, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import type { ModerationSubject } from '@/features/admin/api/get-moderation-subject';
import { useModerate, type ContentAction } from '@/features/admin/api/moderate';
import { useModerateAccount } from '@/features/admin/api/moderate-account';
import type { ReportSubject } from '@/features/admin/utils/labels';

const ModerationDialog = lazy(() =>
  import('@/features/admin/components/moderation-dialog').then((m) => ({ default: m.ModerationDialog })),
);

type Action = ContentAction | 'suspend' | 'reinstate';

/** What the thing is called in a sentence. */
const thing: Record<ReportSubject, string> = {
  person: 'profile',
  piece: 'piece',
  project_message: 'message',
  piece_message: 'message',
  review: 'review',
  project: 'project',
};

/** What hiding does to each kind of thing (docs/trust-and-safety.md). */
const hideEffect: Record<ReportSubject, string> = {
  person: '',
  piece: 'It leaves Good Stuff for everyone but its seller.',
  project_message: "It reads 'Removed by Good Space' for everyone.",
  piece_message: "It reads 'Removed by Good Space' for everyone.",
  review: "It leaves the designer's page and their average.",
  project: 'It leaves the open projects list.',
};

type Wording = {
  button: string;
  title: string;
  description: string;
  submit: string;
  pending: string;
  done: string;
  destructive?: boolean;
};

function wording(action: Action, subject: ModerationSubject): Wording {
  const noun = thing[subject.kind];
  const name = subject.person?.name ?? 'this person';
  switch (action) {
    case 'dismiss':
      return {
        button: 'Dismiss',
        title: 'Dismiss the reports?',
        description: `The reports are closed and the ${noun} stays up${subject.hidden ? ' (shown again)' : ''}. Each reporter is told.`,
        submit: 'Dismiss',
        pending: 'Dismissing…',
        done: 'Reports dismissed. The reporters are told.',
      };
    case 'hide':
      return {
        button: 'Hide',
        title: `Hide this ${noun}?`,
        description: `${hideEffect[subject.kind]} Its owner and the reporters are told.`,
        submit: 'Hide',
        pending: 'Hiding…',
        done: `The ${noun} is hidden.`,
        destructive: true,
      };
    case 'restore':
      return {
        button: 'Restore',
        title: `Show this ${noun} again?`,
        description: `Everyone who could see the ${noun} sees it again.`,
        submit: 'Restore',
        pending: 'Restoring…',
        done: `The ${noun} is shown again.`,
      };
    case 'warn':
      return {
        button: 'Warn',
        title: `Warn ${name}?`,
        description: 'They get a warning in their notifications, with your reason.',
        submit: 'Send warning',
        pending: 'Sending…',
        done: `Warning sent to ${name}.`,
      };
    case 'suspend':
      return {
        button: 'Suspend account',
        title: `Suspend ${name}?`,
        description:
          'They are signed out and can no longer sign in. Their pieces are hidden, their open offers withdrawn, and the other party of each active project is told it is paused.',
        submit: 'Suspend',
        pending: 'Suspending…',
        done: `${name} is suspended.`,
        destructive: true,
      };
    case 'reinstate':
      return {
        button: 'Reinstate account',
        title: `Reinstate ${name}?`,
        description: 'They can sign in again, and what the suspension hid comes back.',
        submit: 'Reinstate',
        pending: 'Reinstating…',
        done: `${name} is reinstated.`,
      };
  }
}

/** The actions open on this thing, in the order they are offered. */
function actionsFor(subject: ModerationSubject): Action[] {
  const open = subject.reports.some((report) => report.status === 'open');
  const actions: Action[] = [];
  if (open) actions.push('dismiss');
  if (subject.kind !== 'person') actions.push(subject.hidden ? 'restore' : 'hide');
  if (subject.person) {
    actions.push('warn');
    actions.push(subject.person.suspended_at ? 'reinstate' : 'suspend');
  }
  return actions;
}

/**
 * The operator's actions on a reported thing (docs/trust-and-safety.md): Dismiss, Hide or Restore, Warn, Suspend
 * or Reinstate its person, each asking for a reason in a dialog. The queue, the thing and the audit log refresh
 * after each.
 */
export function SubjectActions({ subject }: { subject: ModerationSubject }) {
  const [open, setOpen] = useState<Action | null>(null);
  const done = (action: Action) => {
    toast.success(wording(action, subject).done);
    setOpen(null);
  };
  const content = useModerate({ onSuccess: (_id, input) => done(input.action) });
  const account = useModerateAccount({ onSuccess: (_id, input) => done(input.action) });
  const mutation = open === 'suspend' || open === 'reinstate' ? account : content;

  function start(action: Action) {
    content.reset();
    account.reset();
    setOpen(action);
  }

  function confirm(action: Action, reason: string) {
    if (action === 'suspend' || action === 'reinstate') {
      if (!subject.person) return;
      account.mutate({
        userId: subject.person.id,
        action,
        reason,
        // The audit log keeps what led to a suspension beside it.
        ...(action === 'suspend' ? { subject: { kind: subject.kind, id: subject.id } } : {}),
      });
    } else {
      content.mutate({ kind: subject.kind, id: subject.id, action, reason });
    }
  }

  const actions = actionsFor(subject);
  const shown = open ? wording(open, subject) : null;
  return (
    <>
      <div role="group" aria-label="Actions" className="flex flex-wrap gap-2">
        {actions.map((action) => {
          const words = wording(action, subject);
          return (
            <Button key={action} variant={words.destructive ? 'destructive' : 'outline'} onClick={() => start(action)}>
              {words.button}
            </Button>
          );
        })}
      </div>
      {open && shown ? (
        <Suspense fallback={null}>
          <ModerationDialog
            onOpenChange={(next) => {
              if (!next) setOpen(null);
            }}
            title={shown.title}
            description={shown.description}
            submitLabel={shown.submit}
            pendingLabel={shown.pending}
            destructive={shown.destructive}
            pending={mutation.isPending}
            refusal={mutation.error?.message ?? null}
            onConfirm={({ reason }) => confirm(open, reason)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
