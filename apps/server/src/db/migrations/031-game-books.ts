/**
 * The games' own books, written only by the money functions, and their
 * references proven by the ledger check, as the ledger's are.
 *
 * A seamless callback's row (seamless_transactions), a counted bet
 * (turnover_bets), an open round (open_rounds) and a player's points
 * turnover (player_loyalty) are written by the seamless callbacks and by
 * count_bet and void_bet, nothing else: the application reads them. The
 * application's role may now only read them, like the ledger, the history
 * and the stored answers; count_bet and void_bet, which the reconciler calls
 * for transfer-wallet bets, run as their owner.
 *
 * With that, the foreign keys these rows carry to players and journals go:
 * each re-read the row it names, under a share lock, for every callback
 * (three on a seamless bet, two on a win or a rollback; about a tenth of a
 * callback's work in the database, docs/performance.md). Every one of those
 * functions names a player it has just found by its provider reference and
 * locked, and a journal it has just written. The ledger check (npm run
 * ledger:check, and after every bank and fault run) names any such row whose
 * player or journal is missing. Kept: a counted bet's claim
 * (turnover_bets → player_promotions), set only when a requirement is open.
 */
export const gameBooksSchemaSql = /* sql */ `
revoke insert, update, delete, truncate
  on seamless_transactions, turnover_bets, open_rounds, player_loyalty
  from wallet_app;

alter table seamless_transactions
  drop constraint seamless_transactions_player_id_fkey,
  drop constraint seamless_transactions_journal_entry_id_fkey;
alter table turnover_bets
  drop constraint turnover_bets_player_id_fkey;
alter table player_loyalty
  drop constraint player_loyalty_player_id_fkey;
`;
