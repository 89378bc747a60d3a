import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPglite } from '../../src/db/database.ts';
import { seedReferenceData } from '../../src/db/seed.ts';
import { migrate } from '../../src/migrations.ts';

/**
 * For runs that start the test database many times (mutation testing: every
 * mutant run is a fresh worker): migrates and seeds one embedded database
 * once, and gives the tests its files, from which testApp() starts an
 * in-memory copy in well under a second instead of running initdb and the
 * migrations again.
 */
export default async function setup(project: TestProject) {
  const database = await openPglite('memory');
  await migrate(database.db);
  await seedReferenceData(database.db);
  const dump = await database.dumpDataDir?.();
  await database.close();
  if (!dump) return;
  const directory = mkdtempSync(path.join(tmpdir(), 'siam-play-pglite-'));
  const file = path.join(directory, 'migrated.tar');
  writeFileSync(file, new Uint8Array(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => rmSync(directory, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The files of a migrated, seeded embedded database (see pglite-snapshot-setup.ts). */
    pgliteSnapshot: string;
  }
}
