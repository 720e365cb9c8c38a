import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` (a const enum that isolated modules cannot import). */
const ARGON2ID = 2;

/** OWASP ASVS / cheat-sheet minimum for argon2id: t=2, m=19 MiB, p=1. */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, timeCost: 2, memoryCost: 19_456, parallelism: 1 } as const;

/**
 * `pepper`: a secret kept outside the database (PASSWORD_PEPPER), given to argon2 as its secret,
 * so a stolen users table alone cannot be cracked offline. The hash does not record whether a
 * pepper was used; the users row does (`password_peppered`).
 */
const optionsWith = (pepper: string | undefined) =>
  pepper ? { ...ARGON2_OPTIONS, secret: new TextEncoder().encode(pepper) } : ARGON2_OPTIONS;

export const hashPassword = (password: string, pepper?: string) => hash(password, optionsWith(pepper));

export async function verifyPassword(
  passwordHash: string,
  password: string,
  pepper?: string,
): Promise<boolean> {
  try {
    return await verify(passwordHash, password, optionsWith(pepper));
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

/**
 * The most common passwords (zxcvbn-ts's list, ~49,000 from real breach corpora, most frequent
 * first). Loaded once, on first use, so start-up and routes that never check stay cheap.
 */
let commonPasswords: Set<string> | undefined;
export async function isCommonPassword(password: string): Promise<boolean> {
  if (!commonPasswords) {
    const { dictionary } = await import('@zxcvbn-ts/language-common');
    commonPasswords = new Set(dictionary['passwords-common']);
  }
  return commonPasswords.has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common and easy to guess. Choose a different one, such as a few unrelated words.';
