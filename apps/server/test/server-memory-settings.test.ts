import { describe, expect, it } from 'vitest';
import { lazyModule } from '../src/lib/lazy-module.ts';
import { SERVER_NODE_FLAGS, serverProcessEnv } from '../src/server-process.ts';

describe('issue 23, memory: the settings a server process is started with', () => {
  it('glibc hands large blocks back (MALLOC_MMAP_THRESHOLD_ 128 KiB) unless the operator set their own value', () => {
    expect(serverProcessEnv({})).toEqual({ MALLOC_MMAP_THRESHOLD_: '131072' });
    expect(serverProcessEnv({ MALLOC_MMAP_THRESHOLD_: '65536' })).toEqual({});
  });

  it('V8 keeps a young generation of 4 MiB semi-spaces', () => {
    expect(SERVER_NODE_FLAGS).toEqual(['--max-semi-space-size=4']);
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
