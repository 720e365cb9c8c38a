import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` (a const enum that isolated modules cannot import). */
const ARGON2ID = 2;

/** OWASP ASVS / cheat-sheet minimum for argon2id: t=2, m=19 MiB, p=1. */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, timeCost: 2, memoryCost: 19_456, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Spend the same time as a real check, so "no such account" cannot be told apart by timing. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('timing-equaliser-not-a-real-password');
  await verifyPassword(await dummyHash, password);
}
