import { execFile, execFileSync } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const serverRoot = path.resolve(import.meta.dirname, '..', '..');
let built = false;

/**
 * Runs the operator CLI as `npm run ops -- <args>` does: compiled first (scripts/build-server.mjs, once per
 * test process), then `node dist/ops.js`, from the server's folder, with the environment given.
 */
export function runOps(args: string[], options: { env: NodeJS.ProcessEnv; timeout: number }) {
  if (!built) {
    execFileSync(process.execPath, [path.resolve(serverRoot, '..', '..', 'scripts', 'build-server.mjs')]);
    built = true;
  }
  return promisify(execFile)(process.execPath, ['dist/ops.js', ...args], { cwd: serverRoot, ...options });
}
