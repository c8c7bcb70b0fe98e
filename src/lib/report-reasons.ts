import type { Enums } from '@/types/database';

export type ReportReason = Enums<'report_reason'>;

/**
 * The reasons a person picks when they report something, in the Report dialog's order, in the words people read
 * (the database's report_reason; docs/trust-and-safety.md). The dialog lists them and the console shows them.
 */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: 'Scam or fraud',
  offensive: 'Offensive',
  not_as_described: 'Not as described',
  prohibited: 'Prohibited item',
  spam: 'Spam',
  danger: 'Someone in danger',
  other: 'Other',
};

/** The reasons' values, for a zod enum. */
export const REPORT_REASON_VALUES = Object.keys(REPORT_REASON_LABELS) as [ReportReason, ...ReportReason[]];
