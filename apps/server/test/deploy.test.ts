import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { MODULE_SQL_FILES } from '../src/db/module-sql.ts';
import { createMetrics } from '../src/modules/metrics/metrics.ts';
import { SERVER_NODE_FLAGS, serverProcessEnv } from '../src/server-process.ts';
import { testApp } from './support/test-app.ts';

/**
 * Issue 20: the deployment files (deploy/) are checked by reading them, so
 * that they hold even where no container runtime exists to build and run
 * them: the services and their health checks, the image's stages and user,
 * the balancer's readiness check, and that every series the alerts and the
 * dashboard read is one the server exposes.
 */

const repo = path.resolve(import.meta.dirname, '..', '..', '..');
const read = (file: string) => readFileSync(path.join(repo, file), 'utf8');

type Service = {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  stop_grace_period?: string;
  volumes?: string[];
  entrypoint?: string[];
};
const compose = parse(read('deploy/compose.yaml'), { merge: true }) as { services: Record<string, Service> };

describe('issue 20: the compose file of the production topology', () => {
  it('has two app instances, the balancer, a PostgreSQL primary and standby, and Prometheus, each with a health check', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['app1', 'app2', 'db-primary', 'db-standby', 'prometheus', 'proxy'].sort(),
    );
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.healthcheck?.test.length, `${name} has a health check`).toBeGreaterThan(0);
    }
    for (const app of ['app1', 'app2']) {
      const service = compose.services[app];
      expect(service?.build).toEqual({ context: '..', dockerfile: 'deploy/Dockerfile' });
      expect(service?.healthcheck?.test.join(' ')).toContain('/ready');
      expect(service?.depends_on?.['db-primary']).toEqual({ condition: 'service_healthy' });
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
      expect(env.DATABASE_URL).toContain('${POSTGRES_PASSWORD:?');
      // Both database servers, the primary first: after a failover the instances find the promoted standby.
      expect(env.DATABASE_URL).toMatch(/@db-primary:5432,db-standby:5432\/siam\?target_session_attrs=read-write$/);
      expect(env.TRUST_PROXY).toBe('true');
      const drainS = Number(env.SHUTDOWN_DRAIN_MS) / 1000;
      const graceS = Number.parseInt(compose.services[app]?.stop_grace_period ?? '10s', 10);
      // The runtime's stop grace covers the drain and the 10 s the server gives requests in flight.
      expect(graceS).toBeGreaterThanOrEqual(drainS + 10);
    }
    const example = read('deploy/env.example');
    for (const line of example.split('\n').filter((row) => /^[A-Z_]+(SECRET|PASSWORD|TOKEN|KEY)=/.test(row))) {
      expect(line, 'the example leaves secrets empty').toMatch(/=$/);
    }
    expect(read('.gitignore').split('\n')).toContain('.env');
  });

  it('mounts files that exist', () => {
    for (const service of Object.values(compose.services)) {
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0] ?? '';
        if (source.startsWith('./')) expect(existsSync(path.join(repo, 'deploy', source)), source).toBe(true);
      }
    }
  });

  it('the standby streams from the primary through a replication slot, synchronously', () => {
    const primary = compose.services['db-primary'];
    const command = (primary as { command?: string[] }).command?.join(' ') ?? '';
    expect(command).toContain('wal_level=replica');
    expect(command).toContain('synchronous_standby_names=FIRST 1 (standby)');
    expect(read('deploy/postgres/primary-init.sh')).toContain("pg_create_physical_replication_slot('standby')");
    const standby = read('deploy/postgres/standby-entrypoint.sh');
    expect(standby).toMatch(/pg_basebackup -h db-primary .*-R .*-S standby/);
    expect(standby).toContain('application_name=standby');
  });
});

describe('issue 20: the image', () => {
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

describe('issue 20: the balancer and Prometheus', () => {
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
