import { hkdfSync } from 'node:crypto';

const keys = new Map<string, Buffer>();

/**
 * A 256-bit key for one purpose (`label`), derived from a server secret with HKDF-SHA256, so no
 * two uses (token signing, code hashing, encrypting two-step secrets) ever share a key. Kept per
 * secret and label: derivation runs once per process.
 */
export function derivedKey(secret: string, label: string): Buffer {
  const id = `${label}\n${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'studynest', label, 32));
    keys.set(id, key);
  }
  return key;
}
