/**
 * The money functions move to .sql files beside the modules that own them
 * (db/module-sql.ts lists them; the migrator applies each file whose text is
 * new or changed, after the versioned migrations, all with create or replace).
 *
 * This migration only removes what the files do not replace: setting_satang
 * now takes the caller's default (setting_satang(code, default)), so the
 * one-argument version goes. Every function player_withdraw needs comes from
 * the files, so a database migrated at the first text of migration 005
 * (which had no player_withdraw; it was added to 005 after 005 shipped) gets
 * it too.
 */
export const moduleSqlSchemaSql = /* sql */ `
drop function if exists setting_satang(text);
`;
