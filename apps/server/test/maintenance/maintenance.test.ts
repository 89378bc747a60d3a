import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { pruneExpired } from '../../src/modules/maintenance/maintenance.service.ts';
import { newPlayer, playerIdOf, type TestContext, testApp } from '../support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await testApp();
});

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);

describe('background pruning', () => {
  it('deletes sessions expired or revoked more than a week ago and idempotency keys older than a week; keeps the rest', async () => {
    const player = await newPlayer(t.app);
    const playerId = await playerIdOf(t.database.db, player.phoneNumber);
    const old = { expired: randomUUID(), revoked: randomUUID(), recent: randomUUID() };
    await t.database.db
      .insertInto('sessions')
      .values([
        { id: old.expired, player_id: playerId, expires_at: daysAgo(8) },
        { id: old.revoked, player_id: playerId, expires_at: daysAgo(-1), revoked_at: daysAgo(9) },
        { id: old.recent, player_id: playerId, expires_at: daysAgo(2) },
      ])
      .execute();
    const scope = `test:prune:${randomUUID()}`;
    await t.database.db
      .insertInto('idempotency_keys')
      .values([
        { scope, key: 'old-key-1', fingerprint: 'f', status_code: 200, response: 'null', created_at: daysAgo(8) },
        { scope, key: 'new-key-1', fingerprint: 'f', status_code: 200, response: 'null', created_at: daysAgo(1) },
      ])
      .execute();

    const pruned = await pruneExpired(t.database.db);
    expect(pruned.sessions).toBeGreaterThanOrEqual(2);
    expect(pruned.idempotencyKeys).toBeGreaterThanOrEqual(1);

    const sessions = await t.database.db
      .selectFrom('sessions')
      .select('id')
      .where('id', 'in', Object.values(old))
      .execute();
    expect(sessions.map((row) => row.id)).toEqual([old.recent]);
    const keys = await t.database.db.selectFrom('idempotency_keys').select('key').where('scope', '=', scope).execute();
    expect(keys.map((row) => row.key)).toEqual(['new-key-1']);
    // The player's own login session is young and stays usable.
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/get-profile',
      headers: { authorization: `Bearer ${player.token}` },
    });
    expect(profile.statusCode).toBe(200);
  });
});
