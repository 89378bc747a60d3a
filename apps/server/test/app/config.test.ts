import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertProvidersAllowed, ConfigError, loadConfig } from '../../src/env.ts';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'config-'));

describe('configuration from the environment', () => {
  it('has working defaults: port 3000, embedded database, demo data on', () => {
    const config = loadConfig({ DATA_DIR: tempDir() });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
    expect(config.corsOrigins).toEqual([]);
  });

  it('generates the token secret once, keeps it in DATA_DIR (mode 600) and reuses it', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'token-secret');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.tokenSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).tokenSecret).toBe(first.tokenSecret);
  });

  it('with DATABASE_URL demo data is off unless asked for', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://u@h/db', TOKEN_SECRET: 'x'.repeat(32) });
    expect(config.seedDemo).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://u@h/db', SEED_DEMO: 'true' }).seedDemo).toBe(
      true,
    );
  });

  it('the address to listen on: 127.0.0.1 in demo mode (its passwords are published), 0.0.0.0 with a real database, HOST above both', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).host).toBe('127.0.0.1');
    expect(
      loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://u@h/db', TOKEN_SECRET: 'x'.repeat(32) }).host,
    ).toBe('0.0.0.0');
    expect(loadConfig({ DATA_DIR: tempDir(), SEED_DEMO: 'false' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATA_DIR: tempDir(), HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('defect 4: the sandbox game provider is refused outside demo mode unless ALLOW_SANDBOX_PROVIDER=true; the CLI’s reading of the configuration is not', () => {
    const production = { DATA_DIR: tempDir(), DATABASE_URL: 'postgres://u@h/db', TOKEN_SECRET: 'x'.repeat(32) };
    const config = loadConfig(production);
    expect(() => assertProvidersAllowed(config)).toThrow(ConfigError);
    expect(() => assertProvidersAllowed(config)).toThrow('ALLOW_SANDBOX_PROVIDER=true');
    expect(() => assertProvidersAllowed(loadConfig({ ...production, ALLOW_SANDBOX_PROVIDER: 'true' }))).not.toThrow();
    expect(() => assertProvidersAllowed(loadConfig({ DATA_DIR: tempDir() }))).not.toThrow();
  });

  it('Web Push sends only to the browsers’ push services unless PUSH_SERVICE_HOSTS names others', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).outside.pushServiceHosts).toEqual([
      'fcm.googleapis.com',
      'updates.push.services.mozilla.com',
      '*.push.services.mozilla.com',
      '*.push.apple.com',
      '*.notify.windows.com',
    ]);
    const given = loadConfig({
      DATA_DIR: tempDir(),
      PUSH_SERVICE_HOSTS: 'Push.Example:8443, *.push.example ,127.0.0.1:9',
    });
    expect(given.outside.pushServiceHosts).toEqual(['push.example:8443', '*.push.example', '127.0.0.1:9']);
  });

  it('the backup signing key: configured, or generated once into DATA_DIR in demo mode only (a backup restores on another host)', () => {
    const dataDir = tempDir();
    const demo = loadConfig({ DATA_DIR: dataDir }).backupSigningKey;
    expect(demo).toMatch(/^[\w-]{32,}$/);
    expect(statSync(path.join(dataDir, 'backup-signing-key')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).backupSigningKey).toBe(demo);
    const production = { DATA_DIR: tempDir(), DATABASE_URL: 'postgres://u@h/db', TOKEN_SECRET: 'x'.repeat(32) };
    expect(loadConfig(production).backupSigningKey).toBeUndefined();
    expect(existsSync(path.join(production.DATA_DIR, 'backup-signing-key'))).toBe(false);
    expect(loadConfig({ ...production, BACKUP_SIGNING_KEY: 'k'.repeat(32) }).backupSigningKey).toBe('k'.repeat(32));
  });

  it('parses CORS origins as a comma-separated list', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), CORS_ORIGINS: 'https://a.example, https://b.example' });
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
  });

  it.each([
    ['PORT', 'http'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['TOKEN_SECRET', 'short'],
    ['LOG_LEVEL', 'loud'],
    ['ADMIN_API_KEY', 'tiny'],
    ['BACKUP_SIGNING_KEY', 'too-short'],
    ['PUSH_SERVICE_HOSTS', 'https://push.example'],
    ['PUSH_SERVICE_HOSTS', 'push.example/path'],
    ['PUSH_SERVICE_HOSTS', ' , '],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), [name]: value })).toThrow(name);
  });
});

describe('VAPID keys generated without the web-push package (loaded only when a push is sent)', () => {
  it('are a P-256 pair web-push accepts: a 65-byte uncompressed public point and a 32-byte private key, kept in DATA_DIR', async () => {
    const dataDir = tempDir();
    const { vapid } = loadConfig({ DATA_DIR: dataDir }).outside;
    const publicKey = Buffer.from(vapid.publicKey, 'base64url');
    expect(publicKey).toHaveLength(65);
    expect(publicKey[0]).toBe(4);
    expect(Buffer.from(vapid.privateKey, 'base64url')).toHaveLength(32);
    const kept = JSON.parse(readFileSync(path.join(dataDir, 'vapid-keys.json'), 'utf8'));
    expect(kept).toEqual({ publicKey: vapid.publicKey, privateKey: vapid.privateKey });
    const webPush = (await import('web-push')).default;
    const headers = webPush.getVapidHeaders(
      'https://push.example.com',
      'mailto:ops@example.com',
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
    );
    expect(headers.Authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`));
  });
});
