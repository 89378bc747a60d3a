/**
 * A manual credit marked as a deposit (issue 19): money the player paid
 * outside the bank feed and the slips (cash at a counter, a transfer the feed
 * missed and an operator credits by hand) earns points and starts the
 * player's pending promotion, as a deposit does. The entry stays a
 * MANUAL_DEPOSIT (the money comes from the house cash account, not the bank
 * deposits account); the flag says it counts as a deposit, so a first-deposit
 * promotion sees it. A credit waiting for a second admin keeps the flag until
 * it is approved.
 *
 * The check is NOT VALID: every existing row takes the default (false) and
 * satisfies it, so there is nothing to scan on a large history table; new
 * rows are checked.
 */
export const manualDepositsSchemaSql = /* sql */ `
alter table history add column as_deposit boolean not null default false;
alter table history add constraint history_as_deposit_manual
  check (not as_deposit or type = 'MANUAL_DEPOSIT') not valid;
alter table credit_requests add column as_deposit boolean not null default false;
`;
