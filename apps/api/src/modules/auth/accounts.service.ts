import type { ConsentKind, MessageChannel, MessageList, PhoneField } from '@studynest/contracts';
import type { ProfileUpdate } from '@studynest/contracts/account-details';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { users } from './auth.schema.ts';
import { securityNotice } from './auth.service.ts';
import { CHANNEL_CONSENT, recordConsents } from './consent.service.ts';
import { MFA_OFF } from './mfa.service.ts';
import { clearPhoneReviews } from './phone-review.service.ts';
import { type AuthUser, revokeAllSessions } from './tokens.ts';

/*
 * What admins and the owner change on an account (docs/domain.md, "Accounts"). The auth module
 * owns the users table: these are its transitions for the users module's routes.
 */

const live = isNull(users.deletedAt);

export const LAST_ADMIN_MESSAGE =
  'This is the last admin account, so it cannot be deleted. Create another admin first.';

/**
 * Soft delete (payments and tenancies keep pointing at the person) and sign them out everywhere.
 * The admin rows are locked while counting, so two admins deleting each other at once cannot
 * leave the site with none. Answers who was deleted (the activity log keeps their name).
 */
export async function deleteUser({ db }: Pick<Deps, 'db'>, userId: string): Promise<LoggedPerson> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(and(eq(users.id, userId), live))
      .limit(1);
    if (!target) throw notFound('No user with that id');
    if (target.role === 'admin') {
      // One statement, one lock order (by id): concurrent deletions queue instead of deadlocking.
      const admins = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), live))
        .orderBy(asc(users.id))
        .for('update');
      if (!admins.some((a) => a.id === userId)) throw notFound('No user with that id');
      if (admins.length <= 1) throw conflict(LAST_ADMIN_MESSAGE);
    }
    const deleted = await tx
      .update(users)
      .set({ deletedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, userId), live))
      .returning(loggedPersonColumns);
    const [person] = deleted;
    if (!person) throw notFound('No user with that id');
    await revokeAllSessions(tx, userId);
    return loggedPerson(person);
  });
}

/** A person as the activity log names them. */
export type LoggedPerson = { id: string; name: string; email: string };
const loggedPersonColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
};
const loggedPerson = (r: {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}): LoggedPerson => ({
  id: r.id,
  name: `${r.firstName} ${r.lastName}`.trim(),
  email: r.email,
});

/** The owner's own details: name, phone, emergency contact and which optional messages they take. */
export async function updateAccountDetails(
  { db }: Pick<Deps, 'db'>,
  userId: string,
  changes: ProfileUpdate,
): Promise<void> {
  const set: Partial<typeof users.$inferInsert> = {};
  if (changes.first_name !== undefined) set.firstName = changes.first_name;
  if (changes.last_name !== undefined) set.lastName = changes.last_name;
  if (changes.phone_number !== undefined) set.phoneNumber = changes.phone_number;
  if (changes.notify_email !== undefined) set.notifyEmail = changes.notify_email;
  if (changes.notify_sms !== undefined) set.notifySms = changes.notify_sms;
  if (changes.marketing_email !== undefined) set.marketingEmail = changes.marketing_email;
  if (changes.marketing_sms !== undefined) set.marketingSms = changes.marketing_sms;
  const ec = changes.emergency_contact;
  if (ec) {
    if (ec.name !== undefined) set.emergencyName = ec.name;
    if (ec.relationship !== undefined) set.emergencyRelationship = ec.relationship;
    if (ec.phone !== undefined) set.emergencyPhone = ec.phone;
    if (ec.address !== undefined) set.emergencyAddress = ec.address;
  }
  if (Object.keys(set).length > 0) {
    await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ marketingEmail: users.marketingEmail, marketingSms: users.marketingSms })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      const updated = await tx
        .update(users)
        .set({ ...set, updatedAt: new Date() })
        .where(and(eq(users.id, userId), live))
        .returning({ id: users.id });
      if (updated.length === 0) throw notFound('No user with that id');
      // Each switch of news and offers is a consent given or withdrawn: kept with its words.
      // The service switches (notify_*) are not consent and leave no record.
      const flipped: { kind: ConsentKind; granted: boolean }[] = [];
      if (set.marketingEmail !== undefined && set.marketingEmail !== before?.marketingEmail)
        flipped.push({ kind: 'marketing_email', granted: set.marketingEmail });
      if (set.marketingSms !== undefined && set.marketingSms !== before?.marketingSms)
        flipped.push({ kind: 'marketing_sms', granted: set.marketingSms });
      await recordConsents(tx, userId, flipped, 'profile');
      // A number given now went through the phone rule: one kept for review is replaced.
      const given: PhoneField[] = [];
      if (set.phoneNumber !== undefined) given.push('phone_number');
      if (set.emergencyPhone !== undefined) given.push('emergency_phone');
      await clearPhoneReviews(tx, userId, given);
    });
  }
}

/**
 * An admin who lost their phone cannot turn two-step sign-in off themselves. Another admin (who
 * has checked who is asking, in person or by a call to a known number) resets it: the secret is
 * gone, every session of that account ends, the owner is told, and the audit log keeps who did it.
 * The owner sets it up again after their next login with the password.
 */
export async function resetMfa(
  ctx: Pick<Deps, 'db' | 'jobs'>,
  actor: AuthUser,
  userId: string,
): Promise<{ message: string; person: LoggedPerson }> {
  if (userId === actor.id) {
    throw conflict('To change your own two-step sign-in, use Two-step sign-in in the admin menu.');
  }
  const target = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ ...MFA_OFF, updatedAt: new Date() })
      .where(and(eq(users.id, userId), live, isNotNull(users.totpEnabledAt)))
      .returning(loggedPersonColumns);
    if (row) await revokeAllSessions(tx, userId);
    return row;
  });
  if (!target) {
    const [exists] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), live));
    if (!exists) throw notFound('No user with that id');
    throw conflict('Two-step sign-in is not on for this account.');
  }
  await securityNotice(ctx, target, `Two-step sign-in was reset by an admin (${actor.email})`);
  return {
    message: `Two-step sign-in is reset for ${target.email}. They are signed out, and set it up again after logging in.`,
    person: loggedPerson(target),
  };
}

/** The account field each list of optional messages obeys, per channel. */
const LIST_FIELDS = {
  service: { email: 'notifyEmail', sms: 'notifySms' },
  marketing: { email: 'marketingEmail', sms: 'marketingSms' },
} as const;

/**
 * Whether the person still wants this list of optional messages on this channel: service messages
 * unless she turned them off, news and offers only if she said yes (a deleted account wants none).
 */
export async function wantsOptionalMessages(
  { db }: Pick<Deps, 'db'>,
  userId: string,
  channel: MessageChannel,
  list: MessageList,
): Promise<boolean> {
  const [row] = await db
    .select({ on: users[LIST_FIELDS[list][channel]] })
    .from(users)
    .where(and(eq(users.id, userId), live))
    .limit(1);
  return Boolean(row?.on);
}

/**
 * An unsubscribe link: turns off the list the message came from on its channel. A news e-mail's
 * link withdraws marketing consent, recorded with its words; a reminder's turns off service
 * messages as the profile switch does.
 */
export async function turnOffOptionalMessages(
  { db }: Pick<Deps, 'db'>,
  userId: string,
  channel: MessageChannel,
  list: MessageList,
): Promise<void> {
  const field = LIST_FIELDS[list][channel];
  await db.transaction(async (tx) => {
    // Only a change is a withdrawal: a second tap on the same link records nothing more.
    const changed = await tx
      .update(users)
      .set({ [field]: false })
      .where(and(eq(users.id, userId), eq(users[field], true)))
      .returning({ id: users.id });
    if (changed.length > 0 && list === 'marketing') {
      await recordConsents(tx, userId, [{ kind: CHANNEL_CONSENT[channel], granted: false }], 'unsubscribe');
    }
  });
}
