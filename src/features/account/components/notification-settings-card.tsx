import { useId } from 'react';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useNotificationPreferences } from '@/features/account/api/get-notification-preferences';
import { usePushPreferences } from '@/features/account/api/get-push-preferences';
import { useSetNotificationEmail } from '@/features/account/api/set-notification-email';
import { useSetNotificationPush } from '@/features/account/api/set-notification-push';
import { PushDeviceSwitch } from '@/features/account/components/push-device-switch';
import type { Role } from '@/types/role';

type Kind = { kind: string; label: string; roles: readonly Role[] };
type Group = { title: string; kinds: readonly Kind[] };

const BOTH: readonly Role[] = ['customer', 'designer'];

/** The kinds each role can receive (docs/product.md, Notifications), in the product's words. */
const GROUPS: readonly Group[] = [
  {
    title: 'Bids and nudges',
    kinds: [
      { kind: 'bid_received', label: 'A designer bids on my project', roles: ['customer'] },
      { kind: 'bid_accepted', label: 'My bid is accepted', roles: ['designer'] },
      { kind: 'bid_rejected', label: 'My bid is not selected', roles: ['designer'] },
      { kind: 'nudge_received', label: 'A client nudges me about a project', roles: ['designer'] },
      { kind: 'nudge_accepted', label: 'A designer accepts my nudge with a quote', roles: ['customer'] },
      { kind: 'nudge_declined', label: 'A designer declines my nudge', roles: ['customer'] },
    ],
  },
  {
    title: 'Projects',
    kinds: [
      { kind: 'message_received', label: 'A new message', roles: BOTH },
      { kind: 'item_added', label: 'An item is added', roles: BOTH },
      { kind: 'item_removed', label: 'An item is removed', roles: BOTH },
      { kind: 'photos_added', label: 'Photos are added', roles: BOTH },
      { kind: 'budget_80', label: 'A project reaches 80% of its budget', roles: BOTH },
      { kind: 'budget_100', label: 'A project uses its whole budget', roles: BOTH },
      { kind: 'project_completed', label: 'A client marks my project complete', roles: ['designer'] },
      { kind: 'review_received', label: 'A client reviews my work', roles: ['designer'] },
    ],
  },
  {
    // The designer proposes, the customer decides (docs/working-together.md).
    title: 'Selection board',
    kinds: [
      { kind: 'board_proposed', label: 'My designer proposes a piece for my project', roles: ['customer'] },
      { kind: 'board_approved', label: 'A customer approves a piece I proposed', roles: ['designer'] },
      { kind: 'board_declined', label: 'A customer declines a piece I proposed', roles: ['designer'] },
      { kind: 'board_alternative', label: 'A customer asks me for an alternative', roles: ['designer'] },
    ],
  },
  {
    // Only designers list pieces, so only they get offers; anyone signed in can buy.
    title: 'Good Stuff',
    kinds: [
      { kind: 'offer_received', label: 'Someone makes an offer on my piece', roles: ['designer'] },
      { kind: 'offer_countered', label: 'A seller counters my offer', roles: BOTH },
      { kind: 'offer_accepted', label: 'An offer or counter-offer of mine is accepted', roles: BOTH },
      { kind: 'offer_declined', label: 'An offer or counter-offer of mine is declined', roles: BOTH },
      { kind: 'listing_message', label: 'A message about a Good Stuff piece', roles: BOTH },
    ],
  },
  {
    // Anyone signed in can save a search or a piece (docs/find-it-first.md); each search also has its own e-mail
    // setting (instant, daily digest, off), which this switch overrides when off.
    title: 'Saved searches',
    kinds: [
      { kind: 'search_match', label: 'A new piece matches one of my saved searches', roles: BOTH },
      { kind: 'price_drop', label: 'A piece I saved gets cheaper', roles: BOTH },
    ],
  },
  {
    // Anyone signed in can buy; only designers sell.
    title: 'Orders',
    kinds: [
      { kind: 'order_paid', label: 'Someone buys my piece', roles: ['designer'] },
      { kind: 'order_receipt', label: 'A receipt for my purchase', roles: BOTH },
      { kind: 'order_completed', label: 'An order is completed', roles: BOTH },
      { kind: 'order_cancelled', label: 'A seller cancels my order and refunds me', roles: BOTH },
      { kind: 'order_refunded', label: 'Someone else bought a piece first and I am refunded', roles: BOTH },
      { kind: 'order_refused', label: 'A buyer refuses my piece at pickup', roles: ['designer'] },
      { kind: 'order_problem', label: 'A buyer reports a problem with my piece', roles: ['designer'] },
      { kind: 'order_problem_decided', label: 'Good Space decides a problem with an order', roles: BOTH },
      { kind: 'order_chargeback', label: "A buyer's bank disputes a payment for my piece", roles: ['designer'] },
    ],
  },
  {
    // The handover of a Good Stuff order (docs/orders.md): both sides offer and confirm times.
    title: 'Pickups',
    kinds: [
      { kind: 'pickup_proposed', label: 'Pickup times are offered for an order', roles: BOTH },
      { kind: 'pickup_confirmed', label: 'A pickup time is confirmed', roles: BOTH },
      { kind: 'pickup_reschedule', label: 'Someone asks to reschedule a pickup', roles: BOTH },
      { kind: 'pickup_reminder', label: 'A reminder the day before and two hours before a pickup', roles: BOTH },
      { kind: 'pickup_missed', label: 'I am said to have missed a pickup', roles: BOTH },
      { kind: 'order_collected', label: 'A seller marks my purchase collected', roles: BOTH },
    ],
  },
  {
    // Customers fund and release; designers are funded, paid and refund (docs/milestones.md).
    title: 'Design fee',
    kinds: [
      { kind: 'milestone_funded', label: 'A customer funds a milestone of mine', roles: ['designer'] },
      { kind: 'milestone_submitted', label: 'My designer submits a milestone', roles: ['customer'] },
      { kind: 'milestone_changes_requested', label: 'A customer asks for changes on a milestone', roles: ['designer'] },
      { kind: 'milestone_released', label: 'A milestone payment is released to me', roles: ['designer'] },
      {
        kind: 'milestone_release_reminder',
        label: 'A milestone will be released automatically soon',
        roles: ['customer'],
      },
      { kind: 'milestone_refunded', label: 'A milestone is refunded to me', roles: ['customer'] },
      { kind: 'milestone_cancel_requested', label: 'A customer asks to cancel a milestone', roles: ['designer'] },
      { kind: 'milestone_disputed', label: 'A milestone goes to dispute', roles: BOTH },
      { kind: 'milestone_dispute_decided', label: 'Good Space decides a milestone dispute', roles: BOTH },
    ],
  },
  {
    title: 'Membership',
    kinds: [
      { kind: 'payment_failed', label: "A membership payment doesn't go through", roles: BOTH },
      { kind: 'membership_ending', label: 'My membership is ending or has ended', roles: BOTH },
    ],
  },
  {
    title: 'Trust and safety',
    kinds: [
      { kind: 'report_outcome', label: 'Good Space acts on something I reported', roles: BOTH },
      { kind: 'account_warning', label: 'Good Space warns me about my account', roles: BOTH },
      { kind: 'content_hidden', label: 'Good Space hides something I posted', roles: BOTH },
      { kind: 'project_paused', label: 'Good Space pauses a project I am part of', roles: BOTH },
      { kind: 'verification_decided', label: 'Good Space decides on my verification request', roles: ['designer'] },
    ],
  },
];

/**
 * The kinds that can also come as a push (docs/notifications.md, "The push half"): what someone acts on within
 * minutes. The database's claim_notification_pushes() names the same list.
 */
const PUSH_KINDS: ReadonlySet<string> = new Set([
  'offer_received',
  'offer_countered',
  'offer_accepted',
  'search_match',
  'order_paid',
  'message_received',
  'listing_message',
]);

type NotificationSettingsCardProps = {
  userId: string;
  /** Null when the role is not known: every kind is listed then. */
  role: Role | null;
  roleLoading?: boolean;
};

/** Settings → Notifications (docs/decisions/0025-notifications.md): per kind, e-mail on or off; in-app always on. */
export function NotificationSettingsCard({ userId, role, roleLoading }: NotificationSettingsCardProps) {
  const id = useId();
  const preferences = useNotificationPreferences(userId);
  const pushPreferences = usePushPreferences(userId);
  const setPush = useSetNotificationPush({
    userId,
    onError: (error) => {
      console.error('Error saving push preference', error);
      toast.error("Couldn't save your push preference. Please try again.");
    },
  });
  const setEmail = useSetNotificationEmail({
    userId,
    onError: (error) => {
      console.error('Error saving notification preference', error);
      toast.error("Couldn't save your e-mail preference. Please try again.");
    },
  });

  const groups = GROUPS.map((group) => ({
    ...group,
    kinds: group.kinds.filter((k) => role === null || k.roles.includes(role)),
  })).filter((group) => group.kinds.length > 0);

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Notifications</CardTitle>
        <CardDescription>
          In-app notifications (the bell) are always on. Choose which ones also come by e-mail, and which urgent ones as
          a push to your devices.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="mb-6">
          <PushDeviceSwitch userId={userId} />
        </div>
        {preferences.isPending || pushPreferences.isPending || roleLoading ? (
          <p className="text-sm text-muted-foreground">Loading your notification settings…</p>
        ) : preferences.isError || pushPreferences.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Couldn't load your notification settings.
          </p>
        ) : (
          <div className="space-y-6">
            {groups.map((group, index) => (
              <fieldset key={group.title} className="space-y-2">
                <legend className="mb-2 text-sm font-semibold">{group.title}</legend>
                {group.kinds.map(({ kind, label }) => {
                  const inputId = `${id}-${index}-${kind}`;
                  const on = preferences.data[kind] ?? true;
                  const pushOn = pushPreferences.data[kind] ?? true;
                  return (
                    <div key={kind} className="flex items-center justify-between gap-4 text-sm">
                      <span aria-hidden="true">{label}</span>
                      <div className="flex shrink-0 items-center gap-4">
                        <label htmlFor={inputId} className="flex min-w-16 items-center gap-2 text-muted-foreground">
                          <input
                            id={inputId}
                            type="checkbox"
                            role="switch"
                            aria-label={`E-mail: ${label}`}
                            className="size-4 accent-primary"
                            checked={on}
                            onChange={(event) => setEmail.mutate({ kind, email: event.target.checked })}
                          />
                          E-mail
                        </label>
                        {PUSH_KINDS.has(kind) ? (
                          <label
                            htmlFor={`${inputId}-push`}
                            className="flex min-w-16 items-center gap-2 text-muted-foreground"
                          >
                            <input
                              id={`${inputId}-push`}
                              type="checkbox"
                              role="switch"
                              aria-label={`Push: ${label}`}
                              className="size-4 accent-primary"
                              checked={pushOn}
                              onChange={(event) => setPush.mutate({ kind, push: event.target.checked })}
                            />
                            Push
                          </label>
                        ) : (
                          // Keeps the e-mail switches in one column beside rows that have a push switch.
                          <span className="min-w-16" aria-hidden="true" />
                        )}
                      </div>
                    </div>
                  );
                })}
              </fieldset>
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
