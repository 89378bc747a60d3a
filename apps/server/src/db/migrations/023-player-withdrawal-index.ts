/**
 * A player's withdrawals found by their own index (issue 23).
 *
 * Each withdrawal sums the player's withdrawals of the Bangkok day for the
 * daily cap (request_withdrawal), and its risk verdict (payouts/risk.ts) reads
 * the same day's total, the last paid withdrawal and the deposits since. The
 * only index that started from the player was (player_id, created_at): every
 * row of the player's day of any kind was read from the table and filtered by
 * type and status. On the bench's withdraw run (16 connections, 50 players) the
 * day's sum took 0.66 ms and the risk facts 0.88 ms of PostgreSQL's time per
 * withdrawal, more than the ledger's posting. With type and status in the key
 * each reads only the rows it counts.
 */
export const playerWithdrawalIndexSchemaSql = /* sql */ `
create index history_player_type_status_created_idx on history (player_id, type, status, created_at desc);
`;
