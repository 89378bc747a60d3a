import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { moduleSql } from '../../src/db/module-sql.ts';
import { testApp } from '../support/test-app.ts';

/**
 * On the embedded store the server's tests run only where the store itself makes a difference (vitest.config.ts,
 * STORE_TESTS); everything else runs on PostgreSQL. The money rules' SQL functions are the code that runs on
 * both, so the embedded run must call each of them at least once: this file runs last in that run (the
 * sequencer in vitest.config.ts) and reads PostgreSQL's own count of calls (track_functions, set on the test's
 * embedded database) for every function the module SQL files create.
 */
const census = process.env.SQL_FUNCTION_CENSUS === '1' && process.env.TEST_DB !== 'postgres';

/** The functions the module SQL files create (`create or replace function name(`). */
function moduleFunctions(): string[] {
  const names = new Set<string>();
  for (const { sql: text } of moduleSql()) {
    for (const match of text.matchAll(
      /create\s+(?:or\s+replace\s+)?function\s+(?:public\.)?([a-z_][a-z0-9_]*)\s*\(/gi,
    )) {
      names.add((match[1] ?? '').toLowerCase());
    }
  }
  return [...names].sort();
}

describe.runIf(census)('every money rule in SQL runs on the embedded store', () => {
  it('each function of the module SQL files was called at least once by the embedded run', async () => {
    const { database } = await testApp();
    const functions = moduleFunctions();
    expect(functions.length).toBeGreaterThan(40);
    await sql`select pg_stat_force_next_flush()`.execute(database.db);
    await sql`select 1`.execute(database.db);
    await sql`select pg_stat_clear_snapshot()`.execute(database.db);
    const { rows } = await sql<{ name: string; language: string; calls: number }>`
      select p.proname as name, l.lanname as language, coalesce(s.calls, 0)::int as calls
        from pg_proc p
        join pg_namespace n on n.oid = p.pronamespace and n.nspname = current_schema()
        join pg_language l on l.oid = p.prolang
        left join pg_stat_user_functions s on s.funcid = p.oid`.execute(database.db);
    // PostgreSQL counts the calls of plpgsql functions; a `language sql` function whose body is a bare
    // expression is inlined into its caller and never counted as called: its callers' calls run it.
    const counted = new Set(rows.filter((row) => row.language === 'plpgsql').map((row) => row.name));
    const called = new Set(rows.filter((row) => row.calls > 0).map((row) => row.name));
    expect(counted.size).toBeGreaterThan(30);
    const uncalled = functions.filter((name) => counted.has(name) && !called.has(name));
    expect(uncalled, 'module SQL functions no embedded test called').toEqual([]);
  });
});
