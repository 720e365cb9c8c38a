import { formatNaira, HostelListQuerySchema, type MessageChannel, todayInLagos } from '@studynest/contracts';
import { nigerianMobile } from '@studynest/contracts/phone';
import {
  canonicalSearch,
  describeSearch,
  SAVED_LIMIT,
  type SavedCreate,
  type SavedItem,
  searchParamsObject,
} from '@studynest/contracts/saved';
import { and, asc, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { users, wantsOptionalMessages } from '../auth/index.ts';
import { type BookableRoom, bookableRoomsMatching, hostels } from '../hostels/index.ts';
import { dispatch, type NewMessage, recordMessages } from '../messages/index.ts';
import { savedItems } from './saved.schema.ts';

type SavedRow = typeof savedItems.$inferSelect;

/** A saved item's alerts come at most this often (docs/domain.md, "Saved hostels and searches"). */
const ALERT_GAP = sql`interval '24 hours'`;
/** Rooms named in one alert; the rest are counted. */
const ROOMS_IN_ALERT = 5;

const queryOf = (search: string) => HostelListQuerySchema.parse(searchParamsObject(search));

/** The bookable rooms a saved item matches now. */
const matchesOf = (deps: Pick<Deps, 'db'>, item: Pick<SavedRow, 'hostelId' | 'search'>) =>
  bookableRoomsMatching(
    deps,
    item.hostelId ? { hostelId: item.hostelId } : { query: queryOf(item.search ?? '') },
  );

const priced = (rooms: BookableRoom[]) => Object.fromEntries(rooms.map((r) => [r.id, r.price]));

const mine = (userId: string, id: string) => and(eq(savedItems.id, id), eq(savedItems.userId, userId));

/** Her saved hostels and searches, newest first. */
export async function listSaved({ db }: Pick<Deps, 'db'>, userId: string): Promise<SavedItem[]> {
  const rows = await db
    .select({
      item: savedItems,
      hostel: { id: hostels.id, name: hostels.hostelName, address: hostels.address },
    })
    .from(savedItems)
    .leftJoin(hostels, eq(hostels.id, savedItems.hostelId))
    .where(eq(savedItems.userId, userId))
    .orderBy(sql`${savedItems.createdAt} desc`, asc(savedItems.id));
  return rows.map(({ item, hostel }) => ({
    _id: item.id,
    kind: item.kind,
    hostel: hostel ? { _id: hostel.id, hostel_name: hostel.name, address: hostel.address } : null,
    search: item.search,
    label: hostel ? hostel.name : describeSearch(queryOf(item.search ?? '')),
    channel: item.channel,
    created_at: item.createdAt.toISOString(),
    last_alert_at: item.lastAlertAt?.toISOString() ?? null,
  }));
}

const oneOf = async (deps: Pick<Deps, 'db'>, userId: string, id: string) => {
  const item = (await listSaved(deps, userId)).find((i) => i._id === id);
  if (!item) throw notFound('You have no saved item with that id');
  return item;
};

/** Texts need a number a text can reach. */
async function checkChannel({ db }: Pick<Deps, 'db'>, userId: string, channel: MessageChannel) {
  if (channel !== 'sms') return;
  const [me] = await db.select({ phone: users.phoneNumber }).from(users).where(eq(users.id, userId));
  if (!me || !nigerianMobile(me.phone)) {
    throw badRequest('Texts need a Nigerian mobile number on your profile; choose e-mail or add one', {
      channel: 'sms needs a Nigerian mobile number on your profile',
    });
  }
}

/**
 * Save a hostel or a search. What it matches now is what she has seen (the results she is looking
 * at): only rooms that become bookable after this are news. Saving the same again answers the
 * saved item (created false), with the channel she chose this time.
 */
export async function saveItem(
  deps: Pick<Deps, 'db'>,
  userId: string,
  body: SavedCreate,
): Promise<{ item: SavedItem; created: boolean }> {
  const channel = body.channel ?? 'email';
  await checkChannel(deps, userId, channel);
  const target = body.hostel_id
    ? { kind: 'hostel' as const, hostelId: body.hostel_id, search: null }
    : { kind: 'search' as const, hostelId: null, search: canonicalSearch(body.search ?? '') };
  if (target.hostelId) {
    const [hostel] = await deps.db
      .select({ id: hostels.id })
      .from(hostels)
      .where(and(eq(hostels.id, target.hostelId), eq(hostels.isClosed, false)));
    if (!hostel) throw notFound('No open hostel with that id');
  }
  const same = target.hostelId
    ? eq(savedItems.hostelId, target.hostelId)
    : eq(savedItems.search, target.search ?? '');
  const [existing] = await deps.db
    .update(savedItems)
    .set({ channel })
    .where(and(eq(savedItems.userId, userId), same))
    .returning({ id: savedItems.id });
  if (existing) return { item: await oneOf(deps, userId, existing.id), created: false };
  const [{ n } = { n: 0 }] = await deps.db
    .select({ n: count() })
    .from(savedItems)
    .where(eq(savedItems.userId, userId));
  if (n >= SAVED_LIMIT) {
    throw conflict(`You have ${SAVED_LIMIT} saved hostels and searches; remove one to save another`);
  }
  const seen = priced(await matchesOf(deps, target));
  const [row] = await deps.db
    .insert(savedItems)
    .values({ userId, ...target, channel, seen })
    .onConflictDoNothing()
    .returning({ id: savedItems.id });
  // A second tap at the same moment saved it first: answer that one.
  const id =
    row?.id ??
    (
      await deps.db
        .select({ id: savedItems.id })
        .from(savedItems)
        .where(and(eq(savedItems.userId, userId), same))
    )[0]?.id;
  if (!id) throw conflict('This was removed as it was saved; try again');
  return { item: await oneOf(deps, userId, id), created: Boolean(row) };
}

export async function updateSaved(
  deps: Pick<Deps, 'db'>,
  userId: string,
  id: string,
  channel: MessageChannel,
): Promise<SavedItem> {
  await oneOf(deps, userId, id);
  await checkChannel(deps, userId, channel);
  await deps.db.update(savedItems).set({ channel }).where(mine(userId, id));
  return oneOf(deps, userId, id);
}

export async function removeSaved({ db }: Pick<Deps, 'db'>, userId: string, id: string): Promise<void> {
  const gone = await db.delete(savedItems).where(mine(userId, id)).returning({ id: savedItems.id });
  if (!gone.length) throw notFound('You have no saved item with that id');
}

/** What she is told: the new rooms, cheapest first, each with its hostel's page. */
function alertText(publicUrl: string, label: string, news: BookableRoom[]) {
  const shown = news.slice(0, ROOMS_IN_ALERT);
  const more = news.length - shown.length;
  const lines = shown.map(
    (r) =>
      `- ${r.roomNumber}, ${r.hostelName}: ${formatNaira(r.price)} a year — ${publicUrl}/hostel/${r.hostelId}`,
  );
  const first = shown[0] as BookableRoom;
  const what = news.length === 1 ? 'A room' : `${news.length} rooms`;
  return {
    subject: `StudyNest: ${news.length === 1 ? 'a room' : `${news.length} rooms`} to book — ${label}`,
    text: `${what} matching what you saved (${label}) can be booked now:\n\n${lines.join('\n')}${more > 0 ? `\n…and ${more} more.` : ''}\n\nRooms go to whoever books first. Your saved list: ${publicUrl}/saved`,
    sms: `StudyNest: ${first.roomNumber}, ${first.hostelName} is free, ${formatNaira(first.price)}/yr${news.length > 1 ? ` (+${news.length - 1} more)` : ''}. ${publicUrl}/hostel/${first.hostelId}`,
  };
}

type Watched = SavedRow & { email: string; phone: string; firstName: string };

/**
 * One saved item's turn: compare what it matches now with what it last saw. Rooms no longer
 * bookable are forgotten (so one that comes back is news again); a room not seen before, or cheaper
 * than when seen, is news. News is told when her last alert is 24 hours old (or there was none)
 * and she has not turned that channel off; the item then sees everything it matches. Otherwise the
 * news waits for the next run. The update is conditional on the last alert, so two runs at once
 * tell her once; the message's key (item, Lagos day) makes it exist once even so.
 */
async function checkOne(deps: Pick<Deps, 'db' | 'config'>, item: Watched, now: Date): Promise<string[]> {
  const current = await matchesOf(deps, item);
  const news = current.filter((r) => !(r.id in item.seen) || r.price < (item.seen[r.id] as number));
  const kept = Object.fromEntries(
    current.filter((r) => r.id in item.seen && !news.includes(r)).map((r) => [r.id, r.price]),
  );
  const due = !item.lastAlertAt || now.getTime() - item.lastAlertAt.getTime() >= 24 * 3600_000;
  const to = item.channel === 'sms' ? nigerianMobile(item.phone) : item.email;
  if (
    !news.length ||
    !due ||
    !to ||
    !(await wantsOptionalMessages(deps, item.userId, item.channel, 'service'))
  ) {
    const next = { ...kept, ...pendingOf(item, news) };
    const same = (a: Record<string, number>, b: Record<string, number>) =>
      Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([id, p]) => b[id] === p);
    if (!same(next, item.seen))
      await deps.db.update(savedItems).set({ seen: next }).where(eq(savedItems.id, item.id));
    return [];
  }
  const label = item.hostelId
    ? (current[0]?.hostelName ?? 'your saved hostel')
    : describeSearch(queryOf(item.search ?? ''));
  const text = alertText(deps.config.publicUrl, label, news);
  const message: NewMessage = {
    channel: item.channel,
    to,
    userId: item.userId,
    topic: 'alert',
    ...(item.channel === 'email'
      ? { subject: text.subject, text: `Hello ${item.firstName},\n\n${text.text}` }
      : { text: text.sms }),
    key: `saved-alert:${item.id}:${todayInLagos(now)}`,
  };
  return deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(savedItems)
      .set({ seen: priced(current), lastAlertAt: now })
      .where(
        and(
          eq(savedItems.id, item.id),
          or(
            isNull(savedItems.lastAlertAt),
            sql`${savedItems.lastAlertAt} <= ${now.toISOString()}::timestamptz - ${ALERT_GAP}`,
          ),
        ),
      )
      .returning({ id: savedItems.id });
    return claimed ? recordMessages(tx, [message]) : [];
  });
}

/** A room seen before whose rent went up keeps the lower rent it was seen at: a drop back is not news. */
const pendingOf = (item: Watched, news: BookableRoom[]) =>
  Object.fromEntries(news.filter((r) => r.id in item.seen).map((r) => [r.id, item.seen[r.id] as number]));

/**
 * Every saved item's turn (the scheduled job, callable directly): the alerts it recorded are
 * dispatched, and their count returned.
 */
export async function runSavedAlerts(
  deps: Pick<Deps, 'db' | 'config' | 'jobs' | 'log'>,
  now = new Date(),
): Promise<number> {
  const watched = await deps.db
    .select({ item: savedItems, email: users.email, phone: users.phoneNumber, firstName: users.firstName })
    .from(savedItems)
    .innerJoin(users, and(eq(users.id, savedItems.userId), isNull(users.deletedAt)))
    .orderBy(asc(savedItems.id));
  let sent = 0;
  for (const w of watched) {
    try {
      const ids = await checkOne(
        deps,
        { ...w.item, email: w.email, phone: w.phone, firstName: w.firstName },
        now,
      );
      await dispatch(deps, ids);
      sent += ids.length;
    } catch (err) {
      // One bad item (a search the schema has since tightened) must not starve the others.
      deps.log.warn({ savedItem: w.item.id, err: (err as Error).message }, 'saved item not checked');
    }
  }
  return sent;
}
