/** What a receipt says the money was (a customer's receipts are charges and refunds). */
export function paymentKindLabel(kind: string): string {
  return kind === 'charge' ? 'Payment' : kind === 'refund' ? 'Refund' : 'Payout to the designer';
}
