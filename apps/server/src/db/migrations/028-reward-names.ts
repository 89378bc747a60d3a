/**
 * A reward's name in each language players read.
 *
 * `rewards.name` stays the Thai name, which every reward has (the name a
 * reward had before is its Thai name, as the seeded ones are); `names` holds
 * the other languages an operator gave (en, cn, ls, mm, ko), each optional. A
 * player reads their language's name, else the English one, else the Thai.
 */
export const rewardNamesSchemaSql = /* sql */ `
alter table rewards add column names jsonb not null default '{}'::jsonb
  constraint rewards_names_object check (jsonb_typeof(names) = 'object');
`;
