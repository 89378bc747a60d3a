import * as OTPAuth from 'otpauth';

/** RFC 6238 defaults that every authenticator app understands. */
const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
const ISSUER = 'SIAM PLAY back office';
/** One step either side of now: codes stay valid across a little clock drift. */
const WINDOW_STEPS = 1;
const SECRET_BYTES = 20;

export function generateTotpSecret(): string {
  return new OTPAuth.Secret({ size: SECRET_BYTES }).base32;
}

function totpFor(secret: string, username: string) {
  return new OTPAuth.TOTP({
    ...TOTP_SETTINGS,
    issuer: ISSUER,
    label: username,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** The otpauth:// URI an authenticator app scans (the back office draws it as a QR). */
export function totpUri(secret: string, username: string): string {
  return totpFor(secret, username).toString();
}

/** The time step of a valid code, or undefined. The caller refuses steps it has already accepted. */
export function totpStepOf(secret: string, code: string, now = Date.now()): number | undefined {
  const totp = totpFor(secret, '');
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW_STEPS });
  if (delta === null) return undefined;
  return totp.counter({ timestamp: now }) + delta;
}

/** The current code of a secret: for the CLI, the demo and tests. */
export function totpCodeNow(secret: string, now = Date.now()): string {
  return totpFor(secret, '').generate({ timestamp: now });
}
