import { z } from 'zod';
import { useRefreshingMutation } from '@/hooks/use-refreshing-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { REPORT_REASON_LABELS, REPORT_REASON_VALUES, type ReportReason } from '@/lib/report-reasons';
import { supabase } from '@/lib/supabase';
import type { Enums } from '@/types/database';

export type ReportSubjectKind = Enums<'report_subject'>;

/** What is reported: a person (their user id), a piece, a message, a review or a project (docs/trust-and-safety.md). */
export type ReportSubject = { kind: ReportSubjectKind; id: string };

/** The reasons in the order the dialog lists them, with the words people read (the database's report_reason). */
export const REPORT_REASONS: readonly { value: ReportReason; label: string }[] = REPORT_REASON_VALUES.map((value) => ({
  value,
  label: REPORT_REASON_LABELS[value],
}));

/** A report: a reason from the list, and optional details of at most 1000 characters (reports_details_length). */
export const reportInputSchema = z.object({
  reason: z.enum(REPORT_REASON_VALUES, { error: 'Please choose a reason' }),
  details: z
    .string()
    .trim()
    .max(1000, 'Details must be at most 1000 characters')
    .transform((v) => (v === '' ? null : v)),
});

export type ReportInput = z.output<typeof reportInputSchema>;

/** Sent when a second open report by the same person on the same thing is refused (23505). */
export const ALREADY_REPORTED = 'You already reported this.';

/**
 * Files a report. The reporter is the signed-in user (the column's default, auth.uid()); the database checks the
 * subject exists and is visible to them, is not their own, and fills whose it is (docs/trust-and-safety.md).
 */
export async function createReport(subject: ReportSubject, input: ReportInput): Promise<void> {
  const { error } = await supabase.from('reports').insert({
    subject_kind: subject.kind,
    subject_id: subject.id,
    reason: input.reason,
    details: input.details,
  });
  if (error) throw error;
}

/** The sentence a refused report shows: the duplicate's own words, or the database's sentence. */
export function reportErrorMessage(error: Error & { code?: string }): string {
  if (error.code === '23505') return ALREADY_REPORTED;
  return error.message || 'Could not send the report';
}

export function useCreateReport(subject: ReportSubject, callbacks: MutationCallbacks<void, ReportInput> = {}) {
  return useRefreshingMutation({
    mutationFn: (input: ReportInput) => createReport(subject, input),
    // A report changes nothing the reporter sees (their own reports are not listed anywhere).
    refreshes: () => [],
    callbacks,
  });
}
