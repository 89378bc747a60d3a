/**
 * Names compared by one stricter rule (modules/blacklist/identity.ts): NFKC,
 * case folding, look-alike letters of other scripts read as Latin ones,
 * titles (Thai and English) and punctuation dropped, and words compared in
 * any order.
 *
 * - Every stored name key (players.name_key, the blacklist's NAME entries) is
 *   made again by that rule: the data step (modules/blacklist/name-keys.ts,
 *   in TypeScript, where the rule lives) runs after this SQL, in the same
 *   transaction. Two blacklist entries that the rule makes one name keep the
 *   older; the later is removed, with an audit row.
 * - A self-excluded player's account number is refused at registration at
 *   every bank, so players are looked up by the number alone.
 */
export const nameKeysSchemaSql = /* sql */ `
-- Then the data step recomputeNameKeys (modules/blacklist/name-keys.ts) makes every name key again.
create index players_bank_number_idx on players (bank_number);
`;
