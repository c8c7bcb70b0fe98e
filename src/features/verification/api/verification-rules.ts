import { z } from 'zod';

/**
 * The rules of a verification request, as the database holds them (supabase/migrations/20261202000400_verification.sql;
 * docs/trust-and-safety.md, "Verified badges"), checked here first so the designer reads them before sending.
 */
export type VerificationKind = 'student' | 'pro';
export type VerificationMethod = 'school_email' | 'student_id' | 'registration' | 'projects';

export const KIND_LABEL: Record<VerificationKind, string> = { student: 'Verified student', pro: 'Verified pro' };
export const METHOD_LABEL: Record<VerificationMethod, string> = {
  school_email: 'My school e-mail address',
  student_id: 'A photo of my current student ID',
  registration: 'A business or trade registration document',
  projects: 'Three completed Good Space projects in my portfolio',
};
export const METHODS: Record<VerificationKind, readonly VerificationMethod[]> = {
  student: ['school_email', 'student_id'],
  pro: ['registration', 'projects'],
};
export function kindOfMethod(method: VerificationMethod): VerificationKind {
  return method === 'school_email' || method === 'student_id' ? 'student' : 'pro';
}

/** A school's address: the domain ends in .edu, .edu.<cc> or .ac.<cc> (private.is_school_email). */
export const SCHOOL_EMAIL =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+(edu|edu\.[a-z]{2}|ac\.[a-z]{2})$/i;
/** The bucket's limits (verification-documents): 5 MB, JPEG/PNG/WebP images or PDF; at most three per request. */
export const DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
export const MAX_DOCUMENTS = 3;

const documents = z
  .array(z.instanceof(File))
  .min(1, 'Add a photo or a PDF of the document.')
  .max(MAX_DOCUMENTS, `Add at most ${MAX_DOCUMENTS} files.`)
  .refine((files) => files.every((f) => (DOCUMENT_TYPES as readonly string[]).includes(f.type)), {
    message: 'Add JPEG, PNG or WebP photos, or a PDF.',
  })
  .refine((files) => files.every((f) => f.size <= MAX_DOCUMENT_BYTES), { message: 'Each file must be 5 MB or less.' });

export const verificationRequestSchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('school_email'),
    school_email: z
      .string()
      .trim()
      .min(1, 'Enter your school e-mail address.')
      .max(254, 'That address is too long.')
      .regex(SCHOOL_EMAIL, 'Use your school e-mail address: one ending in .edu, .edu.<country> or .ac.<country>.'),
  }),
  z.object({ method: z.literal('student_id'), files: documents }),
  z.object({ method: z.literal('registration'), files: documents }),
  z.object({
    method: z.literal('projects'),
    project_ids: z
      .array(z.string().uuid())
      .refine((ids) => new Set(ids).size === 3 && ids.length === 3, 'Choose exactly three projects.'),
  }),
]);
export type VerificationRequestValues = z.infer<typeof verificationRequestSchema>;
