import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { LANGUAGE_COOKIE } from '@app/contracts/languages';
import { PRERENDERED_PAGES } from '@app/contracts/prerendered-pages';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { MIGRATIONS } from '../../src/db/migrate.ts';
import { ADMIN_KEY, type TestContext, testApp, testConfig } from '../support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await testApp();
});

describe('HTTP basics', () => {
  it('GET /health answers 200 when the database is reachable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('security headers are on every answer, errors included', async () => {
    for (const url of ['/health', '/setting', '/api/nope']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
      // HSTS only on https answers (security-surface.test.ts); these went out over plain http.
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('an unknown /api route is a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      status: 404,
      message: 'The requested item was not found.',
      data: { errorCode: 'NOT_FOUND' },
      requestId: expect.any(String),
    });
  });

  it('malformed JSON is a 400 MALFORMED_JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "0812345678", "password": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, data: { errorCode: 'MALFORMED_JSON' } });
  });

  it('a body over the limit is a 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ fullName: 'x'.repeat(t.config.bodyLimitBytes + 10) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, data: { errorCode: 'PAYLOAD_TOO_LARGE' } });
  });

  it('a body that is not JSON is a 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<login/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ success: false, data: { errorCode: 'UNSUPPORTED_MEDIA_TYPE' } });
  });

  it('an unexpected error answers a plain 500 without stack or SQL', async () => {
    const app = await buildApp({ db: t.database.db, config: testConfig(), logger: false });
    app.get('/api/boom', async () => {
      throw new Error('select secret from somewhere failed at /srv/app.ts:12');
    });
    const response = await app.inject({ method: 'GET', url: '/api/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      status: 500,
      message: 'Something went wrong on our side. Please try again or contact the admin.',
      data: { errorCode: 'INTERNAL_ERROR' },
      requestId: expect.any(String),
    });
    expect(response.body).not.toContain('select');
    await app.close();
  });

  it('GET /ready is 200 with the migrations applied, and 503 once the instance drains (/health stays 200)', async () => {
    const app = await buildApp({ db: t.database.db, config: testConfig(), logger: false });
    const ready = await app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(200);
    const expected = Math.max(...MIGRATIONS.map((migration) => migration.version));
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', migrations: { applied: expected, expected } });
    app.startDraining();
    const draining = await app.inject({ method: 'GET', url: '/ready' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toMatchObject({ data: { errorCode: 'SERVICE_UNAVAILABLE' } });
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    // A draining instance still serves what reaches it.
    expect((await app.inject({ method: 'GET', url: '/setting' })).statusCode).toBe(200);
    await app.close();
  });

  it('one request id names the request in its log line, its X-Request-Id header and its error answer', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      db: t.database.db,
      config: testConfig({ LOG_LEVEL: 'info' }),
      logger: { write: (line: string) => void lines.push(line) },
    });
    app.get('/api/boom', async () => {
      throw new Error('boom');
    });
    const response = await app.inject({ method: 'GET', url: '/api/boom' });
    const id = response.json().requestId as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['x-request-id']).toBe(id);
    const logged = lines.map((line) => JSON.parse(line) as { reqId?: string; msg: string });
    expect(logged.filter((line) => line.reqId === id).map((line) => line.msg)).toEqual(['unexpected error', 'request']);
    // An id the proxy in front gave is kept; one that does not look like an id is replaced.
    const given = await app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'x-request-id': 'haproxy-1a2b3c4d' },
    });
    expect(given.headers['x-request-id']).toBe('haproxy-1a2b3c4d');
    expect(given.json().requestId).toBe('haproxy-1a2b3c4d');
    const odd = await app.inject({ method: 'GET', url: '/api/nope', headers: { 'x-request-id': 'a b<script>' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await app.close();
  });

  it('the OpenAPI document is generated from the routes and served at /docs', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    for (const p of [
      '/register',
      '/login',
      '/logout',
      '/api/get-profile',
      '/api/player/balance',
      '/api/player/change-password',
      '/api/player/history',
      '/api/player/deposit',
      '/api/player/withdraw',
      '/setting',
      '/setting/rewards',
    ]) {
      expect(paths, p).toContain(p);
    }
    expect(doc.json().paths['/register'].post.requestBody).toBeDefined();
    const ui = await t.app.inject({ method: 'GET', url: '/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('without ADMIN_API_KEY no service key is accepted; the operator API wants an operator token', async () => {
    const app = await buildApp({ db: t.database.db, config: testConfig({ ADMIN_API_KEY: '' }), logger: false });
    const withKey = await app.inject({
      method: 'GET',
      url: '/admin/ledger/check',
      headers: { 'x-admin-key': ADMIN_KEY },
    });
    expect(withKey.statusCode).toBe(403);
    const without = await app.inject({ method: 'GET', url: '/admin/ledger/check' });
    expect(without.statusCode).toBe(401);
    expect(without.json()).toMatchObject({ success: false, data: { errorCode: 'UNAUTHORIZED' } });
    await app.close();
  });
});

describe('serving the web app', () => {
  function appWithWebDist() {
    const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>SIAM PLAY</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    return buildApp({ db: t.database.db, config: testConfig({ WEB_DIST_DIR: dist }), logger: false });
  }

  it('unknown page paths get index.html (SPA fallback); /login and /register as pages too', async () => {
    const app = await appWithWebDist();
    for (const url of ['/', '/transactions', '/login', '/register', '/launch-ufa', '/some/where?x=1']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body).toContain('SIAM PLAY');
    }
    await app.close();
  });

  it('the back office is served under /backoffice/ with its own fallback; the player app keeps every other page', async () => {
    const web = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>player</title>');
    const backoffice = mkdtempSync(path.join(tmpdir(), 'backoffice-dist-'));
    mkdirSync(path.join(backoffice, 'assets'));
    writeFileSync(path.join(backoffice, 'index.html'), '<!doctype html><title>back office</title>');
    writeFileSync(path.join(backoffice, 'assets', 'bo-abc123.js'), 'console.log("bo")');
    const app = await buildApp({
      db: t.database.db,
      config: testConfig({ WEB_DIST_DIR: web, BACKOFFICE_DIST_DIR: backoffice }),
      logger: false,
    });
    const page = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    for (const url of [
      '/backoffice/',
      '/backoffice',
      '/backoffice/withdrawals',
      '/backoffice/players/12?tab=history',
    ]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<title>back office</title>');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
    const asset = await app.inject({ method: 'GET', url: '/backoffice/assets/bo-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await app.inject({ method: 'GET', url: '/backoffice/assets/old-999.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().data.errorCode).toBe('NOT_FOUND');
    expect((await page('/login')).body).toContain('<title>player</title>');
    expect((await page('/withdrawals')).body).toContain('<title>player</title>');
    await app.close();
  });

  it('a file added to the build after start is served without a restart', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>SIAM PLAY</title>');
    const app = await buildApp({ db: t.database.db, config: testConfig({ WEB_DIST_DIR: dist }), logger: false });
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'late-1.js'), 'console.log(2)');
    const late = await app.inject({ method: 'GET', url: '/assets/late-1.js' });
    expect(late.statusCode).toBe(200);
    expect(late.body).toBe('console.log(2)');
    await app.close();
  });

  it('assets and pages are sent precompressed (brotli, else gzip) when the browser accepts it, with Vary', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    const script = 'console.log("a long enough script");'.repeat(50);
    const page = `<!doctype html><title>SIAM PLAY</title>${'<div></div>'.repeat(50)}`;
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), script);
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(script));
    writeFileSync(path.join(dist, 'index.html'), page);
    writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(page));
    const app = await buildApp({ db: t.database.db, config: testConfig({ WEB_DIST_DIR: dist }), logger: false });

    const brotli = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);

    const gzip = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    // A page path answers index.html, compressed too, and never cached.
    const login = await app.inject({
      method: 'GET',
      url: '/login',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-encoding']).toBe('br');
    expect(login.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(login.rawPayload).toString()).toBe(page);
    await app.close();
  });

  it('the login and register pages drawn at build time are sent in the language the app will show: its cookie, then Accept-Language, then English', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>index</title>');
    mkdirSync(path.join(dist, 'pages'));
    for (const page of PRERENDERED_PAGES) {
      for (const language of ['en', 'th', 'ko']) {
        writeFileSync(
          path.join(dist, 'pages', `${page}.${language}.html`),
          `<!doctype html><title>${page} ${language}</title>`,
        );
      }
    }
    const app = await buildApp({ db: t.database.db, config: testConfig({ WEB_DIST_DIR: dist }), logger: false });
    const get = (url: string, headers: Record<string, string> = {}) =>
      app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

    const plain = await get('/login');
    expect(plain.body).toContain('login en');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers.vary).toContain('cookie, accept-language');
    expect((await get('/register', { 'accept-language': 'th-TH,th;q=0.9,en;q=0.8' })).body).toContain('register th');
    expect((await get('/login', { 'accept-language': 'fr-FR, ko;q=0.5' })).body).toContain('login ko');
    // The player's own choice, mirrored in the cookie by the app, wins over the browser's languages.
    const chosen = { cookie: `other=1; ${LANGUAGE_COOKIE}=ko`, 'accept-language': 'th' };
    expect((await get('/login?from=x', chosen)).body).toContain('login ko');
    expect((await get('/login', { cookie: `${LANGUAGE_COOKIE}=xx`, 'accept-language': 'th' })).body).toContain(
      'login th',
    );
    // A language the build has no page for, and every other page, get index.html.
    expect((await get('/login', { 'accept-language': 'mm' })).body).toContain('index');
    for (const url of ['/', '/transactions', '/login/', '/loginx'])
      expect((await get(url)).body, url).toContain('index');
    await app.close();
  });

  it('hashed assets are cached for a year; API paths and missing files never fall back to the page', async () => {
    const app = await appWithWebDist();
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await app.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
    expect(api.json().data.errorCode).toBe('NOT_FOUND');
    const missingAsset = await app.inject({ method: 'GET', url: '/assets/app-old999.js', headers: { accept: '*/*' } });
    expect(missingAsset.statusCode).toBe(404);
    expect(missingAsset.headers['content-type']).toContain('application/json');
    const post = await app.inject({ method: 'POST', url: '/somewhere', payload: {} });
    expect(post.statusCode).toBe(404);
    await app.close();
  });
});
