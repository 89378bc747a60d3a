import { createHmac, webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'HS256';
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The issuers of our two kinds of session token: a token of one kind is never accepted as the other. */
export const TOKEN_ISSUER = { player: 'siam-play', operator: 'siam-play-operator' } as const;

export type TokenClaims = { sessionId: string; subjectId: number };

/**
 * Each kind of token gets its own key, derived from the one configured secret,
 * so that even a forged issuer claim could not turn a player token into an
 * operator token. The player key stays the secret itself, so that sessions
 * issued before operators existed remain valid.
 */
function keyFor(secret: string, issuer: string): Uint8Array {
  if (issuer === TOKEN_ISSUER.player) return new TextEncoder().encode(secret);
  return createHmac('sha256', secret).update(`token-key:${issuer}`).digest();
}

/** The key as a WebCrypto key, imported once: jose would import raw bytes again on every token. */
function importKey(raw: Uint8Array): Promise<webcrypto.CryptoKey> {
  return webcrypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

/** Tokens whose signature was verified, remembered per signer; the oldest is forgotten beyond this. */
const VERIFIED_REMEMBERED_MAX = 10_000;

/**
 * Signs and verifies session tokens: an HS256 JWT naming a server-side session
 * row. A token verified once is remembered with its claims and expiry (the
 * app sends the same token every few seconds), so its signature is not
 * checked again; its expiry is, every time, and whether its session is still
 * active is the database's answer, never remembered here.
 */
export function createTokenSigner(secret: string, issuer: string = TOKEN_ISSUER.player) {
  const key = importKey(keyFor(secret, issuer));
  const verified = new Map<string, TokenClaims & { expiresAtS: number }>();
  const remember = (token: string, claims: TokenClaims, expiresAtS: number) => {
    verified.set(token, { ...claims, expiresAtS });
    if (verified.size > VERIFIED_REMEMBERED_MAX) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
  };
  return {
    async sign(claims: TokenClaims, expiresAt: Date): Promise<string> {
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(String(claims.subjectId))
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(await key);
    },
    /**
     * The claims of a valid token, or undefined for a malformed, foreign or
     * expired one, including a genuine signature over claims of the wrong form
     * (a session id that is not a UUID, a subject that is not a safe integer).
     */
    async verify(token: string): Promise<TokenClaims | undefined> {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAtS > Date.now() / 1000) return { sessionId: known.sessionId, subjectId: known.subjectId };
        verified.delete(token);
        return undefined;
      }
      try {
        // Only HS256 (never "none" or another algorithm the header names), and every token must say when it ends.
        const { payload } = await jwtVerify(token, await key, {
          issuer,
          algorithms: [ALGORITHM],
          requiredClaims: ['exp', 'sub'],
        });
        const subjectId = Number(payload.sub);
        if (typeof payload.sid !== 'string' || !UUID_PATTERN.test(payload.sid)) return undefined;
        if (!Number.isSafeInteger(subjectId) || subjectId <= 0) return undefined;
        const claims = { sessionId: payload.sid, subjectId };
        if (typeof payload.exp === 'number') remember(token, claims, payload.exp);
        return claims;
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;
