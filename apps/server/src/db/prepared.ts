/**
 * Named prepared statements for the hottest reads. A query
 * sent without a name is planned anew each time: for the balance read the
 * planning took as long as the execution (0.07 ms each on a warm connection),
 * for a history page about a third of the database's time. A statement
 * registered here is sent under its name: each PostgreSQL connection parses
 * it once, and after five runs PostgreSQL may keep one generic plan for it
 * (plan_cache_mode auto). Only fixed texts led by plain key lookups are
 * registered (the balance, a history page, a withdrawal's risk facts: every
 * part of it reads by the entry's or the player's key; a bank-feed delivery's
 * lookups of its transfer and the player's slips, by reference or player, and
 * its one read of what it decides on about the player), so
 * that a generic plan is as good as a custom one; everything else stays
 * unnamed.
 *
 * Named statements live on the connection, so they need a direct connection
 * or HAProxy in TCP mode, as deploy/ runs it; a PgBouncer in transaction mode
 * needs 1.21 or later with max_prepared_statements set.
 */
import type { CompiledQuery, QueryResult } from 'kysely';

/** Each registered text's name, and each name's text. */
const names = new Map<string, string>();
const texts = new Map<string, string>();

/** Registers `text` under `name` (unique) and returns the text, to be sent as any other query's. */
export function preparedStatement(name: string, text: string): string {
  const taken = texts.get(name);
  if (taken !== undefined && taken !== text) throw new Error(`prepared statement name ${name} is taken`);
  names.set(text, name);
  texts.set(name, text);
  return text;
}

/** The name a query's text was registered under, if any. */
export function preparedNameOf(text: unknown): string | undefined {
  return typeof text === 'string' ? names.get(text) : undefined;
}

/**
 * The first row of a query built with Kysely, sent under `name`: its text is
 * registered when it first runs (a builder of one shape compiles to one text
 * every time; another text under the name is refused as above).
 */
export async function firstRowPrepared<R>(
  db: { executeQuery<O>(query: CompiledQuery<O>): Promise<QueryResult<O>> },
  name: string,
  query: { compile(): CompiledQuery<R> },
): Promise<R | undefined> {
  const compiled = query.compile();
  preparedStatement(name, compiled.sql);
  const { rows } = await db.executeQuery(compiled);
  return rows[0];
}
