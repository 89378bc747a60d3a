import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type TestContext, testApp, testConfig } from '../support/test-app.ts';

/**
 * With OTEL_EXPORTER_OTLP_ENDPOINT set, every request is a span
 * exported over OTLP/HTTP, carrying the request id that its log lines and
 * its error answer carry. The collector here is a small HTTP server in the
 * test that keeps what it receives.
 */

type Attribute = { key: string; value: { stringValue?: string; intValue?: string | number } };
type ExportedSpan = { name: string; kind: number; attributes: Attribute[]; status?: { code?: number } };
type TraceExport = {
  resourceSpans: { resource: { attributes: Attribute[] }; scopeSpans: { spans: ExportedSpan[] }[] }[];
};

let t: TestContext;
let collector: Server;
const received: { path: string; contentType: string; body: TraceExport }[] = [];

beforeAll(async () => {
  t = await testApp();
  collector = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        contentType: String(request.headers['content-type']),
        body: JSON.parse(raw) as TraceExport,
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => collector.close(resolve));
});

const attribute = (span: ExportedSpan, key: string) => {
  const value = span.attributes.find((item) => item.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

describe('tracing', () => {
  it('off by default: no collector address, no export', async () => {
    const app = await buildApp({ db: t.database.db, config: testConfig(), logger: false });
    await app.inject({ method: 'GET', url: '/health' });
    await app.close();
    expect(received).toEqual([]);
  });

  it('with a collector: each request is a server span named by its route, with its status and the request id of its answer', async () => {
    const { port } = collector.address() as AddressInfo;
    const app = await buildApp({
      db: t.database.db,
      config: testConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
        OTEL_SERVICE_NAME: 'siam-play-test',
      }),
      logger: false,
    });
    const missing = await app.inject({ method: 'GET', url: '/api/no-such-route' });
    const requestId = missing.json().requestId as string;
    const settings = await app.inject({ method: 'GET', url: '/setting' });
    expect(settings.statusCode).toBe(200);
    await app.close(); // flushes the batch
    expect(received.length).toBeGreaterThan(0);
    expect(received[0]?.path).toBe('/v1/traces');
    expect(received[0]?.contentType).toContain('application/json');
    const batches = received.flatMap((item) => item.body.resourceSpans);
    expect(batches[0]?.resource.attributes).toContainEqual({
      key: 'service.name',
      value: { stringValue: 'siam-play-test' },
    });
    const spans = batches.flatMap((batch) => batch.scopeSpans.flatMap((scope) => scope.spans));
    const notFound = spans.find((span) => attribute(span, 'request.id') === requestId);
    // No route of its own: the wildcard of the app's files answers it (404 JSON under /api), or none does.
    expect(notFound).toMatchObject({ name: expect.stringMatching(/^GET (unmatched|\/\*)$/), kind: 2 });
    expect(notFound && attribute(notFound, 'http.response.status_code')).toBe(404);
    const read = spans.find((span) => span.name === 'GET /setting');
    expect(read && attribute(read, 'http.route')).toBe('/setting');
    expect(read && attribute(read, 'request.id')).toBe(settings.headers['x-request-id']);
  });
});
