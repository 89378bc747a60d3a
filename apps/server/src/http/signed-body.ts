import { checkSignature, type SignatureCheck } from '@app/signing/hmac';
import { createScanner } from 'jsonc-parser';
import { AppError } from '../lib/app-error.ts';
import { firstInexactNumber, inexactNumberError } from './json-numbers.ts';
import type { App } from './types.ts';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

/**
 * For a scope of routes that machines call with an HMAC signature over the
 * raw body (the bank feed, game providers): JSON is read as text, the
 * signature and time are checked, and only then is the body parsed, so a
 * forged request is refused before anything looks at its content. A body
 * that names a field twice, or holds a number with more digits than it reads
 * as (an amount of 500.10000000000001), is refused: its text is what was
 * signed, and it must mean exactly one thing.
 */
export function requireSignedJson(
  scope: App,
  options: {
    secret: string;
    headers: { timestamp: string; signature: string };
    toleranceS?: number;
    refuse: (check: Exclude<SignatureCheck, 'ok'>) => Error;
  },
): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  scope.addHook('preValidation', async (request) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const check = checkSignature(
      options.secret,
      { timestamp: request.headers[options.headers.timestamp], signature: request.headers[options.headers.signature] },
      raw,
      options.toleranceS === undefined ? {} : { toleranceS: options.toleranceS },
    );
    if (check !== 'ok') throw options.refuse(check);
    request.rawBody = raw;
    try {
      request.body = JSON.parse(raw);
    } catch {
      throw new AppError(400, 'MALFORMED_JSON', 'malformed_json');
    }
    if (hasDuplicateKey(raw)) throw new AppError(400, 'JSON_DUPLICATE_KEY', 'json_duplicate_key');
    if (firstInexactNumber(raw) !== undefined) throw inexactNumberError();
  });
}

/** The scanner's token kinds this file reads (jsonc-parser declares them as a const enum, which erases). */
const SyntaxKind = {
  OpenBraceToken: 1,
  CloseBraceToken: 2,
  OpenBracketToken: 3,
  CloseBracketToken: 4,
  CommaToken: 5,
  StringLiteral: 10,
  EOF: 17,
} as const;

/**
 * Whether an object in a JSON text names one field twice. JSON.parse keeps
 * the last value, other parsers the first: a signed body must mean one thing
 * to every reader (the connector's logs, ours), so such a body is refused.
 * Names compare after their escapes are read ("\u0061" is "a"). The text is
 * walked token by token with a stack of its own, so any depth JSON.parse
 * accepted is walked without recursion.
 */
export function hasDuplicateKey(json: string): boolean {
  const scanner = createScanner(json, true);
  const next = (): number => scanner.scan();
  // One entry per open object (the names seen so far) or array (null).
  const open: (Set<string> | null)[] = [];
  let expectingName = false;
  for (let token = next(); token !== SyntaxKind.EOF; token = next()) {
    if (token === SyntaxKind.OpenBraceToken || token === SyntaxKind.OpenBracketToken) {
      open.push(token === SyntaxKind.OpenBraceToken ? new Set() : null);
      expectingName = token === SyntaxKind.OpenBraceToken;
    } else if (token === SyntaxKind.CloseBraceToken || token === SyntaxKind.CloseBracketToken) {
      open.pop();
      expectingName = false;
    } else if (token === SyntaxKind.CommaToken) {
      expectingName = Boolean(open.at(-1));
    } else if (token === SyntaxKind.StringLiteral && expectingName) {
      const names = open.at(-1);
      const name = scanner.getTokenValue();
      if (names?.has(name)) return true;
      names?.add(name);
      expectingName = false;
    } else {
      expectingName = false;
    }
  }
  return false;
}
