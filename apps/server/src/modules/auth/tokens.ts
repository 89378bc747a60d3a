import { errors, jwtVerify, SignJWT } from 'jose';

const ISSUER = 'siam-play';
const ALGORITHM = 'HS256';

export type TokenClaims = { sessionId: string; playerId: number };

/** Signs and verifies session tokens: an HS256 JWT naming a server-side session. */
export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: TokenClaims, expiresAt: Date): Promise<string> {
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(String(claims.playerId))
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },
    /** The claims of a valid token, or undefined for a malformed, foreign or expired one. */
    async verify(token: string): Promise<TokenClaims | undefined> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: [ALGORITHM] });
        const playerId = Number(payload.sub);
        if (typeof payload.sid !== 'string' || !Number.isSafeInteger(playerId)) return undefined;
        return { sessionId: payload.sid, playerId };
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;
