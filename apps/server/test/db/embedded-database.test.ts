import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { DataDirLockedError, openPglite } from '../../src/db/database.ts';
import { seedReferenceData } from '../../src/db/seed.ts';
import { migrate } from '../../src/migrations.ts';
import { testConfig } from '../support/test-app.ts';

/** These run on PGlite on disk whatever the project: they are about the embedded store itself. */
describe('the embedded database (PGlite in DATA_DIR)', () => {
  it('keeps players across a restart and holds an exclusive lock while open', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'pglite-'));
    const config = testConfig({ DATA_DIR: dataDir });
    const credentials = { username: '0611111111', password: 'password123' };

    const first = await openPglite({ dataDir });
    await migrate(first.db);
    await seedReferenceData(first.db);
    // A second process on the same directory gets a clear error, not silent data loss.
    await expect(openPglite({ dataDir, lockWaitMs: 0 })).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(openPglite({ dataDir, lockWaitMs: 0 })).rejects.toThrow(/in use by another server process/);

    const app = await buildApp({ db: first.db, config, logger: false });
    const registered = await app.inject({
      method: 'POST',
      url: '/register',
      payload: {
        agentId: 1,
        fullName: 'Restart Test',
        bankNumber: '5555555555',
        bankCode: 'BBL',
        phoneNumber: credentials.username,
        password: credentials.password,
      },
    });
    expect(registered.statusCode).toBe(200);
    await app.close();
    await first.close();

    const second = await openPglite({ dataDir, lockWaitMs: 0 });
    expect(await migrate(second.db)).toEqual([]);
    const again = await buildApp({ db: second.db, config, logger: false });
    const login = await again.inject({ method: 'POST', url: '/login', payload: credentials });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user.fullName).toBe('Restart Test');
    await again.close();
    await second.close();
  });
});
