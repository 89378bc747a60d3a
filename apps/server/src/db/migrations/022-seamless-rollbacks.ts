/**
 * A seamless win or rollback at a flat cost as bets pile up (issue 23).
 *
 * A win asks whether its round's bet was rolled back, and a rollback whether
 * its bet was rolled back already (games/sql/seamless.sql): both look for a
 * ROLLBACK row by the bet's transaction id, which no index held, so each read
 * every seamless transaction ever recorded (90 ms at 404,000 rows, growing
 * with every bet). With this index each is one lookup (0.1 to 0.2 ms).
 */
export const seamlessRollbacksSchemaSql = /* sql */ `
create index seamless_transactions_rollback_idx on seamless_transactions (provider, bet_txn_id) where kind = 'ROLLBACK';
`;
