import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, sleep } from './cluster.ts';

/** One HAProxy process with its statistics page, which says which backend servers it sends traffic to. */
export type Balancer = {
  url: string;
  port: number;
  /** Each backend server's state as HAProxy sees it ("UP", "DOWN", ...), by server name. */
  states: () => Promise<Map<string, string>>;
  stop: () => Promise<void>;
};

/**
 * HAProxy in front of the server processes, as deploy/haproxy/haproxy.cfg puts
 * it, on plain HTTP: the same health check and the same retry rule (a request
 * that changes something is re-sent to the other instance only when it carries
 * an Idempotency-Key, so the server answers a second copy with the first one's
 * result).
 */
export async function startAppFront(backends: string[], port: number): Promise<Balancer> {
  return startHaproxy(
    port,
    [
      'defaults',
      '  mode http',
      // As deploy/'s: the body is read before the request is routed, so that while no instance is up the
      // client gets the balancer's 503 rather than a connection closed under its multipart upload (EPIPE).
      '  option http-buffer-request',
      '  option redispatch',
      '  retries 2',
      '  retry-on conn-failure empty-response response-timeout',
      '  timeout connect 2s',
      '  timeout client 30s',
      '  timeout server 20s',
      'frontend app',
      `  bind 127.0.0.1:${port}`,
      '  http-request disable-l7-retry if !{ method GET HEAD OPTIONS } !{ req.hdr(idempotency-key) -m found }',
      '  default_backend servers',
      'backend servers',
      '  balance roundrobin',
      '  option httpchk GET /ready',
      '  http-check expect status 200',
      '  default-server inter 500ms fall 2 rise 2',
      ...backends.map((backend, index) => `  server app${index + 1} ${backend} check`),
    ],
    async (url) => (await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) })).ok,
  );
}

/**
 * HAProxy in TCP mode in front of the PostgreSQL members, routing by role: a
 * member gets connections only while its Patroni answers 200 on /primary, and
 * every session on a member marked down is cut (so none stays on a demoted leader).
 */
export async function startDatabaseFront(
  members: { name: string; pgPort: number; restPort: number }[],
  port: number,
): Promise<Balancer> {
  return startHaproxy(
    port,
    [
      'defaults',
      '  mode tcp',
      '  timeout connect 2s',
      '  timeout client 30m',
      '  timeout server 30m',
      '  timeout check 2s',
      'listen primary',
      `  bind 127.0.0.1:${port}`,
      '  option httpchk GET /primary',
      '  http-check expect status 200',
      '  default-server inter 1s fall 2 rise 2 on-marked-down shutdown-sessions',
      ...members.map((member) => `  server ${member.name} 127.0.0.1:${member.pgPort} check port ${member.restPort}`),
    ],
    async () => true,
  );
}

async function startHaproxy(port: number, body: string[], ready: (url: string) => Promise<boolean>): Promise<Balancer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'failover-haproxy-'));
  const config = path.join(dir, 'haproxy.cfg');
  const statsPort = await freePort();
  writeFileSync(
    config,
    [
      'global',
      '  maxconn 2000',
      ...body,
      'listen stats',
      '  mode http',
      `  bind 127.0.0.1:${statsPort}`,
      '  timeout client 5s',
      '  timeout server 5s',
      '  timeout connect 2s',
      '  stats enable',
      '  stats uri /stats',
      '',
    ].join('\n'),
  );
  const haproxy = existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy';
  const child: ChildProcess = spawn(haproxy, ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  const failed = new Promise<never>((_, reject) => {
    child.once('error', (error) =>
      reject(new Error(`test:failover needs HAProxy (apt-get install haproxy): ${error.message}`)),
    );
    child.once('exit', (code) => reject(new Error(`haproxy stopped (${code}): ${errors}`)));
  });
  failed.catch(() => undefined);
  const url = `http://127.0.0.1:${port}`;
  const statsUrl = `http://127.0.0.1:${statsPort}/stats;csv`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    const up = await Promise.race([
      fetch(statsUrl, { signal: AbortSignal.timeout(1000) }).then(
        async (response) => response.ok && (await ready(url).catch(() => false)),
        () => false,
      ),
      failed,
    ]);
    if (up) break;
    if (Date.now() > deadline) throw new Error(`haproxy did not pass requests within 15 s: ${errors}`);
    await sleep(200);
  }
  return {
    url,
    port,
    states: async () => {
      const csv = await (await fetch(statsUrl, { signal: AbortSignal.timeout(2000) })).text();
      const states = new Map<string, string>();
      for (const line of csv.split('\n').slice(1)) {
        const [, server, ...rest] = line.split(',');
        if (!server || server === 'FRONTEND' || server === 'BACKEND') continue;
        states.set(server, rest[15] ?? '');
      }
      return states;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(3000)]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
