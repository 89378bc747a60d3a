import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { lazyModule } from '../../src/lib/lazy-module.ts';
import {
  hashesAtOnce,
  hashPassword,
  passwordWork,
  usePasswordCost,
  verifyPassword,
} from '../../src/modules/auth/password.ts';
import { SERVER_NODE_FLAGS, serverProcessEnv } from '../../src/server-process.ts';

describe('resident memory: the settings a server process is started with', () => {
  it('glibc hands large blocks back (MALLOC_MMAP_THRESHOLD_ 128 KiB) unless the operator set their own value', () => {
    expect(serverProcessEnv({})).toEqual({ MALLOC_MMAP_THRESHOLD_: '131072' });
    expect(serverProcessEnv({ MALLOC_MMAP_THRESHOLD_: '65536' })).toEqual({});
  });

  it('V8 keeps a young generation of 4 MiB semi-spaces and lets the old one grow by half of what is live', () => {
    expect(SERVER_NODE_FLAGS).toEqual(['--max-semi-space-size=4', '--heap-growing-percent=50']);
    // This Node accepts both: an unknown V8 flag stops node with "bad option" before any script runs.
    const started = execFileSync(process.execPath, [...SERVER_NODE_FLAGS, '-p', 'JSON.stringify(process.execArgv)'], {
      encoding: 'utf8',
    });
    expect(JSON.parse(started).slice(0, SERVER_NODE_FLAGS.length)).toEqual(SERVER_NODE_FLAGS);
    expect(() => execFileSync(process.execPath, ['--heap-growing-percentage=50', '-e', ''], { stdio: 'pipe' })).toThrow(
      /bad option/,
    );
  });

  it("password hashes run as many at once as the cores, always leaving one of libuv's threads free", () => {
    expect(hashesAtOnce(2, {})).toBe(2);
    expect(hashesAtOnce(8, {})).toBe(3);
    expect(hashesAtOnce(8, { UV_THREADPOOL_SIZE: '16' })).toBe(8);
    expect(hashesAtOnce(1, {})).toBe(1);
    expect(hashesAtOnce(4, { UV_THREADPOOL_SIZE: '1' })).toBe(1);
    expect(hashesAtOnce(4, { UV_THREADPOOL_SIZE: 'many' })).toBe(3);
  });

  it('a burst of logins never hashes more than that at once: the rest wait, and every one still verifies', async () => {
    usePasswordCost('test');
    const limit = hashesAtOnce();
    const burst = 4 * limit + 1;
    let highestRunning = 0;
    let highestWaiting = 0;
    let settled = false;
    const watched = Promise.all(
      Array.from({ length: burst }, (_, index) =>
        hashPassword(`password ${index}`).then((hash) => verifyPassword(hash, `password ${index}`)),
      ),
    ).finally(() => {
      settled = true;
    });
    while (!settled) {
      const now = passwordWork();
      highestRunning = Math.max(highestRunning, now.running);
      highestWaiting = Math.max(highestWaiting, now.waiting);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await watched).toEqual(Array(burst).fill(true));
    expect(highestRunning).toBe(limit);
    expect(highestWaiting).toBeGreaterThanOrEqual(burst - limit - limit);
    expect(passwordWork()).toEqual({ running: 0, waiting: 0 });
  });

  it('a lazy module is loaded on first use, once, however many ask at the same time', async () => {
    let loads = 0;
    const load = lazyModule(async () => {
      loads += 1;
      return { value: 42 };
    });
    expect(loads).toBe(0);
    const [first, second] = await Promise.all([load(), load()]);
    expect(first).toBe(second);
    expect(await load()).toEqual({ value: 42 });
    expect(loads).toBe(1);
  });
});
