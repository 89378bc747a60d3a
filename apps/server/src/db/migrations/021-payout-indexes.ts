/**
 * Payouts at a flat cost as they pile up (issue 23).
 *
 * - match_bank_debits (payouts/sql/match_bank_debits.sql) matched from the
 *   payouts' side: every PAID payout joined to the unmatched lines, so the
 *   statement reader's full match cost grew with every payout ever paid (117
 *   to 176 ms at 200,000 paid payouts, on each statement page read). It now
 *   starts from the unmatched lines, which are few (a line waits only until
 *   its payout is PAID, and lines no payout accounts for are rare), and finds
 *   each one's payout by its reference (payouts_reference_key) or, for a line
 *   without our reference, by the bank's reference: the first index.
 * - create_payout counts a withdrawal's earlier payouts for the next
 *   reference, and the queue and the saga find a withdrawal's payouts, by
 *   history_id, which only a partial index (live payouts) held: each read
 *   every payout (183 ms at 200,000), on every approval. The second index.
 */
export const payoutIndexesSchemaSql = /* sql */ `
create index payouts_paid_bank_reference_idx on payouts (bank_reference) where status = 'PAID';
create index payouts_history_idx on payouts (history_id);
`;
