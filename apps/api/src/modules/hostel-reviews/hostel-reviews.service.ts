import type {
  HostelReview,
  HostelReviewAdmin,
  HostelReviewOwn,
  HostelReviewWrite,
  ReviewableStay,
} from '@studynest/contracts';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { Deps } from '../../deps.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { type AuthUser, users } from '../auth/index.ts';
import { hostels, setHostelRating } from '../hostels/index.ts';
import { dispatch, recordMessages } from '../messages/index.ts';
import { tenancies } from '../tenancies/index.ts';
import { hostelReviewReports, hostelReviews } from './hostel-reviews.schema.ts';

/** The rules are in docs/domain.md, "Hostel reviews". */

type Row = typeof hostelReviews.$inferSelect;
type WithAuthor = { review: Row; firstName: string; lastName: string };

const visible = isNull(hostelReviews.hiddenAt);

/** Other readers see the author by first name and initial: enough to trust, too little to find her. */
const authorName = (firstName: string, lastName: string) =>
  [firstName.trim(), lastName.trim() ? `${lastName.trim()[0]!.toUpperCase()}.` : '']
    .filter(Boolean)
    .join(' ');

const toPublic = ({ review: r, firstName, lastName }: WithAuthor): HostelReview => ({
  _id: r.id,
  hostel_id: r.hostelId,
  rating: r.rating,
  text: r.text,
  author_name: authorName(firstName, lastName),
  created_at: r.createdAt.toISOString(),
  edited_at: r.editedAt?.toISOString() ?? null,
});

const toOwn = (row: WithAuthor): HostelReviewOwn => ({
  ...toPublic(row),
  tenancy_id: row.review.tenancyId,
  hidden: row.review.hiddenAt !== null,
  hidden_reason: row.review.hiddenReason,
});

const withAuthor = (db: DbOrTx) =>
  db
    .select({ review: hostelReviews, firstName: users.firstName, lastName: users.lastName })
    .from(hostelReviews)
    .innerJoin(users, eq(users.id, hostelReviews.userId));

async function readOwn(db: DbOrTx, id: string): Promise<HostelReviewOwn> {
  const [row] = await withAuthor(db).where(eq(hostelReviews.id, id));
  return toOwn(row!);
}

/** Stores the hostel's totals of visible reviews, counted after any change to one of them. */
async function recount(tx: Tx, hostelId: string): Promise<void> {
  await setHostelRating(tx, hostelId, async () => {
    const [totals] = await tx
      .select({
        count: sql<number>`count(*)::int`,
        starsTotal: sql<number>`coalesce(sum(${hostelReviews.rating}), 0)::int`,
      })
      .from(hostelReviews)
      .where(and(eq(hostelReviews.hostelId, hostelId), visible));
    return { count: Number(totals?.count ?? 0), starsTotal: Number(totals?.starsTotal ?? 0) };
  });
}

async function openHostelName(db: DbOrTx, hostelId: string): Promise<string> {
  const [hostel] = await db
    .select({ name: hostels.hostelName })
    .from(hostels)
    .where(and(eq(hostels.id, hostelId), eq(hostels.isClosed, false)))
    .limit(1);
  if (!hostel) throw notFound('This hostel does not exist or is no longer listed');
  return hostel.name;
}

/**
 * A tenant reviews the hostel of one of her stays: the latest stay there she has not reviewed yet.
 * Someone who never rented there is refused (403); a tenant whose every stay has a review is told
 * to edit it instead (409).
 */
export async function reviewHostel(
  { db }: Pick<Deps, 'db'>,
  user: AuthUser,
  hostelId: string,
  input: HostelReviewWrite,
): Promise<HostelReviewOwn> {
  return db.transaction(async (tx) => {
    const name = await openHostelName(tx, hostelId);
    const stays = await tx
      .select({ tenancyId: tenancies.id, reviewId: hostelReviews.id })
      .from(tenancies)
      .leftJoin(hostelReviews, eq(hostelReviews.tenancyId, tenancies.id))
      .where(and(eq(tenancies.userId, user.id), eq(tenancies.hostelId, hostelId)))
      .orderBy(desc(tenancies.startDate), desc(tenancies.createdAt));
    if (!stays.length) {
      throw forbidden(
        `Only students who have rented a room at ${name} can review it: reviews here come from real tenants.`,
      );
    }
    const stay = stays.find((s) => s.reviewId === null);
    const already = () =>
      conflict(`You have already reviewed your stay at ${name}. You can edit that review from your profile.`);
    if (!stay) throw already();
    const [row] = await tx
      .insert(hostelReviews)
      .values({
        tenancyId: stay.tenancyId,
        hostelId,
        userId: user.id,
        rating: input.rating,
        text: input.text,
      })
      .onConflictDoNothing({ target: hostelReviews.tenancyId })
      .returning();
    // Two posts at once for one stay: the second finds the first's review.
    if (!row) throw already();
    await recount(tx, hostelId);
    return readOwn(tx, row.id);
  });
}

/** Its author changes her review; the time of the change is kept and shown. */
export async function editHostelReview(
  { db }: Pick<Deps, 'db'>,
  user: AuthUser,
  reviewId: string,
  input: HostelReviewWrite,
): Promise<HostelReviewOwn> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(hostelReviews).where(eq(hostelReviews.id, reviewId)).for('update');
    if (!found) throw notFound('This review does not exist (it may have been deleted)');
    if (found.userId !== user.id) throw forbidden('Only the student who wrote a review can change it');
    await tx
      .update(hostelReviews)
      .set({ rating: input.rating, text: input.text, editedAt: new Date() })
      .where(eq(hostelReviews.id, reviewId));
    if (found.hiddenAt === null) await recount(tx, found.hostelId);
    return readOwn(tx, reviewId);
  });
}

/** Visible reviews of an open hostel, newest first (id breaks ties so pages never overlap). */
export async function listHostelReviews(
  { db }: Pick<Deps, 'db'>,
  hostelId: string,
  page: { limit?: number; offset?: number },
): Promise<{ items: HostelReview[]; total: number }> {
  await openHostelName(db, hostelId);
  const where = and(eq(hostelReviews.hostelId, hostelId), visible);
  const [rows, [count]] = await Promise.all([
    withAuthor(db)
      .where(where)
      .orderBy(desc(hostelReviews.createdAt), desc(hostelReviews.id))
      .limit(page.limit ?? 10)
      .offset(page.offset ?? 0),
    db.select({ n: sql<number>`count(*)::int` }).from(hostelReviews).where(where),
  ]);
  return { items: rows.map(toPublic), total: Number(count?.n ?? 0) };
}

/** The signed-in student's stays, newest first, each with her review of it if she wrote one. */
export async function listReviewableStays(
  { db }: Pick<Deps, 'db'>,
  userId: string,
): Promise<ReviewableStay[]> {
  const rows = await db
    .select({
      tenancy: tenancies,
      hostelName: hostels.hostelName,
      review: hostelReviews,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(tenancies)
    .innerJoin(hostels, eq(hostels.id, tenancies.hostelId))
    .innerJoin(users, eq(users.id, tenancies.userId))
    .leftJoin(hostelReviews, eq(hostelReviews.tenancyId, tenancies.id))
    .where(eq(tenancies.userId, userId))
    .orderBy(desc(tenancies.startDate), desc(tenancies.createdAt));
  return rows.map((r) => ({
    tenancy_id: r.tenancy.id,
    hostel: { _id: r.tenancy.hostelId, hostel_name: r.hostelName },
    start_date: r.tenancy.startDate,
    ended: r.tenancy.endedAt !== null,
    review: r.review ? toOwn({ review: r.review, firstName: r.firstName, lastName: r.lastName }) : null,
  }));
}

const reportCount = sql<number>`(select count(*)::int from ${hostelReviewReports} rr where rr.review_id = ${hostelReviews.id})`;

/** Every review for admins: visible reported ones first (most reports first), then newest first. */
export async function listHostelReviewsForAdmin(
  { db }: Pick<Deps, 'db'>,
  page: { limit?: number; offset?: number },
): Promise<{ items: HostelReviewAdmin[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    readAdmin(db)
      .orderBy(
        desc(sql`${reportCount} > 0 and ${hostelReviews.hiddenAt} is null`),
        desc(reportCount),
        desc(hostelReviews.createdAt),
        desc(hostelReviews.id),
      )
      .limit(page.limit ?? 50)
      .offset(page.offset ?? 0),
    db.select({ n: sql<number>`count(*)::int` }).from(hostelReviews),
  ]);
  return { items: rows.map(toAdmin), total: Number(count?.n ?? 0) };
}

const readAdmin = (db: DbOrTx) =>
  db
    .select({
      review: hostelReviews,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      hostelName: hostels.hostelName,
      reports: reportCount,
    })
    .from(hostelReviews)
    .innerJoin(users, eq(users.id, hostelReviews.userId))
    .innerJoin(hostels, eq(hostels.id, hostelReviews.hostelId))
    .$dynamic();

type AdminRow = Awaited<ReturnType<ReturnType<typeof readAdmin>['execute']>>[number];

const toAdmin = (r: AdminRow): HostelReviewAdmin => ({
  ...toOwn(r),
  hostel_name: r.hostelName,
  author_id: r.review.userId,
  author_email: r.email,
  hidden_at: r.review.hiddenAt?.toISOString() ?? null,
  report_count: Number(r.reports),
});

async function readOneForAdmin(db: DbOrTx, id: string): Promise<HostelReviewAdmin> {
  const [row] = await readAdmin(db).where(eq(hostelReviews.id, id)).limit(1);
  if (!row) throw notFound('This review does not exist (it may have been deleted)');
  return toAdmin(row);
}

async function lockReview(tx: Tx, id: string, also?: SQL): Promise<Row> {
  const [row] = await tx
    .select()
    .from(hostelReviews)
    .where(and(eq(hostelReviews.id, id), also))
    .for('update');
  if (!row) throw notFound('This review does not exist (it may have been deleted)');
  return row;
}

/**
 * An admin hides a review with a reason: it leaves the hostel's page and totals at once, and its
 * author is e-mailed the reason (queued in the same transaction, sent after it commits).
 */
export async function hideHostelReview(
  deps: Pick<Deps, 'db' | 'jobs' | 'config'>,
  admin: AuthUser,
  id: string,
  reason: string,
): Promise<HostelReviewAdmin> {
  const { review, notices } = await deps.db.transaction(async (tx) => {
    const found = await lockReview(tx, id);
    if (found.hiddenAt) throw conflict('This review is already hidden');
    const hiddenAt = new Date();
    await tx
      .update(hostelReviews)
      .set({ hiddenAt, hiddenReason: reason, hiddenBy: admin.id })
      .where(eq(hostelReviews.id, id));
    await recount(tx, found.hostelId);
    const [row] = await readAdmin(tx).where(eq(hostelReviews.id, id));
    const review = toAdmin(row!);
    const notices = await recordMessages(tx, [
      {
        channel: 'email',
        to: review.author_email,
        userId: found.userId,
        // About her own account's content, so it goes whatever she turned off.
        topic: 'account',
        subject: `StudyNest: your review of ${review.hostel_name} has been hidden`,
        text: [
          `Hello ${row!.firstName},`,
          '',
          `Our team has hidden your review of ${review.hostel_name}: it no longer shows on the hostel's page or in its rating.`,
          '',
          `Reason: ${reason}`,
          '',
          `You can edit your review from your profile and ask us to look again: ${deps.config.publicUrl}/profile`,
        ].join('\n'),
        // Hidden again after being shown: a new notice, keyed by this hiding.
        key: `hostel-review-hidden:${id}:${hiddenAt.getTime()}`,
      },
    ]);
    return { review, notices };
  });
  await dispatch(deps, notices);
  return review;
}

/** An admin shows a hidden review again; it counts in the hostel's totals once more. */
export async function unhideHostelReview({ db }: Pick<Deps, 'db'>, id: string): Promise<HostelReviewAdmin> {
  return db.transaction(async (tx) => {
    const found = await lockReview(tx, id);
    if (!found.hiddenAt) throw conflict('This review is not hidden');
    await tx
      .update(hostelReviews)
      .set({ hiddenAt: null, hiddenReason: null, hiddenBy: null })
      .where(eq(hostelReviews.id, id));
    await recount(tx, found.hostelId);
    return readOneForAdmin(tx, id);
  });
}

/** Anyone signed in reports a visible review, once; her own she may edit instead. */
export async function reportHostelReview(
  { db }: Pick<Deps, 'db'>,
  user: AuthUser,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await lockReview(tx, id, visible);
    if (found.userId === user.id) throw conflict('This is your own review: edit it instead of reporting it');
    const [row] = await tx
      .insert(hostelReviewReports)
      .values({ reviewId: id, userId: user.id })
      .onConflictDoNothing()
      .returning({ reviewId: hostelReviewReports.reviewId });
    if (!row) throw conflict('You have already reported this review: our team will look at it');
  });
}
