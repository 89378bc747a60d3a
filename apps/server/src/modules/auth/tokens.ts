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

/** Signs and verifies session tokens: an HS256 JWT naming a server-side session row. */
export function createTokenSigner(secret: string, issuer: string = TOKEN_ISSUER.player) {
  const key = importKey(keyFor(secret, issuer));
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
        return { sessionId: payload.sid, subjectId };
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;
