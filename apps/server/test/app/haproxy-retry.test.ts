import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/sandbox.ts';

/**
 * The app front's retry rule, with the real HAProxy and the shipped
 * deploy/haproxy/haproxy.cfg (its `defaults` and `backend app` text as they
 * are, only the servers and the server timeout replaced): a request that
 * reached an instance and got no answer is re-sent to the other only when it
 * is safe to (GET/HEAD/OPTIONS, or an Idempotency-Key).
 */

const SHIPPED = path.resolve(import.meta.dirname, '../../../../deploy/haproxy/haproxy.cfg');
const SERVER_TIMEOUT = '1s';

function haproxyBinary(): string {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy']) if (existsSync(candidate)) return candidate;
  try {
    return execFileSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('this test needs HAProxy: apt-get install haproxy');
  }
}

/** A section of the shipped configuration: its header line and its indented lines. */
function section(config: string, header: string): string {
  const lines = config.split('\n');
  const start = lines.findIndex((line) => line.trim() === header);
  if (start < 0) throw new Error(`no "${header}" section in ${SHIPPED}`);
  const body: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() !== '' && !/^\s/.test(line)) break;
    body.push(line);
  }
  return [header, ...body].join('\n');
}

/** The shipped defaults and app backend, in front of the given servers, on a loopback port. */
function testConfig(port: number, servers: { name: string; port: number; disabled?: boolean }[]): string {
  const shipped = readFileSync(SHIPPED, 'utf8');
  const defaults = section(shipped, 'defaults').replace(/timeout server \S+/, `timeout server ${SERVER_TIMEOUT}`);
  const backend = section(shipped, 'backend app')
    .split('\n')
    .filter((line) => !/^\s*server /.test(line))
    .concat(
      servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port}${server.disabled ? ' disabled' : ''}`),
    )
    .join('\n');
  expect(defaults).toMatch(/retry-on .*response-timeout/);
  expect(backend).toMatch(/disable-l7-retry/);
  return [
    'global',
    '  maxconn 256',
    defaults.replace(/^\s*log .*$/gm, '').replace(/^\s*option httplog$/m, ''),
    'frontend test',
    `  bind 127.0.0.1:${port}`,
    '  default_backend app',
    backend,
    '',
  ].join('\n');
}

type Behaviour = 'answer' | 'swallow' | 'close-empty';

/** A tiny HTTP server that records each request's id and answers, never answers, or closes without a word. */
function tinyServer(name: string, received: string[]) {
  let behaviour: Behaviour = 'answer';
  const server: Server = createServer((request, response) => {
    received.push(String(request.headers['x-test-id']));
    request.resume();
    request.on('end', () => {
      if (behaviour === 'answer') response.end(JSON.stringify({ from: name }));
      else if (behaviour === 'close-empty') request.socket.destroy();
      // swallow: never answers; HAProxy's server timeout ends it
    });
  });
  return {
    server,
    set: (next: Behaviour) => {
      behaviour = next;
    },
  };
}

async function listening(server: Server): Promise<number> {
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return port;
}

async function waitForPort(port: number, child: ChildProcess, errors: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${errors()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`haproxy did not listen within 10 s: ${errors()}`);
}

describe('the app front (deploy/haproxy/haproxy.cfg) re-sends a request that got no answer only when it is safe to', () => {
  const seenA: string[] = [];
  const seenB: string[] = [];
  const a = tinyServer('a', seenA);
  const b = tinyServer('b', seenB);
  let haproxy: ChildProcess;
  let front: number;
  let directory: string;
  let counter = 0;

  beforeAll(async () => {
    const binary = haproxyBinary();
    const [portA, portB] = [await listening(a.server), await listening(b.server)];
    front = await freePort();
    directory = mkdtempSync(path.join(tmpdir(), 'haproxy-retry-'));
    const file = path.join(directory, 'haproxy.cfg');
    writeFileSync(
      file,
      testConfig(front, [
        { name: 'a', port: portA },
        { name: 'b', port: portB },
      ]),
    );
    let stderr = '';
    haproxy = spawn(binary, ['-f', file, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
    haproxy.stderr?.on('data', (chunk) => {
      stderr += String(chunk);
    });
    await waitForPort(front, haproxy, () => stderr);
  });
  afterAll(async () => {
    haproxy?.kill('SIGTERM');
    await new Promise<void>((resolve) => a.server.close(() => resolve()));
    await new Promise<void>((resolve) => b.server.close(() => resolve()));
    a.server.closeAllConnections();
    b.server.closeAllConnections();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  /**
   * One request on a connection of its own (a reused client connection whose
   * server closed without a word is closed by HAProxy in turn, for the client
   * to decide; a fresh one gets HAProxy's 502).
   */
  function send(method: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
    const body = method === 'POST' ? JSON.stringify({ amount: 100 }) : '';
    return new Promise((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port: front,
          path: '/api/player/withdraw',
          method,
          agent: false,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk) => {
            text += String(chunk);
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  /**
   * Sends the request until one goes to `a` first (the round robin alternates),
   * and returns that one's answer and which servers got it.
   */
  async function landingOnA(method: string, headers: Record<string, string> = {}) {
    for (let attempt = 0; attempt < 4; attempt++) {
      counter += 1;
      const id = `r${counter}`;
      const response = await send(method, { 'x-test-id': id, ...headers });
      if (seenA.includes(id)) {
        return {
          status: response.status,
          body: response.body,
          a: seenA.filter((x) => x === id).length,
          b: seenB.filter((x) => x === id).length,
        };
      }
    }
    throw new Error('no request reached server a in four tries');
  }

  for (const behaviour of ['swallow', 'close-empty'] as const) {
    const how =
      behaviour === 'swallow' ? 'never answers (response timeout)' : 'closes without an answer (empty response)';

    it(`the first instance ${how}: a POST without Idempotency-Key is not re-sent, the client gets the balancer's error`, async () => {
      a.set(behaviour);
      const sent = await landingOnA('POST');
      expect(sent).toMatchObject({ a: 1, b: 0 });
      expect(sent.status).toBe(behaviour === 'swallow' ? 504 : 502);
    });

    it(`the first instance ${how}: a POST with an Idempotency-Key is re-sent to the other and answered`, async () => {
      a.set(behaviour);
      const sent = await landingOnA('POST', { 'idempotency-key': `key-${behaviour}` });
      expect(sent).toMatchObject({ status: 200, a: 1, b: 1 });
      expect(JSON.parse(sent.body)).toEqual({ from: 'b' });
    });

    it(`the first instance ${how}: a GET is re-sent to the other and answered`, async () => {
      a.set(behaviour);
      const sent = await landingOnA('GET');
      expect(sent).toMatchObject({ status: 200, a: 1, b: 1 });
    });
  }
});

describe('the app front (deploy/haproxy/haproxy.cfg) with no instance up', () => {
  let haproxy: ChildProcess;
  let front: number;
  let directory: string;

  beforeAll(async () => {
    front = await freePort();
    directory = mkdtempSync(path.join(tmpdir(), 'haproxy-down-'));
    const file = path.join(directory, 'haproxy.cfg');
    // Both instances out (as when both answer /ready 503 while a commit waits for a lost synchronous standby).
    writeFileSync(
      file,
      testConfig(front, [
        { name: 'a', port: await freePort(), disabled: true },
        { name: 'b', port: await freePort(), disabled: true },
      ]),
    );
    let stderr = '';
    haproxy = spawn(haproxyBinary(), ['-f', file, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
    haproxy.stderr?.on('data', (chunk) => {
      stderr += String(chunk);
    });
    await waitForPort(front, haproxy, () => stderr);
  });
  afterAll(() => {
    haproxy?.kill('SIGTERM');
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  it("a slip upload (a multipart body sent after its headers) gets the balancer's 503, not a broken connection", async () => {
    // Without option http-buffer-request HAProxy answers and closes as soon as it has the headers, and most
    // of these fail with EPIPE while the client is still sending the body.
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 40; attempt++) {
      const form = new FormData();
      form.set('amount', '100.00');
      form.set('slip', new Blob([new Uint8Array(4096)], { type: 'image/png' }), 'slip.png');
      try {
        const response = await fetch(`http://127.0.0.1:${front}/api/player/deposit`, {
          method: 'POST',
          body: form,
          headers: { 'idempotency-key': `slip-${attempt}-0000` },
        });
        await response.text();
        outcomes.push(String(response.status));
      } catch (error) {
        outcomes.push(`no answer (${String((error as { cause?: { code?: string } }).cause?.code ?? error)})`);
      }
    }
    expect(outcomes.filter((outcome) => outcome !== '503')).toEqual([]);
  });
});
