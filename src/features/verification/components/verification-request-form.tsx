import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FieldDescription, FieldError, LabelledField } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useEligibleProjects } from '@/features/verification/api/get-eligible-projects';
import { useRequestVerification } from '@/features/verification/api/request-verification';
import {
  DOCUMENT_TYPES,
  KIND_LABEL,
  METHODS,
  METHOD_LABEL,
  type VerificationKind,
  type VerificationMethod,
  verificationRequestSchema,
} from '@/features/verification/api/verification-rules';
import { errorSentence } from '@/features/verification/api/error-sentence';
import { firstIssue, type ShownError } from '@/lib/first-error';

const ORDER = ['school_email', 'files', 'project_ids'] as const;
type Name = (typeof ORDER)[number];

/**
 * Asking for a badge (docs/trust-and-safety.md, "Verified badges"): the badge, how to show it, then the one thing
 * that method needs (the school address, the documents, or three projects). Checked by the same rules the database
 * holds before anything is sent.
 */
export function VerificationRequestForm({ userId }: { userId: string }) {
  const id = useId();
  const errorId = `${id}-error`;
  const [kind, setKind] = useState<VerificationKind>('student');
  const [method, setMethod] = useState<VerificationMethod>('school_email');
  const [schoolEmail, setSchoolEmail] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [projectIds, setProjectIds] = useState<string[]>([]);
  const [shown, setShown] = useState<ShownError<Name> | null>(null);
  const projects = useEligibleProjects(userId, { enabled: method === 'projects' });
  const request = useRequestVerification(userId);

  const chooseKind = (next: VerificationKind) => {
    setKind(next);
    setMethod(METHODS[next][0]!);
    setShown(null);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = verificationRequestSchema.safeParse({
      method,
      school_email: schoolEmail,
      files,
      project_ids: projectIds,
    });
    if (!parsed.success) {
      setShown(firstIssue(ORDER, parsed.error));
      return;
    }
    setShown(null);
    request.mutate(parsed.data, {
      onSuccess: () =>
        toast.success(
          parsed.data.method === 'school_email'
            ? 'Link sent: open it from your school mailbox'
            : 'Request sent: a Good Space operator will look at it',
        ),
    });
  };
  const error = shown?.message ?? (request.error ? errorSentence(request.error) : undefined);
  const describedBy = (field: Name) =>
    shown?.field === field ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};

  return (
    <form onSubmit={onSubmit} className="grid gap-5" noValidate aria-label="Ask for a verified badge">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Badge</legend>
        {(['student', 'pro'] as const).map((k) => (
          <label key={k} className="flex items-center gap-2 text-sm">
            <input type="radio" name={`${id}-kind`} checked={kind === k} onChange={() => chooseKind(k)} />
            {KIND_LABEL[k]}
          </label>
        ))}
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">How Good Space can check it</legend>
        {METHODS[kind].map((m) => (
          <label key={m} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-method`}
              checked={method === m}
              onChange={() => {
                setMethod(m);
                setShown(null);
              }}
            />
            {METHOD_LABEL[m]}
          </label>
        ))}
      </fieldset>

      {method === 'school_email' ? (
        <LabelledField
          id={`${id}-school-email`}
          label="School e-mail address"
          hint="One ending in .edu, .edu.<country> or .ac.<country>. We send it a link to open while signed in here."
        >
          <Input
            id={`${id}-school-email`}
            type="email"
            autoComplete="email"
            value={schoolEmail}
            onChange={(e) => setSchoolEmail(e.target.value)}
            {...describedBy('school_email')}
          />
        </LabelledField>
      ) : null}

      {method === 'student_id' || method === 'registration' ? (
        <LabelledField
          id={`${id}-files`}
          label={method === 'student_id' ? 'Photo of your student ID' : 'Registration document'}
          hint="Up to 3 files, JPEG, PNG, WebP or PDF, 5 MB each. Only Good Space operators see them; they are deleted once we decide."
        >
          <Input
            id={`${id}-files`}
            type="file"
            multiple
            accept={DOCUMENT_TYPES.join(',')}
            onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
            {...describedBy('files')}
          />
        </LabelledField>
      ) : null}

      {method === 'projects' ? (
        <fieldset className="grid gap-2" {...describedBy('project_ids')}>
          <legend className="mb-1 text-sm font-medium">Choose three completed projects</legend>
          <FieldDescription>
            Only projects whose customers agreed to show them in your portfolio can count.
          </FieldDescription>
          {projects.isPending ? (
            <p className="text-sm text-muted-foreground">Loading your projects…</p>
          ) : projects.isError ? (
            <p className="text-sm text-destructive">Failed to load your projects</p>
          ) : projects.data.length < 3 ? (
            <p className="text-sm text-muted-foreground">
              You have {projects.data.length} such {projects.data.length === 1 ? 'project' : 'projects'}; three are
              needed. Use a registration document instead, or ask your customers to show your finished projects.
            </p>
          ) : (
            projects.data.map((p) => (
              <Label key={p.id} className="flex items-center gap-2 font-normal">
                <input
                  type="checkbox"
                  checked={projectIds.includes(p.id)}
                  onChange={(e) =>
                    setProjectIds((ids) => (e.target.checked ? [...ids, p.id] : ids.filter((x) => x !== p.id)))
                  }
                />
                {p.title}
              </Label>
            ))
          )}
        </fieldset>
      ) : null}

      <FieldError id={errorId}>{error}</FieldError>
      <div>
        <Button type="submit" disabled={request.isPending} aria-busy={request.isPending}>
          {request.isPending ? 'Sending…' : method === 'school_email' ? 'Send the link' : 'Ask for the badge'}
        </Button>
      </div>
    </form>
  );
}
