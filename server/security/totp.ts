// TOTP (RFC 6238, 30 s steps, ±1 step) with replay protection: the caller stores the accepted step and
// passes it back, so the same code is never accepted twice.
import { Secret, TOTP } from 'otpauth';

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpUri(secret: string, label: string, issuer: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), label, issuer }).toString();
}

/** Returns the accepted time step, or null when the code is wrong or was already used. */
export function checkTotp(
  secret: string,
  code: string,
  lastUsedStep: number | null,
  now = Date.now(),
): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / 30) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return null;
  return step;
}
