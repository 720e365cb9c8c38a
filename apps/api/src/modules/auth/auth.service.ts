import {
  BUSINESS,
  CONSENT_KINDS,
  ERROR_CODES,
  formatLagosDateTime,
  type LoginResponse,
  type LoginSchema,
  type ResetPasswordSchema,
  type User,
  type VerifyEmailResponse,
  type VerifyEmailSchema,
} from '@studynest/contracts';
import type { SignupSchema } from '@studynest/contracts/account-details';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type * as z from 'zod/mini';
import type { Config } from '../../config/env.ts';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors.ts';
import { queueEmail } from '../messages/index.ts';
import { users } from './auth.schema.ts';
import { recordConsents } from './consent.service.ts';
import { checkTotp } from './mfa.service.ts';
import { issueCode, redeemCode } from './otp.ts';
import {
  burnPasswordCheck,
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from './password.ts';
import { checkSignupTicket, issueSignupTicket } from './signup-ticket.ts';
import {
  type AuthLimits,
  assertMayTryPassword,
  passwordFailed,
  passwordReset,
  passwordSucceeded,
  takeCodeMail,
} from './throttle.ts';
import { issueToken, revokeAllSessions, revokeSession } from './tokens.ts';
import { toUser, type UserRow } from './user.mapper.ts';

export type AuthContext = Pick<Deps, 'db' | 'config' | 'jobs'> & {
  log: FastifyBaseLogger;
  limits: AuthLimits;
  /** The client's address (`request.ip`, which believes only TRUST_PROXY): limits count per source. */
  ip: string;
  /** Run work after the answer (awaited when the app closes); its errors are logged. */
  later: (work: () => Promise<void>) => void;
};

/** A new password's hash, made with the pepper whenever one is configured. */
export async function newPasswordHash(config: Config, password: string) {
  return {
    passwordHash: await hashPassword(password, config.passwordPepper),
    passwordPeppered: Boolean(config.passwordPepper),
  };
}

/**
 * Check a user's password. A right password whose hash predates the pepper is hashed again with
 * it, so every account moves to the peppered hash at its next login (conditional on the old hash,
 * so a password changed meanwhile is not overwritten).
 */
export async function passwordMatches(ctx: AuthContext, user: UserRow, password: string): Promise<boolean> {
  const pepper = ctx.config.passwordPepper;
  const ok = await verifyPassword(user.passwordHash, password, user.passwordPeppered ? pepper : undefined);
  if (ok && pepper && !user.passwordPeppered) {
    await ctx.db
      .update(users)
      .set(await newPasswordHash(ctx.config, password))
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)));
  }
  return ok;
}

/** Tell the owner whenever their password or second factor changes (ASVS 2.5.5). */
export function securityNotice(
  deps: Pick<Deps, 'db' | 'jobs'>,
  user: Pick<UserRow, 'id' | 'email' | 'firstName'>,
  what: string,
) {
  return queueEmail(deps, {
    to: user.email,
    userId: user.id,
    topic: 'security',
    subject: `StudyNest: ${what}`,
    text: `Hello ${user.firstName},\n\n${what} on your StudyNest account just now (${formatLagosDateTime(new Date())}, Lagos time).\n\nIf this was you, there is nothing to do. If it was not, reset your password at once with "Forgot password" on the login page, and reply to this e-mail so we can help.\n\nStudyNest`,
  });
}

export const LOGIN_FAILED_MESSAGE = 'The email or password is incorrect';
export const DUPLICATE_EMAIL_MESSAGE = 'An account with this email already exists';
export const RESEND_MESSAGE =
  'If that email belongs to an account that still needs confirming, we have sent it a new 4-digit code.';
export const FORGOT_MESSAGE =
  'If that email belongs to an account, we have sent it a 4-digit code to reset the password.';

export async function findLiveUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function assertAcceptablePassword(password: string, field = 'password') {
  if (await isCommonPassword(password)) {
    throw badRequest(COMMON_PASSWORD_MESSAGE, { [field]: COMMON_PASSWORD_MESSAGE });
  }
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const duplicateEmail = () => conflict(DUPLICATE_EMAIL_MESSAGE, { email: DUPLICATE_EMAIL_MESSAGE });

type SignupData = z.output<typeof SignupSchema>;

/** Insert a user, or 409 when the (live) e-mail is taken — checked first, and by the unique index under races. */
async function createUser(
  ctx: Pick<AuthContext, 'db' | 'config'>,
  data: SignupData,
  extra: { role: 'student' | 'admin'; isEmailConfirmed: boolean; consentAsked?: boolean },
  inTx?: (tx: Parameters<Parameters<Db['transaction']>[0]>[0], user: UserRow) => Promise<void>,
): Promise<UserRow> {
  await assertAcceptablePassword(data.password);
  if (await findLiveUserByEmail(ctx.db, data.email)) throw duplicateEmail();
  const hashed = await newPasswordHash(ctx.config, data.password);
  const optedIn = data.marketing_opt_in === true;
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          firstName: data.first_name,
          lastName: data.last_name,
          gender: data.gender,
          email: data.email,
          phoneNumber: data.phone_number,
          ...hashed,
          role: extra.role,
          isEmailConfirmed: extra.isEmailConfirmed,
          // Sign-up asks; news and offers go only to a person who said yes (docs/domain.md, "Consent").
          // Service messages (notify_*) keep their default: they are not marketing.
          ...(extra.consentAsked ? { marketingEmail: optedIn, marketingSms: optedIn } : {}),
        })
        .returning();
      if (!row) throw new Error('user insert returned nothing');
      if (extra.consentAsked) {
        await recordConsents(
          tx,
          row.id,
          CONSENT_KINDS.map((kind) => ({ kind, granted: optedIn })),
          'signup',
        );
      }
      await inTx?.(tx, row);
      return row;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateEmail();
    throw err;
  }
}

function codeMail(
  { id, email, firstName }: Pick<UserRow, 'id' | 'email' | 'firstName'>,
  code: string,
  purpose: 'verify_email' | 'reset_password',
) {
  const ttl = BUSINESS.otpTtlMinutes;
  const to = { to: email, userId: id, topic: 'account' as const };
  if (purpose === 'verify_email') {
    return {
      ...to,
      subject: `Your StudyNest code is ${code}`,
      text: `Hello ${firstName},\n\nEnter this four digit code to confirm your email address: ${code}\n\nIt expires in ${ttl} minutes. If you did not create a StudyNest account, ignore this e-mail.\n\nStudyNest`,
    };
  }
  return {
    ...to,
    subject: `Your StudyNest password reset code is ${code}`,
    text: `Hello ${firstName},\n\nEnter this four digit code to reset your password: ${code}\n\nIt expires in ${ttl} minutes. If you did not ask to reset your password, ignore this e-mail; your password stays the same.\n\nStudyNest`,
  };
}

export async function signup(
  ctx: AuthContext,
  data: SignupData,
): Promise<{ message: string; user: User; signup_ticket: string }> {
  let code = '';
  const signupExtra = { role: 'student', isEmailConfirmed: false, consentAsked: true } as const;
  const row = await createUser(ctx, data, signupExtra, async (tx, user) => {
    code = await issueCode(tx, ctx.config.jwtSecret, user.id, 'verify_email');
  });
  await queueEmail(ctx, codeMail(row, code, 'verify_email'));
  return {
    message: `Account created. We sent a 4-digit code to ${row.email} to confirm your email address.`,
    user: toUser(row),
    signup_ticket: issueSignupTicket(ctx.config.jwtSecret, row),
  };
}

/** Admin-made admins: names, gender and e-mail lowercased (as the spec's admin form does), e-mail trusted. */
export async function adminSignup(
  ctx: AuthContext,
  data: SignupData,
): Promise<{ message: string; user: User }> {
  const row = await createUser(
    ctx,
    {
      ...data,
      first_name: data.first_name.toLowerCase(),
      last_name: data.last_name.toLowerCase(),
      gender: data.gender.toLowerCase() as SignupData['gender'],
      email: data.email.toLowerCase(),
    },
    { role: 'admin', isEmailConfirmed: true },
  );
  return { message: 'Admin Account Created Successfully', user: toUser(row) };
}

/**
 * A student whose e-mail is known good without a code (the demo data's students, addresses on a
 * reserved domain): the sign-up's checks and hashing, the account confirmed.
 */
export async function createConfirmedStudent(
  ctx: Pick<AuthContext, 'db' | 'config'>,
  data: SignupData,
): Promise<UserRow> {
  return createUser(ctx, data, { role: 'student', isEmailConfirmed: true });
}

/**
 * Confirms the address. With the ticket sign-up gave this browser (the one that chose the password,
 * minutes ago), a student is signed in too (ADR 0023); without it, or with one that is not good,
 * the address is still confirmed and she logs in with her password. An address already confirmed
 * signs nobody in, ticket or not: the code is what proves the mailbox, and none is checked then.
 */
export async function verifyEmail(
  ctx: AuthContext,
  data: z.output<typeof VerifyEmailSchema>,
  userAgent = '',
): Promise<VerifyEmailResponse> {
  const user = await findLiveUserByEmail(ctx.db, data.email);
  if (user?.isEmailConfirmed) return { message: 'Your email address is already confirmed.' };
  await redeemCode(ctx, { account: data.email, ip: ctx.ip }, user, 'verify_email', data.otp, async (tx) => {
    await tx
      .update(users)
      .set({ isEmailConfirmed: true, updatedAt: new Date() })
      .where(eq(users.id, user!.id));
  });
  const message = 'Your email address is confirmed.';
  const typedAt =
    data.signup_ticket && user!.role === 'student' && !user!.totpEnabledAt
      ? checkSignupTicket(ctx.config.jwtSecret, user!, data.signup_ticket)
      : undefined;
  if (!typedAt) return { message };
  const token = await issueToken(ctx.db, ctx.config.jwtSecret, user!, userAgent, typedAt);
  return { message, token, user: signedInUser(ctx, user!) };
}

/**
 * Whether the address has an account (and needs a code) is looked up after the answer, with the
 * code and its e-mail: known and unknown addresses answer after the same steps, the limits only,
 * so the time tells nobody which addresses exist (ADR 0011, bench/auth-enumeration.mjs).
 */
function mailCodeLater(ctx: AuthContext, email: string, purpose: 'verify_email' | 'reset_password') {
  ctx.later(async () => {
    const user = await findLiveUserByEmail(ctx.db, email);
    if (!user || (purpose === 'verify_email' && user.isEmailConfirmed)) return;
    const code = await issueCode(ctx.db, ctx.config.jwtSecret, user.id, purpose);
    await queueEmail(ctx, codeMail(user, code, purpose));
  });
}

/** Same answer, after the same steps, whatever the account's state. */
export async function resendOtp(ctx: AuthContext, email: string): Promise<{ message: string }> {
  await takeCodeMail(ctx.limits, 'verify_email', { account: email, ip: ctx.ip });
  mailCodeLater(ctx, email, 'verify_email');
  return { message: RESEND_MESSAGE };
}

export async function forgotPassword(ctx: AuthContext, email: string): Promise<{ message: string }> {
  await takeCodeMail(ctx.limits, 'reset_password', { account: email, ip: ctx.ip });
  mailCodeLater(ctx, email, 'reset_password');
  return { message: FORGOT_MESSAGE };
}

/** A successful reset signs the account out everywhere and confirms the e-mail (the code proved it). */
export async function resetPassword(
  ctx: AuthContext,
  data: z.output<typeof ResetPasswordSchema>,
): Promise<{ message: string }> {
  // Refuse a weak new password before spending one of the code's tries.
  await assertAcceptablePassword(data.password);
  const user = await findLiveUserByEmail(ctx.db, data.email);
  const hashed = await newPasswordHash(ctx.config, data.password);
  await redeemCode(ctx, { account: data.email, ip: ctx.ip }, user, 'reset_password', data.otp, async (tx) => {
    await tx
      .update(users)
      .set({ ...hashed, isEmailConfirmed: true, updatedAt: new Date() })
      .where(eq(users.id, user!.id));
    await revokeAllSessions(tx, user!.id);
  });
  await passwordReset(ctx.limits, data.email);
  await securityNotice(ctx, user!, 'Your password was reset');
  return { message: 'Your password has been reset. You can now log in with the new password.' };
}

const totpRequired = (message: string) =>
  new AppError(401, message, { totp: message }, undefined, ERROR_CODES.totpRequired);

/**
 * Unknown e-mail and wrong password answer alike, in similar time (a dummy argon2 check).
 * An unconfirmed e-mail may still log in: the profile shows that it needs confirming.
 * With two-step sign-in on, the right password alone answers 401 `totp_required`.
 */
export async function login(
  ctx: AuthContext,
  data: z.output<typeof LoginSchema>,
  userAgent = '',
): Promise<LoginResponse> {
  const email = data.email;
  const attempt = { account: email, ip: ctx.ip };
  await assertMayTryPassword(ctx.limits, attempt);
  const user = await findLiveUserByEmail(ctx.db, email);
  const ok = user ? await passwordMatches(ctx, user, data.password) : false;
  if (!user) await burnPasswordCheck(data.password);
  if (!user || !ok) {
    await passwordFailed(ctx.limits, attempt);
    throw unauthorized(LOGIN_FAILED_MESSAGE);
  }
  if (user.totpEnabledAt) {
    if (!data.totp) throw totpRequired('Enter the 6-digit code from your authenticator app.');
    const checked = await checkTotp(ctx, user, data.totp);
    if (checked !== 'ok') {
      await passwordFailed(ctx.limits, attempt);
      if (checked === 'reused') {
        // The right password with a code already used: it may have been watched or phished.
        ctx.log.warn({ userId: user.id }, 'two-step code used again at login: refused, owner told');
        await securityNotice(
          ctx,
          user,
          'Someone tried to sign in with your password and a two-step code that was already used',
        );
      }
      throw totpRequired('That code is not correct. Enter the code your authenticator app shows now.');
    }
  }
  await passwordSucceeded(ctx.limits, attempt);
  const token = await issueToken(ctx.db, ctx.config.jwtSecret, user, userAgent);
  return { token, user: signedInUser(ctx, user) };
}

/** Who has just signed in, as login (and a code with a sign-up ticket) answers it. */
function signedInUser(ctx: Pick<AuthContext, 'config'>, user: UserRow): LoginResponse['user'] {
  const admin = user.role === 'admin';
  return {
    _id: user.id,
    role: user.role as User['role'],
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    ...(admin ? { mfa_setup_required: ctx.config.adminMfaRequired && !user.totpEnabledAt } : {}),
  };
}

export const logout = (db: Db, sessionId: string) => revokeSession(db, sessionId);
