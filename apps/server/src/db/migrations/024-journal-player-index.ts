/**
 * One index of a player's journals, not two (issue 23).
 *
 * Migration 001 indexed journal_entries by (player_id); migration 017 added
 * (player_id, created_at) for a player's losses since a time. The second
 * serves every lookup the first did (its leading column is the player), so the
 * first only cost every journal of every money call one more index entry to
 * write. Each player's-journals lookup (player_loss_since, the protection
 * statement) reads the (player_id, created_at) index (test/index-use.test.ts).
 */
export const journalPlayerIndexSchemaSql = /* sql */ `
drop index if exists journal_entries_player_id_idx;
`;
