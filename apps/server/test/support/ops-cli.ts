import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildPrograms } from './build-programs.ts';

const serverRoot = path.resolve(import.meta.dirname, '..', '..');
/**
 * Runs the operator CLI as `npm run ops -- <args>` does: compiled first (buildPrograms, once per
 * test process), then `node dist/ops.js`, from the server's folder, with the environment given.
 */
export function runOps(args: string[], options: { env: NodeJS.ProcessEnv; timeout: number }) {
  buildPrograms();
  return promisify(execFile)(process.execPath, ['dist/ops.js', ...args], { cwd: serverRoot, ...options });
}
