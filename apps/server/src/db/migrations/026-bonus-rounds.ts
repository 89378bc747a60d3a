/**
 * A bonus's requirement is judged only on settled rounds.
 *
 * open_rounds holds each seamless round in which a player has an accepted
 * bet and whose result has not arrived yet: the bet opens it, the round's
 * result (a win, of nothing for a loss) or the rollback of its last bet
 * closes it. While a player has one, their promotion neither completes nor
 * ends below the balance floor (loyalty/sql/promotion_end.sql,
 * settle_claim), so the result of a bet placed under a requirement always
 * lands under it. A row is small and short-lived; it has no foreign key to
 * players (the bet's own row in seamless_transactions has), to keep a bet's
 * cost to its one extra index entry.
 *
 * seamless_win and seamless_rollback gain the loyalty defaults (they now
 * settle the requirement, whose floor is a loyalty setting), and
 * transfer_start the provider's in-game credit (stakes of bets not settled
 * yet), which our record of the provider credit now counts: money staked at
 * the provider is still the player's until the bet settles, so a bet in
 * flight there neither looks like a loss nor lets a requirement end. Their
 * old signatures are dropped; the module SQL files create the new ones.
 */
export const bonusRoundsSchemaSql = /* sql */ `
create table open_rounds (
  provider text not null,
  round_id text not null,
  player_id bigint not null,
  opened_at timestamptz not null default now(),
  primary key (provider, round_id, player_id)
);
create index open_rounds_player_idx on open_rounds (player_id, opened_at);
drop function if exists seamless_win(text, text, text, bigint, text, text);
drop function if exists seamless_rollback(text, text, text, text, text);
drop function if exists transfer_start(bigint, text, text, text, integer, bigint, bigint, bigint, jsonb);
`;
