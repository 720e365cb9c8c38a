import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { ERROR_CODES, type MfaSetup, type MfaStatus } from '@studynest/contracts';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Config } from '../../config/env.ts';
import type { DbOrTx } from '../../db/client.ts';
import { derivedKey } from '../../lib/derived-key.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { users } from './auth.schema.ts';
import { matchTotp, newTotpSecret, otpauthUrl } from './totp.ts';

type MfaContext = { db: DbOrTx; config: Config };
type MfaUser = { id: string; totpSecret: string | null; totpEnabledAt: Date | null };

/**
 * TOTP secrets are kept encrypted (AES-256-GCM, key derived from the server secret), so a copy of
 * the database alone does not yield admins' second factors. Rotating JWT_SECRET therefore means
 * admins set two-step sign-in up again (README, "Accounts and security").
 */
const secretKey = (serverSecret: string) => derivedKey(serverSecret, 'totp secrets');

function seal(serverSecret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(serverSecret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

function unseal(serverSecret: string, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', secretKey(serverSecret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * Check a code against the user's secret and use it up: the step is stored with a conditional
 * update, so the same code (or an older one) is refused afterwards, even by parallel requests.
 * 'reused': a right code that was already used — someone else may have seen it (ASVS 2.8.5).
 */
export async function checkTotp(
  ctx: MfaContext,
  user: MfaUser,
  code: string,
): Promise<'ok' | 'wrong' | 'reused'> {
  const secret = user.totpSecret ? unseal(ctx.config.jwtSecret, user.totpSecret) : null;
  const step = secret ? matchTotp(secret, code) : null;
  if (step === null) return 'wrong';
  const [used] = await ctx.db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return used ? 'ok' : 'reused';
}

const acceptTotp = async (ctx: MfaContext, user: MfaUser, code: string) =>
  (await checkTotp(ctx, user, code)) === 'ok';

/**
 * With ADMIN_MFA=required, an admin's powers (admin routes, and reading other people's profiles
 * and payments) wait until two-step sign-in is on.
 */
export function assertAdminReady(config: Config, user: { role: string; mfaEnabled: boolean }): void {
  if (user.role === 'admin' && config.adminMfaRequired && !user.mfaEnabled) {
    throw new AppError(
      403,
      'Turn on two-step sign-in before using admin pages: open Two-step sign-in in the admin menu.',
      undefined,
      undefined,
      ERROR_CODES.mfaSetupRequired,
    );
  }
}

export const mfaStatus = (config: Config, user: MfaUser): MfaStatus => ({
  enabled: user.totpEnabledAt !== null,
  required: config.adminMfaRequired,
});

/** A fresh secret, stored (sealed) but not active until a code from it is confirmed. */
export async function startMfaSetup(ctx: MfaContext, user: MfaUser & { email: string }): Promise<MfaSetup> {
  if (user.totpEnabledAt) {
    throw conflict('Two-step sign-in is already on. Turn it off first to move it to a new phone.');
  }
  const secret = newTotpSecret();
  await ctx.db
    .update(users)
    .set({ totpSecret: seal(ctx.config.jwtSecret, secret), totpLastStep: null })
    .where(eq(users.id, user.id));
  return { secret, otpauth_url: otpauthUrl(secret, user.email) };
}

const wrongCode = (message: string) => badRequest(message, { code: message });

/** The first right code switches two-step sign-in on. */
export async function enableMfa(ctx: MfaContext, user: MfaUser, code: string): Promise<void> {
  if (user.totpEnabledAt) throw conflict('Two-step sign-in is already on.');
  if (!user.totpSecret) throw conflict('Start the set-up first, then enter the code the app shows.');
  if (!(await acceptTotp(ctx, user, code))) {
    throw wrongCode('That code is not correct. Check the phone’s time and enter the code the app shows now.');
  }
  await ctx.db
    .update(users)
    .set({ totpEnabledAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, user.id));
}

/** The columns that hold a two-step set-up, cleared: turned off by its owner or reset by an admin. */
export const MFA_OFF = { totpSecret: null, totpEnabledAt: null, totpLastStep: null } as const;

/** Switch it off (the caller has checked the password); the code proves the phone is at hand. */
export async function disableMfa(ctx: MfaContext, user: MfaUser, code: string): Promise<void> {
  if (!user.totpEnabledAt) throw conflict('Two-step sign-in is not on.');
  if (!(await acceptTotp(ctx, user, code))) {
    throw wrongCode('That code is not correct. Enter the code your authenticator app shows now.');
  }
  await ctx.db
    .update(users)
    .set({ ...MFA_OFF, updatedAt: new Date() })
    .where(eq(users.id, user.id));
}
