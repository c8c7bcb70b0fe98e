import type { Database } from '@/types/database';

export type ReportSubject = Database['public']['Enums']['report_subject'];
export type ReportReason = Database['public']['Enums']['report_reason'];

/** The reasons as the Report dialog words them (docs/trust-and-safety.md). */
export const reasonLabels: Record<ReportReason, string> = {
  scam: 'Scam or fraud',
  offensive: 'Offensive',
  not_as_described: 'Not as described',
  prohibited: 'Prohibited item',
  spam: 'Spam',
  danger: 'Someone in danger',
  other: 'Other',
};

/** What was reported, in the product's words (docs/glossary.md). */
export const subjectLabels: Record<ReportSubject, string> = {
  person: 'Person',
  piece: 'Piece',
  project_message: 'Project message',
  piece_message: 'Message about a piece',
  review: 'Review',
  project: 'Project',
};

export const subjectKinds = Object.keys(subjectLabels) as ReportSubject[];

export function isReportSubject(value: string): value is ReportSubject {
  return (subjectKinds as string[]).includes(value);
}

/** The audit log's verbs, one per moderation_actions.action. */
export const actionLabels: Record<string, string> = {
  dismiss: 'Dismissed the reports',
  hide: 'Hid',
  restore: 'Restored',
  warn: 'Warned',
  suspend: 'Suspended',
  reinstate: 'Reinstated',
  approve_verification: 'Approved verification',
  refuse_verification: 'Refused verification',
};

export function actionLabel(action: string): string {
  return actionLabels[action] ?? action;
}

/** A report's state as the console says it. */
export const reportStatusLabels: Record<string, string> = {
  open: 'Open',
  dismissed: 'Dismissed',
  actioned: 'Acted on',
};
