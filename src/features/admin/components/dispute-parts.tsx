import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Photo } from '@/components/ui/photo';
import { paths } from '@/config/paths';
import type { SignedPhoto } from '@/features/admin/api/sign-photos';
import { formatDateTime, partyName, type Party } from '@/features/admin/utils/format';
import { paymentStatusLabels } from '@/features/admin/utils/labels';
import { formatMoney } from '@/lib/format';

/**
 * What a milestone's dispute page and an order's problem page show alike (docs/trust-and-safety.md, Disputes;
 * docs/orders.md, Problems): sections, facts, signed photos, the parties' statements, the ledger and the decision.
 */

export const sectionClass = 'space-y-3 rounded-lg border bg-card p-4 sm:p-6';

export function Section({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={sectionClass}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-muted-foreground">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function Quote({ children }: { children: ReactNode }) {
  return <blockquote className="border-l-4 pl-3 text-sm whitespace-pre-wrap">{children}</blockquote>;
}

export function Photos({ photos, label }: { photos: SignedPhoto[]; label: string }) {
  if (photos.length === 0) return null;
  return (
    <ul aria-label={`${label}: photos`} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {photos.map((photo, index) => (
        <li key={photo.path}>
          {photo.url ? (
            <a href={photo.url} target="_blank" rel="noreferrer" className="block">
              <Photo src={photo.url} alt={`${label}, photo ${index + 1}`} />
            </a>
          ) : (
            <p className="text-sm text-muted-foreground">Photo {index + 1} could not be loaded.</p>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A party linked to their page in the console (their history), or their name alone once the account is gone. */
export function PartyLink({ person }: { person: Party }) {
  if (!person?.id) return <>{partyName(person)}</>;
  return (
    <Link to={paths.adminSubject.getHref('person', person.id)} className="underline underline-offset-4">
      {partyName(person)}
    </Link>
  );
}

type Statement = { role: string; body: string; photos: SignedPhoto[]; created_at: string };

/** Each side's statement, or that it has not come (yet). */
export function StatementList({
  sides,
  statements,
  open,
  dueAt,
}: {
  /** The two sides in the order shown: their role in the statements and their title ("Customer Jordan Lee"). */
  sides: { role: string; title: string }[];
  statements: Statement[];
  open: boolean;
  dueAt: string;
}) {
  return (
    <>
      <p className="text-sm text-muted-foreground">
        {open ? 'Due' : 'Were due'} {formatDateTime(dueAt)}
      </p>
      <ul className="divide-y" aria-label="Statements">
        {sides.map(({ role, title }) => {
          const statement = statements.find((s) => s.role === role);
          return (
            <li key={role} className="space-y-2 py-3 first:pt-0 last:pb-0">
              <h3 className="font-semibold">{title}</h3>
              {statement ? (
                <>
                  <p className="text-sm text-muted-foreground">Written {formatDateTime(statement.created_at)}</p>
                  <Quote>{statement.body}</Quote>
                  <Photos photos={statement.photos} label={`${title}'s statement`} />
                </>
              ) : (
                <p className="text-sm text-muted-foreground">No statement{open ? ' yet' : ''}.</p>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}

type Payment = {
  id: string;
  kind: string;
  amount: number;
  status: string;
  reason: string;
  note: string | null;
  created_at: string;
  completed_at: string | null;
};

/** A ledger's rows (milestone_payments, order_payments), each with its kind, reason and state. */
export function PaymentList({
  payments,
  kindLabels,
  reasonLabels,
}: {
  payments: Payment[];
  kindLabels: Record<string, string>;
  reasonLabels: Record<string, string>;
}) {
  if (payments.length === 0) return <p className="text-sm text-muted-foreground">No payments yet.</p>;
  return (
    <ul className="divide-y text-sm" aria-label="Payments">
      {payments.map((payment) => (
        <li key={payment.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
          <span>
            <span className="font-medium">
              {kindLabels[payment.kind] ?? payment.kind} {formatMoney(payment.amount)}
            </span>
            , {reasonLabels[payment.reason] ?? payment.reason}
          </span>
          <span className="text-muted-foreground">
            {paymentStatusLabels[payment.status] ?? payment.status} ·{' '}
            {formatDateTime(payment.completed_at ?? payment.created_at)}
            {payment.status === 'pending' && payment.note ? ` · ${payment.note}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** A decision once made: the split in one sentence, the reason, when. */
export function DecisionMade({
  sentence,
  reason,
  decidedAt,
}: {
  sentence: string;
  reason: string | null;
  decidedAt: string | null;
}) {
  return (
    <>
      <p className="font-medium">{sentence}</p>
      {reason ? <Quote>{reason}</Quote> : null}
      {decidedAt ? <p className="text-sm text-muted-foreground">Decided {formatDateTime(decidedAt)}</p> : null}
    </>
  );
}
