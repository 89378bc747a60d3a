import { createScanner } from 'jsonc-parser';
import { AppError } from '../lib/app-error.ts';
import type { App } from './types.ts';

/** The scanner's token kinds this file reads (jsonc-parser declares them as a const enum, which erases). */
const NUMERIC_LITERAL = 11;
const EOF = 17;

const NUMBER_TEXT = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/**
 * A decimal number's text reduced to one spelling: sign, significant digits
 * and the power of ten of the last one (`500.10`, `500.1` and `5.001e2` are
 * all `5001e-1`; zero is `0` whatever its sign). Undefined for a text that is
 * no finite decimal number (`Infinity`).
 */
function canonical(text: string): string | undefined {
  const parts = NUMBER_TEXT.exec(text);
  if (!parts) return undefined;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = parts;
  const digits = `${whole}${fraction}`.replace(/^0+/, '');
  if (digits === '') return '0';
  const significant = digits.replace(/0+$/, '');
  const power = Number(exponent) - fraction.length + (digits.length - significant.length);
  return `${sign}${significant}e${power}`;
}

/**
 * Whether a JSON number literal reads as exactly what it says. JSON.parse
 * keeps the nearest double and drops the digits beyond it without a word:
 * `500.10000000000001` becomes 500.1, `9007199254740993` becomes
 * 9007199254740992, `1e400` becomes Infinity. A literal is exact when it is,
 * but for trailing zeros and the way it is written, the shortest decimal of
 * the double it becomes (JavaScript's own number-to-text), so every literal
 * JSON.stringify writes is exact and a literal with digits no double holds is
 * not. Exponents are allowed (`5e2` is exactly 500); amounts are then held to
 * two decimals by their own rule (bahtToSatang) on the exact value.
 */
export function isExactNumberLiteral(text: string): boolean {
  const written = canonical(text);
  return written !== undefined && written === canonical(String(Number(text)));
}

/**
 * The first number literal in a JSON text that does not read exactly as
 * written (isExactNumberLiteral), or undefined. Run on a text JSON.parse
 * accepted, so every numeric token is a JSON number.
 */
export function firstInexactNumber(json: string): string | undefined {
  const scanner = createScanner(json, true);
  for (let token = scanner.scan(); token !== EOF; token = scanner.scan()) {
    if (token === NUMERIC_LITERAL && !isExactNumberLiteral(scanner.getTokenValue())) return scanner.getTokenValue();
  }
  return undefined;
}

/** The refusal of a body with an inexact number: 400, and nothing is done with it. */
export const inexactNumberError = () => new AppError(400, 'JSON_NUMBER_INEXACT', 'json_number_inexact');

/**
 * Every JSON body of the app is parsed as Fastify parses it (secure-json-parse,
 * prototype poisoning refused), then refused when a number in it does not
 * read exactly as written: an amount of `500.10000000000001` must be a 400,
 * not 500.10 (the amount's text, not the double it rounds to, is what the
 * sender meant). Scopes that read their body as text (signed webhooks) check
 * the same with firstInexactNumber.
 */
export function registerExactJsonBodies(app: App): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    parse(request, text, (error, value) => {
      if (error) done(error, undefined);
      else if (firstInexactNumber(text) !== undefined) done(inexactNumberError(), undefined);
      else done(null, value);
    });
  });
}
