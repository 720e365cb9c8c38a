import {
  type AdminMessageCreate,
  type AdminMessageDetail,
  type AdminMessageSummary,
  DELIVERY_STATUSES,
  type DeliveryStatus,
  formatLagosDate,
  type MessageAudience,
  type MessageTopic,
  type SkippedRecipient,
  todayInLagos,
} from '@studynest/contracts';
import { nigerianMobile } from '@studynest/contracts/phone';
import { and, asc, count, desc, eq, inArray, isNull, lt, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Deps } from '../../deps.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { users } from '../auth/index.ts';
import { hostels } from '../hostels/index.ts';
import {
  dispatch,
  messageDeliveries,
  messageSends,
  type NewMessage,
  recordMessages,
  recordSend,
  retryDeliveries,
} from '../messages/index.ts';
import { rooms } from '../rooms/index.ts';
import { tenancies, tenancyRunning } from '../tenancies/index.ts';

/** One person in an audience, with what the placeholders say about them. */
type Recipient = {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  notifyEmail: boolean;
  notifySms: boolean;
  marketingEmail: boolean;
  marketingSms: boolean;
  hostel: string;
  room: string;
  dueDate: string | null;
};

const recipientColumns = {
  userId: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phoneNumber,
  notifyEmail: users.notifyEmail,
  notifySms: users.notifySms,
  marketingEmail: users.marketingEmail,
  marketingSms: users.marketingSms,
  hostel: hostels.hostelName,
  room: rooms.roomNumber,
  dueDate: tenancies.dueDate,
};

/** Running tenancies of live accounts, narrowed by `where`; one entry per person (their earliest due). */
async function tenantsWhere({ db }: Pick<Deps, 'db'>, where?: SQL): Promise<Recipient[]> {
  const rows = await db
    .select(recipientColumns)
    .from(tenancies)
    .innerJoin(users, and(eq(users.id, tenancies.userId), isNull(users.deletedAt)))
    .innerJoin(rooms, eq(rooms.id, tenancies.roomId))
    .innerJoin(hostels, eq(hostels.id, tenancies.hostelId))
    .where(and(tenancyRunning, where))
    .orderBy(asc(users.firstName), asc(users.id), asc(tenancies.dueDate));
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.userId) && seen.add(r.userId));
}

/** Who an audience is, today. A hostel that does not exist is a 404; nobody at all is a 400. */
async function resolveAudience(deps: Pick<Deps, 'db'>, audience: MessageAudience): Promise<Recipient[]> {
  let people: Recipient[];
  switch (audience.type) {
    case 'tenants':
      people = await tenantsWhere(deps);
      break;
    case 'arrears':
      people = await tenantsWhere(deps, lt(tenancies.dueDate, todayInLagos()));
      break;
    case 'hostel': {
      const hostelId = audience.hostel_id as string;
      const [hostel] = await deps.db.select({ id: hostels.id }).from(hostels).where(eq(hostels.id, hostelId));
      if (!hostel) throw notFound('No hostel with that id');
      people = await tenantsWhere(deps, eq(tenancies.hostelId, hostelId));
      break;
    }
    case 'users': {
      // Chosen people, tenants or not; a tenant's placeholders come from their running tenancy.
      const rows = await deps.db
        .select({
          ...recipientColumns,
          hostel: hostels.hostelName,
          room: rooms.roomNumber,
          dueDate: tenancies.dueDate,
        })
        .from(users)
        .leftJoin(tenancies, and(eq(tenancies.userId, users.id), tenancyRunning))
        .leftJoin(rooms, eq(rooms.id, tenancies.roomId))
        .leftJoin(hostels, eq(hostels.id, tenancies.hostelId))
        .where(and(inArray(users.id, audience.user_ids ?? []), isNull(users.deletedAt)))
        .orderBy(asc(users.firstName), asc(users.id), asc(tenancies.dueDate));
      const seen = new Set<string>();
      people = rows
        .filter((r) => !seen.has(r.userId) && seen.add(r.userId))
        .map((r) => ({ ...r, hostel: r.hostel ?? '', room: r.room ?? '' }));
      break;
    }
  }
  if (!people.length) {
    throw badRequest(
      audience.type === 'arrears'
        ? 'Nobody is behind on rent, so this message would reach nobody'
        : 'Nobody matches this audience, so this message would reach nobody',
      { audience: 'Nobody matches this audience' },
    );
  }
  return people;
}

/** Fill the placeholders for one person; a placeholder with nothing to say becomes empty. */
export function personalise(text: string, r: Recipient): string {
  const values: Record<string, string> = {
    '{first_name}': r.firstName,
    '{hostel}': r.hostel,
    '{room}': r.room,
    '{due_date}': r.dueDate ? formatLagosDate(r.dueDate) : '',
  };
  return text.replace(/\{(first_name|hostel|room|due_date)\}/g, (p) => values[p] ?? p);
}

const nameOf = (r: Pick<Recipient, 'firstName' | 'lastName'>) => `${r.firstName} ${r.lastName}`.trim();

/**
 * Split an audience into who gets the message (with their address) and who does not, and why.
 * News and offers go only to people who said yes to them on that channel (docs/domain.md,
 * "Consent"); anything else obeys the service switches.
 */
function addressees(message: Pick<AdminMessageCreate, 'channel' | 'news'>, people: Recipient[]) {
  const { channel } = message;
  const to: { person: Recipient; address: string }[] = [];
  const skipped: SkippedRecipient[] = [];
  const skip = (person: Recipient, reason: string) =>
    skipped.push({ user: { _id: person.userId, name: nameOf(person) }, reason });
  const refused = (person: Recipient): string | null => {
    if (message.news) {
      const yes = channel === 'email' ? person.marketingEmail : person.marketingSms;
      return yes ? null : `Has not said yes to news and offers by ${channel === 'email' ? 'e-mail' : 'text'}`;
    }
    const on = channel === 'email' ? person.notifyEmail : person.notifySms;
    return on ? null : channel === 'email' ? 'Turned e-mails off' : 'Turned text messages off';
  };
  for (const person of people) {
    if (channel === 'email') {
      const why = refused(person);
      if (why) skip(person, why);
      else to.push({ person, address: person.email });
      continue;
    }
    const mobile = nigerianMobile(person.phone);
    const why = mobile ? refused(person) : `No Nigerian mobile number (${person.phone || 'none given'})`;
    if (why || !mobile) skip(person, why ?? '');
    else to.push({ person, address: mobile });
  }
  return { to, skipped };
}

/** What sending would do, without sending: counts, who is skipped, and the message as one person gets it. */
export async function previewAdminMessage(deps: Pick<Deps, 'db'>, message: AdminMessageCreate) {
  const { to, skipped } = addressees(message, await resolveAudience(deps, message.audience));
  const first = to[0];
  return {
    recipients: to.length,
    skipped,
    sample: first
      ? {
          to: first.address,
          name: nameOf(first.person),
          subject: message.subject ? personalise(message.subject, first.person) : null,
          body: personalise(message.body, first.person),
        }
      : null,
  };
}

/**
 * What the admin said the message is (docs/domain.md, "Messages" and "Consent"): news and offers
 * are marketing, whoever they go to; otherwise a message to those in arrears is about the rent
 * they owe (a reminder), and anything else is a notice to the people chosen.
 */
const topicOf = (message: Pick<AdminMessageCreate, 'audience' | 'news'>): MessageTopic =>
  message.news ? 'news' : message.audience.type === 'arrears' ? 'reminder' : 'announcement';

/**
 * Send an admin's message: the send and every delivery are written in one transaction (all or
 * nothing), then handed to the queue. Everyone skipped is listed; an audience where everyone is
 * skipped is refused, so a send always reaches someone.
 */
export async function sendAdminMessage(
  deps: Pick<Deps, 'db' | 'jobs'>,
  senderId: string,
  message: AdminMessageCreate,
): Promise<{ id: string; recipients: number; skipped: SkippedRecipient[] }> {
  const { to, skipped } = addressees(message, await resolveAudience(deps, message.audience));
  if (!to.length) {
    throw badRequest(`Nobody in this audience can get this message: ${skipped[0]?.reason ?? ''}`, {
      audience: 'Nobody in this audience can get this message',
    });
  }
  const { id, ids } = await deps.db.transaction(async (tx) => {
    const sendId = await recordSend(tx, {
      senderId,
      channel: message.channel,
      audience: message.audience,
      subject: message.subject ?? null,
      body: message.body,
      recipients: to.length,
      skipped,
    });
    const messages: NewMessage[] = to.map(({ person, address }) => ({
      channel: message.channel,
      to: address,
      userId: person.userId,
      topic: topicOf(message),
      ...(message.subject ? { subject: personalise(message.subject, person) } : {}),
      text: personalise(message.body, person),
      key: `admin-message:${sendId}:${person.userId}`,
      sendId,
    }));
    const recorded: string[] = [];
    for (let i = 0; i < messages.length; i += 500)
      recorded.push(...(await recordMessages(tx, messages.slice(i, i + 500))));
    return { id: sendId, ids: recorded };
  });
  await dispatch(deps, ids);
  return { id, recipients: to.length, skipped };
}

const sender = alias(users, 'sender');

async function summaries(deps: Pick<Deps, 'db'>, where?: SQL): Promise<AdminMessageSummary[]> {
  const sends = await deps.db
    .select({ send: messageSends, senderFirst: sender.firstName, senderLast: sender.lastName })
    .from(messageSends)
    .leftJoin(sender, eq(sender.id, messageSends.senderId))
    .where(where)
    .orderBy(desc(messageSends.createdAt), desc(messageSends.id))
    .limit(100);
  if (!sends.length) return [];
  const tallies = await deps.db
    .select({ sendId: messageDeliveries.sendId, status: messageDeliveries.status, n: count() })
    .from(messageDeliveries)
    .where(
      inArray(
        messageDeliveries.sendId,
        sends.map((s) => s.send.id),
      ),
    )
    .groupBy(messageDeliveries.sendId, messageDeliveries.status);
  return sends.map(({ send, senderFirst, senderLast }) => {
    const counts = Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, 0])) as Record<DeliveryStatus, number>;
    for (const t of tallies) if (t.sendId === send.id) counts[t.status] = Number(t.n);
    return {
      id: send.id,
      channel: send.channel,
      audience: send.audience,
      subject: send.subject,
      body: send.body,
      sender: send.senderId
        ? { _id: send.senderId, name: `${senderFirst ?? ''} ${senderLast ?? ''}`.trim() }
        : null,
      created_at: send.createdAt.toISOString(),
      recipients: send.recipients,
      skipped: send.skipped,
      counts,
    };
  });
}

/** The message log: the latest 100 sends, newest first, with their delivery counts. */
export const listAdminMessages = (deps: Pick<Deps, 'db'>) => summaries(deps);

/** One send with every delivery's status and failure reason. */
export async function getAdminMessage(deps: Pick<Deps, 'db'>, id: string): Promise<AdminMessageDetail> {
  const [summary] = await summaries(deps, eq(messageSends.id, id));
  if (!summary) throw notFound('No message with that id');
  const rows = await deps.db
    .select({
      delivery: messageDeliveries,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(messageDeliveries)
    .leftJoin(users, eq(users.id, messageDeliveries.userId))
    .where(eq(messageDeliveries.sendId, id))
    .orderBy(asc(messageDeliveries.createdAt), asc(messageDeliveries.id));
  return {
    ...summary,
    deliveries: rows.map(({ delivery: d, firstName, lastName }) => ({
      id: d.id,
      user: d.userId ? { _id: d.userId, name: `${firstName ?? ''} ${lastName ?? ''}`.trim() } : null,
      to: d.recipient,
      status: d.status,
      error: d.lastError,
      sent_at: d.sentAt?.toISOString() ?? null,
    })),
  };
}

/** Retry a send's failed deliveries from their first attempt. */
export async function retryAdminMessage(
  deps: Pick<Deps, 'db' | 'jobs'>,
  id: string,
): Promise<{ retried: number }> {
  const [send] = await deps.db
    .select({ id: messageSends.id })
    .from(messageSends)
    .where(eq(messageSends.id, id));
  if (!send) throw notFound('No message with that id');
  const failed = await deps.db
    .select({ id: messageDeliveries.id })
    .from(messageDeliveries)
    .where(and(eq(messageDeliveries.sendId, id), eq(messageDeliveries.status, 'failed')));
  return {
    retried: await retryDeliveries(
      deps,
      failed.map((f) => f.id),
    ),
  };
}
