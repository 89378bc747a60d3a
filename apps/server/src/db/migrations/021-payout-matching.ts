/**
 * Matching the payout account's statement lines to paid payouts at a flat
 * cost as payouts pile up (issue 23).
 *
 * match_bank_debits (payouts/sql/match_bank_debits.sql) matched from the
 * payouts' side: every PAID payout joined to the unmatched lines, so the
 * statement reader's full match cost grew with every payout ever paid (117 to
 * 176 ms at 200,000 paid payouts, on each statement page read). It now starts
 * from the unmatched lines, which are few (a line waits only until its
 * payout is PAID, and lines no payout accounts for are rare), and finds each
 * one's payout by its reference (payouts_reference_key) or, for a line
 * without our reference, by the bank's reference: this index.
 */
export const payoutMatchingSchemaSql = /* sql */ `
create index payouts_paid_bank_reference_idx on payouts (bank_reference) where status = 'PAID';
`;
