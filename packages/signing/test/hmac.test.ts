import { describe, expect, it } from 'vitest';
import { checkSignature, signBody, signedHeaders } from '../src/hmac.ts';

const SECRET = 'example-webhook-secret-0123456789abcdef';
const BODY =
  '{"reference":"FT24110912345678","fromBankCode":"KBANK","fromAccountNumber":"xxx-x-x4567-x","toAccountNumber":"0381234567","amount":500,"transferredAt":"2026-11-22T14:05:09+07:00"}';

describe('HMAC-signed messages', () => {
  it('matches the worked example of docs/features.md (timestamp 1795000000)', () => {
    expect(signBody(SECRET, 1_795_000_000, BODY)).toBe(
      'sha256=ef41705126e440eb73d72255b738f2c51a2aee075b49cab68868d32b2b73c1bd',
    );
  });

  it('accepts its own signature and refuses another body, another secret, a stale or missing time', () => {
    const now = 1_795_000_000_000;
    const headers = signedHeaders(SECRET, BODY, now);
    expect(checkSignature(SECRET, headers, BODY, { nowMs: now })).toBe('ok');
    expect(checkSignature(SECRET, headers, `${BODY} `, { nowMs: now })).toBe('invalid');
    expect(checkSignature('another-secret-0123456789abcdef0123', headers, BODY, { nowMs: now })).toBe('invalid');
    expect(checkSignature(SECRET, headers, BODY, { nowMs: now + 301_000 })).toBe('stale');
    expect(checkSignature(SECRET, headers, BODY, { nowMs: now - 301_000 })).toBe('stale');
    expect(checkSignature(SECRET, { ...headers, timestamp: undefined }, BODY, { nowMs: now })).toBe('stale');
    expect(checkSignature(SECRET, { ...headers, signature: 'sha256=abc' }, BODY, { nowMs: now })).toBe('invalid');
    expect(checkSignature(SECRET, { ...headers, signature: ['a', 'b'] }, BODY, { nowMs: now })).toBe('invalid');
  });
});
