import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226): HMAC-SHA1, 30-second steps, 6 digits,
 * the parameters every authenticator app (Google Authenticator, Microsoft, Aegis, 1Password)
 * uses by default. Small enough to own rather than add a dependency for.
 */
export const TOTP_STEP_SECONDS = 30;
const DIGITS = 6;
/** Accept the previous and next step too: phone clocks drift and people type slowly. */
const WINDOW = 1;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const index = ALPHABET.indexOf(ch);
    if (index === -1) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new 160-bit secret (RFC 4226's recommended length), base32 as the apps expect. */
export const newTotpSecret = () => base32Encode(randomBytes(20));

export const totpStepAt = (timeMs: number) => Math.floor(timeMs / 1000 / TOTP_STEP_SECONDS);

function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', key).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** DIGITS).padStart(DIGITS, '0');
}

/** The code an authenticator app shows at `timeMs` for this base32 secret. */
export const totpAt = (secret: string, timeMs: number) => hotp(base32Decode(secret), totpStepAt(timeMs));

/**
 * The time step the code belongs to (within ±1 step of now), or null. The caller stores the step
 * and refuses codes of that step or earlier afterwards, so a seen code cannot be replayed.
 */
export function matchTotp(secret: string, code: string, nowMs = Date.now()): number | null {
  const key = base32Decode(secret);
  const given = Buffer.from(code);
  const now = totpStepAt(nowMs);
  for (let step = now - WINDOW; step <= now + WINDOW; step++) {
    const expected = Buffer.from(hotp(key, step));
    if (expected.length === given.length && timingSafeEqual(expected, given)) return step;
  }
  return null;
}

/** otpauth:// link (Key Uri Format): on a phone it opens the authenticator app ready to add. */
export function otpauthUrl(secret: string, accountEmail: string, issuer = 'StudyNest'): string {
  const label = encodeURIComponent(`${issuer}:${accountEmail}`);
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params}`;
}
