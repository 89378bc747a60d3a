import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { ERROR_CODES } from '@app/contracts/errors';
import fc from 'fast-check';
import { sql } from 'kysely';
import sharp from 'sharp';
import type { RegisteredRoute } from '../../src/app.ts';
import type { Db } from '../../src/db/database.ts';
import { FALLBACK_SECURITY_HEADERS } from '../../src/http/security.ts';

/**
 * The pieces of the property-based fuzzing of every route (test/app/fuzz.test.ts):
 * the route table as the app registered it, generators of hostile requests,
 * the properties every answer must have, and a fingerprint of the stored state.
 */

// The route table -------------------------------------------------------------

/** Which credentials a route needs, read from the route itself (its schema's `security`, its scope). */
export type CredentialKind = 'public' | 'player' | 'operator' | 'bank-feed' | 'provider' | 'line';

export type FuzzRoute = {
  /** "POST /admin/players/:id/credit": one per method and URL pattern; a GET's HEAD is folded into it. */
  key: string;
  method: string;
  url: string;
  params: string[];
  wildcard: boolean;
  credentials: CredentialKind;
  /** Admits only multipart/form-data (schema.consumes). */
  multipart: boolean;
  /** The zod schemas of the route, when it has them. */
  body: unknown;
  querystring: unknown;
  /** A GET route Fastify also answers HEAD on. */
  head: boolean;
};

type SchemaLike = { security?: Record<string, unknown>[]; consumes?: string[]; body?: unknown; querystring?: unknown };

function credentialKind(route: RegisteredRoute): CredentialKind {
  const schema = (route.schema ?? {}) as SchemaLike;
  const config = (route.config ?? {}) as { public?: boolean };
  const schemes = new Set((schema.security ?? []).flatMap((requirement) => Object.keys(requirement)));
  if (route.url === '/webhooks/line') return 'line';
  if (route.url.startsWith('/webhooks/')) return 'bank-feed';
  if (route.url.startsWith('/provider/')) return 'provider';
  if (config.public) return 'public';
  if (schemes.has('operatorBearer') || schemes.has('adminKey') || route.url.startsWith('/admin/')) return 'operator';
  if (schemes.has('bearer')) return 'player';
  return 'public';
}

/** The app's routes, one entry per method and URL (HEAD folded into its GET). */
export function fuzzRoutes(registered: readonly RegisteredRoute[]): FuzzRoute[] {
  const byKey = new Map<string, FuzzRoute>();
  const getUrls = new Set(registered.filter((r) => r.methods.includes('GET')).map((r) => r.url));
  for (const route of registered) {
    for (const method of route.methods) {
      if (method === 'HEAD' && getUrls.has(route.url)) {
        const get = byKey.get(`GET ${route.url}`);
        if (get) get.head = true;
        continue;
      }
      const key = `${method} ${route.url}`;
      if (byKey.has(key)) continue;
      const schema = (route.schema ?? {}) as SchemaLike;
      byKey.set(key, {
        key,
        method,
        url: route.url,
        params: [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? ''),
        wildcard: route.url.endsWith('*'),
        credentials: credentialKind(route),
        multipart: (schema.consumes ?? []).includes('multipart/form-data'),
        body: schema.body,
        querystring: schema.querystring,
        head: route.methods.includes('HEAD') && method === 'GET',
      });
    }
  }
  return [...byKey.values()];
}

/** The field names of a zod object schema (through defaults, optionals, pipes and transforms). */
export function zodFieldNames(schema: unknown): string[] {
  let current = schema as { shape?: Record<string, unknown>; _zod?: { def?: Record<string, unknown> } } | undefined;
  for (let depth = 0; current && depth < 8; depth++) {
    if (current.shape && typeof current.shape === 'object') return Object.keys(current.shape);
    const def = current._zod?.def;
    current = (def?.innerType ?? def?.in ?? def?.schema) as typeof current;
  }
  return [];
}

// Hostile values ---------------------------------------------------------------

const LONE_HIGH = '\uD800';
const LONE_LOW = '\uDC00';

/** Strings a careless or hostile client sends: control and invisible characters, emoji, lone surrogates, numbers as text. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '   \t\n',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '-1e999',
  '-0',
  '0',
  '100',
  '100.00',
  '0.5',
  '0.01',
  '0.001',
  '2000000.01',
  '999999999',
  '1,000',
  '0x10',
  '1e3',
  '5e-324',
  '9007199254740993',
  'null',
  'true',
  'undefined',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\u202Eevil\u202C',
  '\u200F\u200E\u200B',
  '\uFEFF100',
  '😀',
  '👨‍👩‍👧‍👦',
  LONE_HIGH,
  LONE_LOW,
  `a${LONE_HIGH}b`,
  `${LONE_LOW}${LONE_HIGH}`,
  '０８１２３４５６７８',
  '٠٨١٢٣٤٥٦٧٨',
  'สวัสดี',
  "'; drop table players; --",
  '" or 1=1 --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log-injection probe, meant literally
  '${jndi:ldap://x}',
  '{{7*7}}',
  '__proto__',
  'constructor',
  'x'.repeat(10_000),
  '0812345678',
  '1234567890',
  'KBANK',
  'WAITING',
  '2024-02-30T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59+14:00',
  '1970-01-01T00:00:00.000Z',
  '2024-13-01T00:00:00Z',
];

/** Numbers at and beyond every edge. */
export const HOSTILE_NUMBERS: readonly number[] = [
  0,
  -0,
  1,
  -1,
  0.5,
  0.001,
  1.005,
  99.999,
  1e308,
  -1e308,
  5e-324,
  -5e-324,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MIN_SAFE_INTEGER,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31),
  2 ** 63,
  1e21,
  123456789.123,
  10_000_000,
  10_000_000.01,
];

/** A value nested `depth` times in arrays or in objects. */
export function nested(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}1${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

const hostileString = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 5 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 1 },
);
const hostileNumber = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS), weight: 4 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
  { arbitrary: fc.integer(), weight: 1 },
);

/** A JSON value of the wrong kind for almost any field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 5 },
  { arbitrary: hostileNumber, weight: 5 },
  { arbitrary: fc.constantFrom(null, true, false, [], {}, [null], [1, 2], { $gt: '' }, { value: 1 }), weight: 3 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
  { arbitrary: fc.constantFrom(50, 200, 1000).map((depth) => JSON.parse(nested(depth, 'array'))), weight: 1 },
);

const hostileKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    '',
    ' ',
    'amount ',
    'AMOUNT',
    '\u0000',
    '😀',
    'a.b',
    '$where',
  ),
  fc.string({ maxLength: 12 }),
);

// Bodies -------------------------------------------------------------------------

export type FuzzBody = { contentType: string | undefined; payload: string | Buffer; label: string };

type Mutation = { kind: 'replace' | 'drop' | 'extra'; key: string; value?: unknown };

/** A valid-looking body with one to four of its fields replaced, removed or joined by strangers. */
function mutatedTemplate(template: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(template);
  const onKey = (kind: 'replace' | 'drop') =>
    fc.record({ kind: fc.constant(kind), key: fc.constantFrom(...keys), value: hostileValue });
  const extra = fc.record({ kind: fc.constant('extra' as const), key: hostileKey, value: hostileValue });
  const mutation: fc.Arbitrary<Mutation> =
    keys.length === 0
      ? extra
      : fc.oneof({ arbitrary: onKey('replace'), weight: 5 }, { arbitrary: onKey('drop'), weight: 2 }, extra);
  return fc.array(mutation, { minLength: 1, maxLength: 4 }).map((mutations) => {
    // A JSON text, not an object literal, so that "__proto__" stays an own key as a client would send it.
    const body: Record<string, unknown> = JSON.parse(JSON.stringify(template));
    for (const change of mutations) {
      if (change.kind === 'drop') delete body[change.key];
      else
        Object.defineProperty(body, change.key, {
          value: change.value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
    }
    return body;
  });
}

/** JSON texts that are not JSON, or JSON that JavaScript reads strangely. */
export const BROKEN_JSON: readonly string[] = [
  '{',
  '}',
  '{"amount":',
  '{"amount":}',
  "{'amount':1}",
  '{amount:1}',
  '{"amount":1,}',
  '[1,]',
  'nul',
  'tru',
  '"unterminated',
  '{"a":1}{"b":2}',
  '\uFEFF{"amount":1}',
  '{"amount":NaN}',
  '{"amount":Infinity}',
  '{"amount":-Infinity}',
  '{"amount":1e999}',
  '{"amount":-1e999}',
  '{"amount":-0}',
  '{"amount":5e-324}',
  '{"amount":1e-400}',
  '{"amount":123456789012345678901234567890}',
  '{"amount":01}',
  '{"amount":0x10}',
  '{"amount":+1}',
  '{"amount":.5}',
  '{"amount":"\t"}',
  '{"amount":1,"amount":"x"}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":"\\ud800"}',
  '{"a":"\\udc00\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"\\x41"}',
  '{"a":"\\q"}',
  ' ',
  '\n',
  '0',
  '-',
  '1e',
  '""',
  '[]',
  'null',
  '/* comment */ {}',
  '{"a":1} // trailing',
  '\u0000',
  '\u00ff\u00fe{',
];

const BOUNDARY = '----siamplayfuzzboundary';

function multipartText(
  parts: { name: string; value: string | Buffer; filename?: string; type?: string }[],
  end: boolean,
): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const head = `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head, 'utf8'), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  if (end) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** A PNG signature and header with nothing after them: sniffs as an image, decodes as nothing. */
const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
/** A complete 1x1 PNG. */
const TINY_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6300010000050001' +
    '0d0a2db40000000049454e44ae426082',
  'hex',
);
const JPEG_HEAD = Buffer.from('ffd8ffe000104a46494600', 'hex');
/** Pictures of one colour: what a blank screenshot is, readable as an image, with nothing on it. */
const blank = (format: 'png' | 'jpeg', side: number, colour: string) =>
  sharp({ create: { width: side, height: side, channels: 3, background: colour } })
    [format]()
    .toBuffer();
const READABLE_IMAGES = [
  await blank('png', 64, '#ffffff'),
  await blank('jpeg', 48, '#000000'),
  await blank('png', 2, '#808080'),
  await sharp({
    create: {
      width: 40,
      height: 60,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer(),
];

const fileBytes = fc.oneof(
  fc.constantFrom(Buffer.alloc(0), PNG_HEAD, TINY_PNG, JPEG_HEAD, Buffer.from('GIF89a'), Buffer.from('%PDF-1.4')),
  fc.constantFrom(...READABLE_IMAGES),
  // A readable image that is new each time: bytes after the PNG's end change its hash, not its picture.
  fc
    .tuple(fc.constantFrom(...READABLE_IMAGES), fc.uint8Array({ minLength: 1, maxLength: 16 }))
    .map(([image, bytes]) => Buffer.concat([image, Buffer.from(bytes)])),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  fc.uint8Array({ maxLength: 100 }).map((bytes) => Buffer.concat([PNG_HEAD, Buffer.from(bytes)])),
);

const partName = fc.oneof(
  fc.constantFrom('amount', 'slip', 'image', 'note', 'file', '__proto__', '', 'slip[]', 'amount"; filename="x.png'),
  fc.string({ maxLength: 10 }),
);

const multipartPart = fc.oneof(
  fc.record({ name: partName, value: hostileString.map((text) => (text.length > 300 ? text.slice(0, 300) : text)) }),
  fc.record({
    name: partName,
    value: fileBytes,
    filename: fc.constantFrom('slip.png', 'a.jpg', '', '../../etc/passwd', 'x'.repeat(300), '😀.png', 'a\u0000.png'),
    type: fc.constantFrom('image/png', 'image/jpeg', 'text/plain', 'application/octet-stream', ''),
  }),
);

/** multipart/form-data bodies: plausible, broken, truncated, too many parts, boundary missing or wrong. */
const multipartBody: fc.Arbitrary<FuzzBody> = fc
  .record({
    parts: fc.array(multipartPart, { maxLength: 8 }),
    end: fc.boolean(),
    header: fc.constantFrom(
      `multipart/form-data; boundary=${BOUNDARY}`,
      `multipart/form-data; boundary=${BOUNDARY}`,
      `multipart/form-data; boundary=${BOUNDARY}`,
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=other',
      `multipart/mixed; boundary=${BOUNDARY}`,
    ),
  })
  .map(({ parts, end, header }) => ({
    contentType: header,
    payload: multipartText(parts, end),
    label: `multipart ${parts.length} parts${end ? '' : ' (cut short)'}`,
  }));

/** The right multipart form with a hostile amount or file: what gets furthest into a slip or image upload. */
function plausibleMultipart(fields: string[], fileField: string): fc.Arbitrary<FuzzBody> {
  return fc
    .record({
      values: fc.array(
        fc.oneof(fc.constantFrom('100', '0.5', '1.50', '2000000', '0.01', '999999999.99'), hostileString),
        { minLength: fields.length, maxLength: fields.length },
      ),
      file: fileBytes,
      filename: fc.constantFrom('slip.png', 'image.jpg', '../x.png', 'a/b.png', ''),
    })
    .map(({ values, file, filename }) => ({
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: multipartText(
        [
          ...fields.map((name, index) => ({ name, value: (values[index] ?? '').slice(0, 300) })),
          { name: fileField, value: file, filename, type: 'image/png' },
        ],
        true,
      ),
      label: `multipart ${fileField} ${file.length} bytes`,
    }));
}

const formEncode = (body: Record<string, unknown>) =>
  Object.entries(body)
    .map(
      ([key, value]) => `${encodeText(key)}=${encodeText(typeof value === 'string' ? value : JSON.stringify(value))}`,
    )
    .join('&');

/** Percent-encodes the UTF-8 bytes of a text; a lone surrogate becomes U+FFFD, as a browser sends it. */
export function encodeText(text: string | undefined): string {
  return [...Buffer.from(text ?? 'undefined', 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

const json = (value: unknown, label: string): FuzzBody => ({
  contentType: 'application/json',
  payload: JSON.stringify(value) ?? 'null',
  label,
});

/**
 * Every kind of bad body: a valid-looking body with hostile fields, values of
 * the wrong type, deep nesting, broken JSON, an empty or oversized body, and
 * the wrong content type (text, form, multipart where JSON is expected and the
 * reverse).
 */
export function bodyArbitrary(
  route: FuzzRoute,
  template: Record<string, unknown>,
  bodyLimitBytes: number,
): fc.Arbitrary<FuzzBody | undefined> {
  const asText = (contentType: string) =>
    mutatedTemplate(template).map((body) => ({
      contentType,
      payload: contentType.includes('urlencoded') ? formEncode(body) : JSON.stringify(body),
      label: `${contentType} template`,
    }));
  const jsonBodies: fc.Arbitrary<FuzzBody | undefined>[] = [
    mutatedTemplate(template).map((body) => json(body, 'mutated template')),
    mutatedTemplate(template).map((body) => json(body, 'mutated template')),
    mutatedTemplate(template).map((body) => json(body, 'mutated template')),
    hostileValue.map((value) => json(value, 'wrong type')),
    fc.dictionary(hostileKey, hostileValue, { maxKeys: 5 }).map((value) => json(value, 'random object')),
    fc.constantFrom(...BROKEN_JSON).map((payload) => ({ contentType: 'application/json', payload, label: 'broken' })),
    fc
      .record({
        depth: fc.constantFrom(100, 1000, 5000, 20_000),
        kind: fc.constantFrom('array', 'object') as fc.Arbitrary<'array' | 'object'>,
      })
      .map(({ depth, kind }) => ({
        contentType: 'application/json',
        payload: nested(depth, kind),
        label: `nested ${kind} ${depth}`,
      })),
    fc.constantFrom(
      { contentType: 'application/json', payload: '', label: 'empty json' },
      { contentType: undefined, payload: '', label: 'no body' },
      { contentType: undefined, payload: JSON.stringify(template), label: 'json without content-type' },
      {
        contentType: 'application/json',
        payload: `{"pad":"${'x'.repeat(bodyLimitBytes + 10)}"}`,
        label: 'over the body limit',
      },
    ),
    fc
      .constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
        'application/json; charset=utf-16',
        'application/json; charset=latin1',
        'APPLICATION/JSON',
        'application/jsonx',
        'application/vnd.api+json',
        'application/json-patch+json',
        'text/html; charset=utf-8',
        '*/*',
        'application/octet-stream',
        ';;;',
        'x'.repeat(300),
      )
      .chain(asText),
    multipartBody,
  ];
  const multipartBodies: fc.Arbitrary<FuzzBody | undefined>[] = [
    multipartBody,
    multipartBody,
    plausibleMultipart(zodFieldNames(route.body).length > 0 ? zodFieldNames(route.body) : ['amount'], 'slip'),
    plausibleMultipart(['amount'], 'slip'),
    plausibleMultipart([], 'image'),
    ...jsonBodies.slice(3),
  ];
  if (route.method === 'GET' || route.method === 'HEAD' || route.method === 'OPTIONS') {
    return fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 8 },
      { arbitrary: fc.oneof(...jsonBodies), weight: 1 },
    );
  }
  return fc.oneof(...(route.multipart ? multipartBodies : jsonBodies));
}

// Paths and query strings ----------------------------------------------------------

/** Raw (already percent-encoded) path segments that are hostile for any parameter. */
export const HOSTILE_SEGMENTS: readonly string[] = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '1e308',
  '2147483648',
  '9007199254740993',
  '99999999999999999999',
  'NaN',
  'Infinity',
  '-0',
  '0x10',
  'abc',
  '%20',
  '%201',
  '1%20',
  '%00',
  '1%00',
  '%2e%2e',
  '..%2F..%2Fetc%2Fpasswd',
  '%F0%9F%98%80',
  '%E2%80%AE1',
  '%ED%A0%80',
  '%C0%AF',
  '%zz',
  '%E0%A4%A',
  '%',
  "1'--",
  '%27%20or%201%3D1',
  'x'.repeat(2000),
  '1'.repeat(400),
  '%D9%A1',
];

/** Hostile tails for a wildcard route (static files): traversal, encodings, nonsense. */
const HOSTILE_TAILS: readonly string[] = [
  '',
  'bank-png/KBANK.png',
  'banner/event-point.png',
  'free-credit-100.png',
  '../../package.json',
  '..%2F..%2Fpackage.json',
  '%2e%2e/%2e%2e/etc/passwd',
  '....//....//etc/passwd',
  '/etc/passwd',
  '%00',
  'a%00.png',
  '.env',
  '.git/config',
  'x'.repeat(2000),
  '%F0%9F%98%80.png',
  '%ED%A0%80',
  '%zz',
  'index.html',
  'does-not-exist.png',
  'bank-png/',
  'static/index.html',
  'json',
];

/** Query keys and values with a special meaning: paging out of range, arrays, encodings, numbers of every form. */
export const PAGING_VALUES: readonly string[] = [
  '0',
  '-1',
  '1e9',
  'abc',
  '1.5',
  '101',
  '100',
  '1',
  '',
  'NaN',
  'Infinity',
  '1e999',
  '-0',
  '5e-324',
  '9007199254740993',
  '2147483648',
  '0x10',
  '%20',
  '%00',
  '%zz',
  '%E0%A4%A',
  '%ED%A0%80',
  '1%2C2',
  'x'.repeat(3000),
];

const VALID_QUERY_VALUES: Record<string, readonly string[]> = {
  page: ['1', '2'],
  limit: ['1', '20', '100'],
  sort: ['oldest', 'newest', 'OLDEST'],
  status: ['WAITING', 'APPROVED', 'REJECTED', 'UNMATCHED', 'CREDITED', 'ASSIGNED', 'waiting'],
  type: ['DEPOSIT', 'WITHDRAW', 'MANUAL_DEPOSIT'],
  q: ['08', 'fuzz', '%25', '_'],
  amount: ['100', '1.50', '0.01'],
  id: ['1', '999999999'],
  playerId: ['1'],
  from: ['2024-01-01T00:00:00Z', '0000-01-01T00:00:00Z', '2024-02-30T00:00:00Z', '9999-12-31T23:59:59.999+14:00'],
  to: ['2024-01-01T00:00:00Z', '1969-12-31T23:59:59Z', '2024-12-31T00:00:00-12:00'],
  bank: ['KBANK', '004', 'kbank'],
};

export const GENERIC_QUERY_KEYS = ['page', 'limit', 'sort', 'status', 'q', 'amount', 'id'];

function queryPair(keys: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { arbitrary: fc.constantFrom(...keys), weight: 6 },
    {
      arbitrary: fc.constantFrom('__proto__', 'constructor', '', '%00', 'page[]', 'page[a]', 'x'.repeat(500)),
      weight: 1,
    },
  );
  return fc
    .record({
      key,
      value: fc.oneof(
        { arbitrary: fc.constantFrom(...PAGING_VALUES), weight: 3 },
        { arbitrary: hostileString.map(encodeText), weight: 2 },
        { arbitrary: fc.constantFrom(...Object.values(VALID_QUERY_VALUES).flat()), weight: 2 },
      ),
      repeat: fc.nat({ max: 5 }),
    })
    .map(({ key, value, repeat }) => {
      const pair = `${key}=${value}`;
      // Sometimes the same key twice: page=1&page=2 is an array to most query parsers.
      return repeat === 0 ? `${pair}&${pair.replace(/=.*/, '=2')}` : pair;
    });
}

export function queryArbitrary(route: FuzzRoute): fc.Arbitrary<string> {
  const known = zodFieldNames(route.querystring);
  const keys = known.length > 0 ? [...new Set([...known, 'page', 'limit'])] : GENERIC_QUERY_KEYS;
  return fc.oneof(
    { arbitrary: fc.constant(''), weight: route.method === 'GET' ? 1 : 4 },
    {
      arbitrary: fc.array(queryPair(keys), { minLength: 1, maxLength: 5 }).map((pairs) => `?${pairs.join('&')}`),
      weight: route.method === 'GET' ? 5 : 1,
    },
    { arbitrary: fc.constantFrom('?', '?&&&', '?=', '?a', '?%', '?page=%E0%A4%A'), weight: 1 },
  );
}

/** Values for a path parameter: valid-looking (given per name) or hostile. */
export function paramArbitrary(valid: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...(valid.length > 0 ? valid : ['1'])), weight: 3 },
    { arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS), weight: 3 },
    { arbitrary: hostileString.map(encodeText), weight: 1 },
  );
}

export const tailArbitrary = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_TAILS), weight: 4 },
  { arbitrary: hostileString.map(encodeText), weight: 1 },
);

// Headers ----------------------------------------------------------------------------

/** Header values stay printable Latin-1: anything else no HTTP client can send, and Node refuses it. */
const headerText = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

const HEADER_VALUES: Record<string, fc.Arbitrary<string>> = {
  'accept-language': fc.constantFrom('th', 'en', 'cn', '*', 'th;q=abc', ',,,', 'x'.repeat(5000), 'zz-ZZ', 'en;q=0'),
  'idempotency-key': fc.oneof(
    fc.constantFrom('', ' ', 'short', 'x'.repeat(129), 'a b c d e f g h', '../../etc/x', '%00', '\t'),
    fc.uuid().map((uuid) => `fuzz-${uuid}`),
  ),
  'user-agent': fc.constantFrom('', 'x'.repeat(8000), 'sqlmap/1.7', 'Mozilla/5.0 (\u00e9)'),
  'x-forwarded-for': fc.constantFrom('1.2.3.4', 'garbage', '::1, evil, 999.999.999.999'),
  'content-encoding': fc.constantFrom('gzip', 'br', 'deflate', 'identity', 'x-unknown'),
  accept: fc.constantFrom('text/html', 'application/xml', '*/*', 'image/png', ''),
  origin: fc.constantFrom('http://evil.example', 'null', 'x'),
  cookie: fc.constantFrom('a=b', '=====', 'x'.repeat(4000)),
  'x-fuzz-padding': fc.integer({ min: 1000, max: 12_000 }).map((size) => 'p'.repeat(size)),
  'x-fuzz-text': hostileString.map(headerText),
};

/** Up to three odd headers: languages, idempotency keys, agents, encodings, origins, cookies, padding up to 12 KB. */
export const extraHeadersArbitrary: fc.Arbitrary<Record<string, string>> = fc
  .array(fc.oneof(...Object.entries(HEADER_VALUES).map(([name, value]) => fc.tuple(fc.constant(name), value))), {
    maxLength: 3,
  })
  .map((pairs) => Object.fromEntries(pairs));

// Properties of an answer ---------------------------------------------------------------

export const SECURITY_HEADER_NAMES = Object.keys(FALLBACK_SECURITY_HEADERS);
const KNOWN_ERROR_CODES = new Set<string>(ERROR_CODES);

export type Answer = { statusCode: number; headers: Record<string, unknown>; body: string };

/**
 * What must hold for every answer: no 5xx, the security headers, and for
 * every 4xx a JSON error in the API's shape (the provider protocol's shape on
 * the provider callbacks). Returns the broken rule, or undefined.
 */
export function brokenRule(route: FuzzRoute, method: string, answer: Answer): string | undefined {
  if (answer.statusCode >= 500) return `a ${answer.statusCode}`;
  for (const name of SECURITY_HEADER_NAMES) {
    if (!answer.headers[name]) return `no ${name} header`;
  }
  if (answer.headers['x-content-type-options'] !== 'nosniff') return 'x-content-type-options is not nosniff';
  if (answer.statusCode < 400) return undefined;
  const type = String(answer.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return `a ${answer.statusCode} of content-type "${type}"`;
  if (answer.headers['cache-control'] !== 'no-store') return `a ${answer.statusCode} without cache-control: no-store`;
  if (method === 'HEAD') return undefined;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return `a ${answer.statusCode} whose body is not JSON`;
  }
  if (route.credentials === 'provider') {
    if (body.ok !== false || typeof body.code !== 'string' || typeof body.message !== 'string' || !body.message) {
      return 'a refusal not in the provider protocol shape {ok:false, code, message}';
    }
    return undefined;
  }
  const data = body.data as { errorCode?: unknown } | undefined;
  if (body.success !== false) return 'success is not false';
  if (body.status !== answer.statusCode)
    return `status ${String(body.status)} in the body, ${answer.statusCode} on the wire`;
  if (typeof body.message !== 'string' || body.message.trim().length === 0) return 'no message';
  if (typeof data?.errorCode !== 'string' || !KNOWN_ERROR_CODES.has(data.errorCode)) return 'no known data.errorCode';
  return undefined;
}

/** The answer's error code, when it is an error of the API. */
export function errorCodeOf(answer: Answer): string | undefined {
  try {
    const body = JSON.parse(answer.body) as { data?: { errorCode?: string }; code?: string };
    return body.data?.errorCode ?? body.code;
  } catch {
    return undefined;
  }
}

// The stored state ------------------------------------------------------------------------

/** Tables whose changes do not count (see installChangeLog). */
const UNWATCHED_TABLES = ['login_failures', 'player_login_failures', 'schema_migrations', 'fuzz_changes'];

/**
 * Records every row written to the database from now on: a trigger on each
 * table appends the table's name and the operation to fuzz_changes, in the
 * writing transaction (a rolled-back write leaves no trace, as it leaves no
 * data). The fingerprint of the state is then the last id of that log, which
 * is as cheap as a query gets, and a change names its tables.
 *
 * "Changed" means: any row of any table was inserted, updated or deleted —
 * players, sessions, operators and their sessions, ledger accounts (the
 * stored balances), journal entries, postings, history, idempotency keys,
 * settings, house accounts, rewards, bank transfers, slips, the audit log,
 * provider links and transfers, seamless transactions, check runs, and any
 * table added later.
 *
 * Not watched: login_failures and player_login_failures. A refused login,
 * operator sign-in or old password is recorded there on purpose (that record
 * is the throttle, and for players what the withdrawal risk rules count), and
 * so is a registration attempt when the per-address limit is on. Those rows
 * change no balance, no account and no session; the throttle has its own tests
 * (hardening.test.ts). For a database of the fuzz's own only: never on a shared one.
 */
export async function installChangeLog(db: Db): Promise<void> {
  await sql`create table fuzz_changes (id bigserial primary key, table_name text not null, op text not null)`.execute(
    db,
  );
  await sql`
    create function fuzz_record_change() returns trigger language plpgsql as $$
    begin
      insert into fuzz_changes (table_name, op) values (TG_TABLE_NAME, TG_OP);
      return null;
    end $$`.execute(db);
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  for (const { name } of tables.rows) {
    if (UNWATCHED_TABLES.includes(name)) continue;
    await sql
      .raw(
        `create trigger fuzz_change after insert or update or delete on "${name}" for each row execute function fuzz_record_change()`,
      )
      .execute(db);
  }
}

/** The position of the change log: equal before and after means nothing was written. */
export async function changeMark(db: Db): Promise<number> {
  const row = await sql<{ n: number | null }>`select max(id) as n from fuzz_changes`.execute(db);
  return row.rows[0]?.n ?? 0;
}

/** Files under a directory (uploads), counted. */
export function fileCount(directory: string): number {
  try {
    return readdirSync(directory, { recursive: true }).length;
  } catch {
    return 0;
  }
}

/** What was written after a mark, as "table operation ×count". */
export async function changesSince(db: Db, mark: number): Promise<string[]> {
  const rows = await sql<{ table_name: string; op: string; n: number }>`
    select table_name, op, count(*)::int as n from fuzz_changes where id > ${mark}
     group by table_name, op order by table_name, op`.execute(db);
  return rows.rows.map((row) => `${row.table_name} ${row.op.toLowerCase()} ×${row.n}`);
}

// Over a real socket ---------------------------------------------------------------------------

/**
 * Sends raw bytes to a listening server and reads the whole answer (every
 * request says Connection: close, so the server ends the exchange).
 */
export function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    const answer = () => Buffer.concat(chunks).toString('latin1');
    socket.setTimeout(10_000, () => {
      socket.destroy();
      reject(new Error(`no answer within 10 s to ${JSON.stringify(request.slice(0, 120))}`));
    });
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => resolve(answer()));
    // The server may close while an oversized request is still being written.
    socket.on('error', (error) => (chunks.length > 0 ? resolve(answer()) : reject(error)));
    socket.write(request);
  });
}

/** The status, headers and (de-chunked) body of a raw HTTP/1.1 answer. */
export function parseRawAnswer(raw: string): Answer {
  const split = raw.indexOf('\r\n\r\n');
  const head = split < 0 ? raw : raw.slice(0, split);
  let body = split < 0 ? '' : raw.slice(split + 4);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  if (headers['transfer-encoding'] === 'chunked') {
    let rest = body;
    body = '';
    for (;;) {
      const end = rest.indexOf('\r\n');
      const size = Number.parseInt(rest.slice(0, end), 16);
      if (!(size > 0)) break;
      body += rest.slice(end + 2, end + 2 + size);
      rest = rest.slice(end + 2 + size + 2);
    }
  }
  return { statusCode: Number(statusLine.split(' ')[1]), headers, body: Buffer.from(body, 'latin1').toString('utf8') };
}
