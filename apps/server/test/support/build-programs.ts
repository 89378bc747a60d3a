import { execFileSync } from 'node:child_process';
import path from 'node:path';

let built = false;

/**
 * Compiles the programs as `npm start` and `npm run ops` do (scripts/build-server.mjs: the server, the sandbox
 * provider, the launcher and the operator CLI into their dist/ folders, under a second), once per process: the
 * tests and the reliability runs that start a process start the one a site runs, never stale code.
 */
export function buildPrograms(): void {
  if (built) return;
  execFileSync(process.execPath, [
    path.resolve(import.meta.dirname, '..', '..', '..', '..', 'scripts', 'build-server.mjs'),
  ]);
  built = true;
}
