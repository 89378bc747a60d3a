import { CompiledQuery } from 'kysely';
import type pg from 'pg';
import { beforeAll, expect, it } from 'vitest';
import { type Recorded, replayOf, shapeOf } from '../../bench/instructions.ts';
import { type TestContext, testApp } from '../support/test-app.ts';

/**
 * `npm run bench -- --instructions` replays what the server sent, as text, in
 * a single-user backend (bench/instructions.ts). A replay that read a
 * parameter differently would count another statement's cost: each value
 * must come back as PostgreSQL read it from the parameter.
 */

let t: TestContext;
beforeAll(async () => {
  t = await testApp();
});

const TEXT =
  'select $1::text as a, $2::int as b, $3::timestamptz as c, $4::jsonb as d, $5::bytea as e, $6::bigint as f, $7::boolean as g, $8::text[] as h';
const VALUES = [
  "it's $1 and \\n",
  null,
  new Date(Date.UTC(2026, 11, 7, 1, 2, 3, 456)),
  { quote: "x'y", list: [1, 2] },
  Buffer.from([0, 255, 39]),
  12_345_678_901,
  true,
  ['a', "b'c", 'd,e'],
];

const recorded = (name?: string): Recorded => ({ name, text: TEXT, values: VALUES, failed: false });
const simpleQuery = (text: string) => (t.database.pool as unknown as pg.Pool).query(text);

it('a statement sent with parameters replays as text that PostgreSQL reads as the same values', async () => {
  const sent = await t.database.db.executeQuery(CompiledQuery.raw(TEXT, VALUES));
  const replay = replayOf({ statements: [recorded()], starts: [0] }, 1);
  const replayed = await simpleQuery(replay);
  expect(replayed.rows).toEqual(sent.rows);
});

it('a statement sent under a name is prepared once and executed with the same values', async () => {
  const sent = await t.database.db.executeQuery(CompiledQuery.raw(TEXT, VALUES));
  const replay = replayOf({ statements: [recorded('bench_named'), recorded('bench_named')], starts: [0, 1] }, 2);
  expect(replay.match(/PREPARE bench_named AS/g)).toHaveLength(1);
  expect(replay.match(/EXECUTE bench_named\(/g)).toHaveLength(2);
  const results = (await simpleQuery(`${replay}DEALLOCATE bench_named;`)) as unknown as pg.QueryResult[];
  expect(results[1]?.rows).toEqual(sent.rows);
  expect(results[2]?.rows).toEqual(sent.rows);
});

it('the shorter replay holds the first calls only; a blank line inside a statement does not end it', () => {
  const call = (text: string): Recorded => ({ name: undefined, text, values: [], failed: false });
  const recording = { statements: [call('select 1\n\n  + 1'), call('select 2'), call('select 3')], starts: [0, 1] };
  expect(replayOf(recording, 1)).toBe('select 1\n  + 1;\n\n');
  expect(replayOf(recording, 2)).toBe('select 1\n  + 1;\n\nselect 2;\n\nselect 3;\n\n');
  // The single-user backend is the superuser: the server's role comes first, as its connections take it.
  expect(replayOf(recording, 1, 'wallet_app')).toBe('SET ROLE wallet_app;\n\nselect 1\n  + 1;\n\n');
});

it('statements and transactions per call: a statement outside BEGIN … COMMIT is a transaction of its own', () => {
  const call = (text: string): Recorded => ({ name: undefined, text, values: [], failed: false });
  const statements = ['begin', 'select 1', 'commit', 'select 2', 'select 3', 'BEGIN', 'select 4', 'rollback'].map(call);
  expect(shapeOf({ statements, starts: [0, 3] })).toEqual({ statements: 4, transactions: 2 });
});
