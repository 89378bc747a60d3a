import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { MODULE_SQL_FILES } from '../../src/db/module-sql.ts';
import { createMetrics } from '../../src/modules/metrics/metrics.ts';
import { SERVER_NODE_FLAGS, serverProcessEnv } from '../../src/server-process.ts';
import { testApp } from '../support/test-app.ts';

/**
 * The deployment files (deploy/) are checked by reading them, so
 * that they hold even where no container runtime exists to build and run
 * them: the services and their health checks, the image's stages and user,
 * the balancer's readiness check, and that every series the alerts and the
 * dashboard read is one the server exposes.
 */

const repo = path.resolve(import.meta.dirname, '..', '..', '..', '..');
const read = (file: string) => readFileSync(path.join(repo, file), 'utf8');

type Service = {
  image?: string;
  build?: { context: string; dockerfile?: string };
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }> | string[];
  stop_grace_period?: string;
  volumes?: string[];
  entrypoint?: string[];
  command?: string[] | string;
  restart?: string;
  user?: string;
};
const compose = parse(read('deploy/compose.yaml'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};

/** The lines of a Dockerfile that are instructions (no comments, no blank lines). */
const instructions = (file: string) =>
  read(file)
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'));
/** The Dockerfile a service is built from, relative to the repository. */
const dockerfileOf = (service: Service) =>
  service.build ? path.join('deploy', service.build.context, service.build.dockerfile ?? 'Dockerfile') : undefined;

const PATRONI_MEMBERS = ['pg1', 'pg2', 'pg3'];
const ETCD_MEMBERS = ['etcd1', 'etcd2', 'etcd3'];

describe('the compose file of the production topology', () => {
  it('has two app instances, the balancer, three Patroni members, three etcd members, the PostgreSQL HAProxy and Prometheus, each with a health check', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['app1', 'app2', 'proxy', ...PATRONI_MEMBERS, ...ETCD_MEMBERS, 'pg-proxy', 'prometheus'].sort(),
    );
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.healthcheck?.test.length, `${name} has a health check`).toBeGreaterThan(0);
    }
    for (const app of ['app1', 'app2']) {
      const service = compose.services[app];
      expect(service?.build).toEqual({ context: '..', dockerfile: 'deploy/Dockerfile' });
      expect(service?.healthcheck?.test.join(' ')).toContain('/ready');
      expect(service?.depends_on).toEqual({ 'pg-proxy': { condition: 'service_healthy' } });
    }
  });

  it('takes every secret from the environment file, never from itself; trusts the proxy; stops after draining', () => {
    for (const app of ['app1', 'app2']) {
      const env = compose.services[app]?.environment ?? {};
      for (const secret of [
        'TOKEN_SECRET',
        'PROVIDER_SECRET',
        'BANK_WEBHOOK_SECRET',
        'BACKUP_SIGNING_KEY',
        'METRICS_TOKEN',
      ]) {
        expect(env[secret], `${app} ${secret}`).toMatch(/^\$\{[A-Z_]+:\?[^}]+\}$/);
      }
      expect(env.TRUST_PROXY).toBe('true');
      const drainS = Number(env.SHUTDOWN_DRAIN_MS) / 1000;
      const graceS = Number.parseInt(compose.services[app]?.stop_grace_period ?? '10s', 10);
      // The runtime's stop grace covers the drain and the 10 s the server gives requests in flight.
      expect(graceS).toBeGreaterThanOrEqual(drainS + 10);
    }
    // Every password, token and key any service gets is a reference to the environment file.
    for (const [name, service] of Object.entries(compose.services)) {
      for (const [variable, value] of Object.entries(service.environment ?? {})) {
        if (/(SECRET|PASSWORD|TOKEN|KEY)$/.test(variable)) {
          expect(value, `${name} ${variable}`).toMatch(/^\$\{[A-Z_]+:\?[^}]+\}$/);
        }
        const password = /^postgres:\/\/[^:]+:([^@]+)@/.exec(value)?.[1];
        if (password !== undefined) expect(password, `${name} ${variable}`).toMatch(/^\$\{[A-Z_]+:\?[^}]+\}$/);
      }
    }
    const example = read('deploy/env.example');
    const given = new Set(example.split('\n').map((line) => /^([A-Z_]+)=/.exec(line)?.[1]));
    for (const line of example.split('\n').filter((row) => /^[A-Z_]+(SECRET|PASSWORD|TOKEN|KEY)=/.test(row))) {
      expect(line, 'the example leaves secrets empty').toMatch(/=$/);
    }
    // Every variable the compose file requires is one the example names.
    for (const [, variable] of read('deploy/compose.yaml').matchAll(/\$\{([A-Z_]+):\?/g)) {
      expect(given.has(variable), `deploy/env.example names ${variable}`).toBe(true);
    }
    expect(read('.gitignore').split('\n')).toContain('.env');
  });

  it('mounts files that exist, and declares every named volume it mounts', () => {
    for (const service of Object.values(compose.services)) {
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0] ?? '';
        if (source.startsWith('./')) expect(existsSync(path.join(repo, 'deploy', source)), source).toBe(true);
        else if (/^[a-z0-9-]+$/.test(source)) expect(Object.keys(compose.volumes), source).toContain(source);
      }
    }
  });

  it('runs every service as an unprivileged user: compose’s user, else the last USER of the Dockerfile it is built from', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      const dockerfile = dockerfileOf(service);
      const user =
        service.user ??
        (dockerfile
          ? instructions(dockerfile)
              .filter((line) => line.startsWith('USER '))
              .at(-1)
              ?.slice(5)
              .trim()
          : undefined);
      expect(user, `${name} names its user`).toBeDefined();
      expect(user, `${name} runs as ${user}`).not.toMatch(/^(root|0)(:|$)/);
    }
  });

  it('the apps reach PostgreSQL only through the PostgreSQL HAProxy: the leader on :5000, backups a replica on :5001', () => {
    for (const app of ['app1', 'app2']) {
      const env = compose.services[app]?.environment ?? {};
      // One host, the proxy: never a list of members, whose order would decide who gets the writes.
      expect(env.DATABASE_URL).toMatch(/^postgres:\/\/siam:\$\{POSTGRES_PASSWORD:\?[^}]+\}@pg-proxy:5000\/siam$/);
      expect(env.BACKUP_DATABASE_URL).toMatch(
        /^postgres:\/\/siam:\$\{POSTGRES_PASSWORD:\?[^}]+\}@pg-proxy:5001\/siam$/,
      );
    }
    expect(compose.services['pg-proxy']?.volumes).toContain(
      './haproxy/postgres.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro',
    );
  });
});

/** The `listen` sections of an HAProxy file, each as its lines (trimmed). */
function haproxySections(text: string): Record<string, string[]> {
  const sections: Record<string, string[]> = {};
  let current: string[] | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*$/, '').trimEnd();
    if (line.trim() === '') continue;
    if (!/^\s/.test(line)) {
      current = [];
      sections[line.trim()] = current;
    } else current?.push(line.trim());
  }
  return sections;
}

describe('PostgreSQL under Patroni, with etcd, behind HAProxy', () => {
  type PatroniConfig = {
    etcd3?: { hosts: string };
    bootstrap: {
      dcs: {
        ttl: number;
        loop_wait: number;
        retry_timeout: number;
        maximum_lag_on_failover: number;
        synchronous_mode: boolean;
        synchronous_node_count: number;
        failsafe_mode: boolean;
        postgresql: { use_pg_rewind: boolean; use_slots: boolean; parameters: Record<string, string | number> };
      };
      initdb: (string | Record<string, string>)[];
      post_bootstrap: string;
      pg_hba: string[];
    };
    postgresql: { pg_hba: string[]; authentication: Record<string, { username: string; password?: string }> };
    watchdog: { mode: string };
  };
  const patroniFile = read('deploy/patroni/patroni.yml');
  const patroni = parse(patroniFile) as PatroniConfig;
  const dcs = patroni.bootstrap.dcs;

  it('three Patroni members built from deploy/patroni, each its own name, addresses and volume, all on the three etcd members', () => {
    const built = PATRONI_MEMBERS.map((name) => compose.services[name]);
    for (const [index, service] of built.entries()) {
      const name = PATRONI_MEMBERS[index] ?? '';
      expect(service?.build?.context).toBe('patroni');
      const env = service?.environment ?? {};
      expect(env.PATRONI_NAME).toBe(name);
      expect(env.PATRONI_RESTAPI_CONNECT_ADDRESS).toBe(`${name}:8008`);
      expect(env.PATRONI_POSTGRESQL_CONNECT_ADDRESS).toBe(`${name}:5432`);
      expect(env.PATRONI_ETCD3_HOSTS).toBe(ETCD_MEMBERS.map((etcd) => `${etcd}:2379`).join(','));
      expect(service?.volumes).toEqual([`${name}:/var/lib/postgresql/data`]);
      expect(service?.healthcheck?.test.join(' ')).toContain('http://127.0.0.1:8008/health');
    }
    // Passwords reach Patroni from the environment, never from its file.
    expect(patroniFile).not.toMatch(/password\s*:/i);
    for (const user of Object.values(patroni.postgresql.authentication)) expect(user.password).toBeUndefined();
    expect(read('deploy/patroni/post-bootstrap.sh')).toContain('\\getenv password APP_DB_PASSWORD');
    expect(existsSync(path.join(repo, 'deploy/patroni', path.basename(patroni.bootstrap.post_bootstrap)))).toBe(true);
    const image = instructions('deploy/patroni/Dockerfile');
    expect(image[0]).toBe('FROM debian:bookworm-slim');
    expect(image.join('\n')).toMatch(/apt-get install [^\n]*postgresql-15 patroni python3-etcd/);
    expect(image.join('\n')).toContain(
      `COPY --chown=root:root --chmod=0755 post-bootstrap.sh ${patroni.bootstrap.post_bootstrap}`,
    );
  });

  it('three etcd members of one fixed initial cluster with a token from the environment, each with its data volume', () => {
    for (const name of ETCD_MEMBERS) {
      const service = compose.services[name];
      const env = service?.environment ?? {};
      expect(service?.build?.context).toBe('etcd');
      expect(env.ETCD_NAME).toBe(name);
      expect(env.ETCD_INITIAL_CLUSTER).toBe(ETCD_MEMBERS.map((etcd) => `${etcd}=http://${etcd}:2380`).join(','));
      expect(env.ETCD_INITIAL_CLUSTER_STATE).toBe('new');
      expect(env.ETCD_INITIAL_CLUSTER_TOKEN).toMatch(/^\$\{ETCD_CLUSTER_TOKEN:\?/);
      expect(env.ETCD_INITIAL_ADVERTISE_PEER_URLS).toBe(`http://${name}:2380`);
      expect(service?.volumes).toEqual([`${name}:/var/lib/etcd`]);
      expect(env.ETCD_DATA_DIR?.startsWith('/var/lib/etcd')).toBe(true);
      expect(service?.healthcheck?.test.join(' ')).toMatch(/etcdctl .*endpoint health/);
    }
    expect(instructions('deploy/etcd/Dockerfile')[0]).toBe('FROM debian:bookworm-slim');
    expect(patroni.etcd3?.hosts).toBe(ETCD_MEMBERS.map((etcd) => `${etcd}:2379`).join(','));
  });

  it('the cluster keeps every acknowledged commit on two members, rewinds a returning leader, and bounds what a slot keeps', () => {
    expect(dcs.synchronous_mode).toBe(true);
    expect(dcs.synchronous_node_count).toBe(1);
    expect(dcs.postgresql.use_pg_rewind).toBe(true);
    expect(dcs.postgresql.use_slots).toBe(true);
    expect(String(dcs.postgresql.parameters.max_slot_wal_keep_size)).toMatch(/^\d+(MB|GB)$/);
    expect(dcs.postgresql.parameters.wal_log_hints).toBe('on');
    expect(dcs.postgresql.parameters.hot_standby).toBe('on');
    expect(dcs.postgresql.parameters.hot_standby_feedback).toBe('on');
    expect(patroni.bootstrap.initdb).toContain('data-checksums');
    expect(typeof dcs.failsafe_mode).toBe('boolean');
    // Patroni's rule: the leader demotes itself (retry_timeout) before its lock expires (ttl) and another is promoted.
    expect(dcs.loop_wait + 2 * dcs.retry_timeout).toBeLessThanOrEqual(dcs.ttl);
    // A dead leader is replaced within about ttl + loop_wait: at most 30 s.
    expect(dcs.ttl + dcs.loop_wait).toBeLessThanOrEqual(30);
    expect(dcs.maximum_lag_on_failover).toBeGreaterThan(0);
    // Password authentication for everyone reaching PostgreSQL over the network.
    for (const rule of [...patroni.bootstrap.pg_hba, ...patroni.postgresql.pg_hba].filter((line) =>
      line.startsWith('host'),
    )) {
      expect(rule).toMatch(/ scram-sha-256$/);
    }
    expect(patroni.postgresql.pg_hba).toContain('host replication replicator samenet scram-sha-256');
    expect(patroni.postgresql.pg_hba).toContain('host siam siam samenet scram-sha-256');
    expect(patroni.watchdog.mode).toBe('off');
  });

  it('no PostgreSQL runs outside Patroni: every PostgreSQL service is built from the Patroni image, whose process is patroni, not replaced; so a restart policy restarts Patroni, never a bare PostgreSQL', () => {
    const image = instructions('deploy/patroni/Dockerfile');
    expect(image.filter((line) => line.startsWith('ENTRYPOINT ')).at(-1)).toBe(
      'ENTRYPOINT ["patroni", "/etc/patroni/patroni.yml"]',
    );
    expect(image.some((line) => line.startsWith('CMD '))).toBe(false);
    for (const [name, service] of Object.entries(compose.services)) {
      const runsPostgres =
        /(^|\/)(postgres|postgresql|patroni)(:|$)/.test(service.image ?? '') ||
        dockerfileOf(service) === 'deploy/patroni/Dockerfile';
      if (!runsPostgres) continue;
      expect(PATRONI_MEMBERS, `${name} runs PostgreSQL`).toContain(name);
      expect(dockerfileOf(service), `${name} is the Patroni image`).toBe('deploy/patroni/Dockerfile');
      // Neither entrypoint nor command replaced: a restart (restart: policy or by hand) starts Patroni.
      expect(service.entrypoint, `${name} entrypoint`).toBeUndefined();
      expect(service.command, `${name} command`).toBeUndefined();
      expect([undefined, 'no', 'unless-stopped', 'on-failure', 'always']).toContain(service.restart);
    }
    // No other PostgreSQL anywhere: no image of it, no script starting one.
    expect(read('deploy/compose.yaml')).not.toMatch(/image: postgres/);
    expect(existsSync(path.join(repo, 'deploy/postgres'))).toBe(false);
  });

  it('HAProxy routes by Patroni’s role: :5000 to the member answering /primary, :5001 to replicas, sessions closed on a member marked down', () => {
    const sections = haproxySections(read('deploy/haproxy/postgres.cfg'));
    expect(sections.defaults).toContain('mode tcp');
    for (const [listener, port, check] of [
      ['listen primary', 5000, '/primary'],
      ['listen replica', 5001, '/replica'],
    ] as const) {
      const lines = sections[listener] ?? [];
      expect(lines, listener).toContain(`bind :${port}`);
      expect(lines).toContain(`option httpchk GET ${check}`);
      expect(lines).toContain('http-check expect status 200');
      const defaults = lines.find((line) => line.startsWith('default-server ')) ?? '';
      for (const part of ['inter 2s', 'fall 2', 'rise 2', 'on-marked-down shutdown-sessions', 'check port 8008']) {
        expect(defaults, `${listener}: ${part}`).toContain(part);
      }
      expect(lines.filter((line) => line.startsWith('server ')).sort()).toEqual(
        PATRONI_MEMBERS.map((member) => `server ${member} ${member}:5432`),
      );
    }
  });
});

describe('the image', () => {
  const lines = read('deploy/Dockerfile')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'));
  const stages = lines.filter((line) => line.startsWith('FROM '));
  const runtime = lines.slice(lines.indexOf(stages.at(-1) ?? ''));

  it('builds in one stage and runs from another, as an unprivileged user, with a health check', () => {
    expect(stages).toHaveLength(2);
    expect(stages[0]).toMatch(/ AS build$/);
    expect(stages[1]).toMatch(/ AS runtime$/);
    const user = runtime.filter((line) => line.startsWith('USER ')).at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/USER (root|0)\b/);
    expect(runtime.join('\n')).toMatch(/HEALTHCHECK [^\n]*\n?.*\/health/);
    expect(runtime.at(-1)).toBe(
      `CMD ${JSON.stringify(['node', ...SERVER_NODE_FLAGS, 'apps/server/dist/main.js']).replaceAll(',', ', ')}`,
    );
  });

  it('runs the server with the memory settings npm start gives it (src/server-process.ts)', () => {
    const env = runtime.join('\n');
    for (const [name, value] of Object.entries(serverProcessEnv({}))) {
      expect(env).toMatch(new RegExp(`\\b${name}=${value}\\b`));
    }
  });

  it('the running stage holds only what the build stage produced: the bundles, the production packages, the public files', () => {
    const copies = runtime.filter((line) => line.startsWith('COPY '));
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) expect(copy, 'nothing from the host').toContain('--from=build');
    const copied = copies.map((copy) => copy.split(/\s+/).at(-2));
    expect(copied).toEqual(
      expect.arrayContaining([
        '/app/apps/server/dist',
        '/app/apps/web/dist',
        '/app/apps/backoffice/dist',
        '/app/node_modules',
      ]),
    );
    // The module SQL files, which the migrator reads at start, are kept beside the bundle: every one of them.
    expect(copies).toContain('COPY --from=build --chown=root:root /app/server-sql/src ./apps/server/src');
    const keep = /\((cd apps\/server && find src [^)]*) \/app\/server-sql\/ \\;\)/.exec(lines.join('\n'))?.[1];
    expect(keep).toBeDefined();
    const kept = mkdtempSync(path.join(tmpdir(), 'image-sql-'));
    try {
      execSync(`${keep} ${kept}/ \\;`, { cwd: repo, shell: '/bin/sh' });
      for (const file of MODULE_SQL_FILES) expect(existsSync(path.join(kept, file)), file).toBe(true);
    } finally {
      rmSync(kept, { recursive: true, force: true });
    }
    // What the build writes is where the image looks for it.
    expect(read('scripts/build-server.mjs')).toContain("out: 'apps/server/dist/main.js'");
    expect(existsSync(path.join(repo, 'apps/server/public'))).toBe(true);
    const ignored = read('.dockerignore').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '.env', '.git']));
  });
});

describe('the balancer and Prometheus', () => {
  const haproxy = read('deploy/haproxy/haproxy.cfg');

  it('HAProxy checks /ready on both instances, retries a failed connection on the other, and keeps /metrics inside', () => {
    expect(haproxy).toContain('option httpchk GET /ready');
    expect(haproxy).toMatch(/server app1 app1:3000 check/);
    expect(haproxy).toMatch(/server app2 app2:3000 check/);
    expect(haproxy).toMatch(/retry-on conn-failure/);
    expect(haproxy).toMatch(/http-request deny deny_status 404 if \{ path \/metrics \}/);
    expect(haproxy).toContain('X-Forwarded-Proto https');
  });

  it('Prometheus scrapes both instances with the token file its entrypoint writes, and loads the alert rules', () => {
    const config = parse(read('deploy/prometheus/prometheus.yml')) as {
      rule_files: string[];
      scrape_configs: {
        metrics_path: string;
        authorization: { credentials_file: string };
        static_configs: { targets: string[] }[];
      }[];
    };
    const [job] = config.scrape_configs;
    expect(job?.metrics_path).toBe('/metrics');
    expect(job?.static_configs[0]?.targets).toEqual(['app1:3000', 'app2:3000']);
    expect(compose.services.prometheus?.entrypoint?.join(' ')).toContain(`> ${job?.authorization.credentials_file}`);
    expect(config.rule_files).toEqual(['/etc/prometheus/alerts.yml']);
    expect(compose.services.prometheus?.volumes).toContain('./prometheus/alerts.yml:/etc/prometheus/alerts.yml:ro');
  });

  it('every series the alert rules and the dashboard read is one the server exposes', async () => {
    const t = await testApp();
    const scraped = (await createMetrics({ db: t.database.db }).scrape()).text;
    const exposed = new Set(['up']);
    // Every series a scrape declares (# TYPE name type), a histogram's three as well.
    for (const [, name = '', type] of scraped.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      exposed.add(name);
      if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) exposed.add(name + suffix);
    }
    const alerts = parse(read('deploy/prometheus/alerts.yml')) as {
      groups: { rules: { alert: string; expr: string }[] }[];
    };
    const rules = alerts.groups.flatMap((group) => group.rules);
    expect(rules.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining([
        'ServerErrors',
        'SlowAnswers',
        'WithdrawalsWaiting',
        'ReconcilerBehind',
        'LedgerCheckFailed',
      ]),
    );
    const dashboard = JSON.parse(read('deploy/grafana/siam-play.json')) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    const expressions = [
      ...rules.map((rule) => ({ where: `alert ${rule.alert}`, expr: rule.expr })),
      ...dashboard.panels.flatMap((panel) =>
        panel.targets.map((target) => ({ where: `panel ${panel.title}`, expr: target.expr })),
      ),
    ];
    const FUNCTIONS = new Set([
      'sum',
      'rate',
      'max',
      'by',
      'histogram_quantile',
      'clamp_min',
      'topk',
      'le',
      'and',
      'or',
    ]);
    for (const { where, expr } of expressions) {
      // Without label matchers, ranges ([5m]) and numbers (1e-9): what is left are names.
      const withoutLabels = expr
        .replace(/\{[^}]*\}/g, '')
        .replace(/\[[^\]]*\]/g, '')
        .replace(/\b\d+(\.\d+)?(e-?\d+)?\b/g, '');
      const names = (withoutLabels.match(/[a-z_][a-z0-9_]*/g) ?? []).filter(
        (name) => !FUNCTIONS.has(name) && !/^(by|le|route|status|queue|kind|code|provider|state|currency)$/.test(name),
      );
      for (const name of names) expect(exposed.has(name), `${where}: ${name}`).toBe(true);
    }
  });
});
