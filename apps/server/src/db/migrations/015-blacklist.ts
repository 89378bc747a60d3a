/**
 * The blacklist (issue 21): bank account numbers, phone numbers and names an
 * admin has barred. `value` is what the admin typed; `normalised` is what is
 * compared (src/modules/blacklist/identity.ts): digits only for numbers, and
 * for names no title (นาย, นาง, นางสาว…), spaces, dots, case or zero-width
 * characters. One entry per kind and normalised value. Changes are audited.
 */
export const blacklistSchemaSql = /* sql */ `
create table blacklist (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('BANK_ACCOUNT', 'PHONE', 'NAME')),
  value text not null,
  normalised text not null check (normalised <> ''),
  note text,
  created_by text not null,
  created_at timestamptz not null default now(),
  constraint blacklist_kind_normalised_key unique (kind, normalised)
);
`;
