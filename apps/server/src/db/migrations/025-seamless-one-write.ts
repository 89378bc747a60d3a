/**
 * A seamless call's row written once (issue 23).
 *
 * Until now a seamless callback claimed its provider transaction id by
 * inserting its row with an empty answer, then updated the row with the answer
 * and the journal: two row writes per call. The claim is now an advisory lock
 * on the id (sql/seamless.sql, seamless_lock), and the row is inserted once,
 * with its answer, when the call ends. The old claim and store functions
 * (other arguments) are dropped; the module SQL file creates the new ones.
 *
 * The (player_id, created_at) index of seamless_transactions is dropped too:
 * no query reads a player's seamless rows by it (the win's and the rollback's
 * lookups have their own indexes, test/index-use.test.ts), so it only cost
 * every callback one more index entry to write.
 */
export const seamlessOneWriteSchemaSql = /* sql */ `
drop function if exists seamless_claim(text, text, text, bigint, bigint, text, text, text);
drop function if exists seamless_store(text, text, jsonb, bigint);
drop index if exists seamless_transactions_player_idx;
`;
