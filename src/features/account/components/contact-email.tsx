import { useContactEmail } from '@/features/account/api/get-contact-email';

/**
 * "Contact: jordan@example.com" as a mailto link, for the other party of an active project or a paid order (the
 * database refuses anyone else: then, and while it is read, nothing is shown).
 */
export function ContactEmail({ userId, name }: { userId: string | null; name: string }) {
  const email = useContactEmail(userId);
  if (!email.data) return null;
  return (
    <p className="text-sm">
      <span className="text-muted-foreground">Contact: </span>
      <a
        href={`mailto:${email.data}`}
        className="font-medium break-all underline underline-offset-4"
        aria-label={`E-mail ${name} at ${email.data}`}
      >
        {email.data}
      </a>
    </p>
  );
}
