import type { ReviewAdmin, ReviewStatus } from '@studynest/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { reviews } from './reviews.schema.ts';

type Row = typeof reviews.$inferSelect;

const toPublic = (r: Row) => ({
  _id: r.id,
  full_name: r.fullName,
  feedback: r.feedback,
  rating: r.rating,
  created_at: r.createdAt.toISOString(),
});

const toAdmin = (r: Row): ReviewAdmin => ({
  ...toPublic(r),
  status: r.status as ReviewStatus,
  updated_at: r.updatedAt.toISOString(),
});

/** New reviews wait for an admin: nothing a stranger types reaches the landing page unchecked. */
export async function createReview(
  { db }: Pick<Deps, 'db'>,
  input: { full_name: string; feedback: string; rating: number },
): Promise<ReviewAdmin> {
  const [row] = await db
    .insert(reviews)
    .values({ fullName: input.full_name, feedback: input.feedback, rating: input.rating })
    .returning();
  return toAdmin(row!);
}

/** Approved reviews, newest first (id breaks ties so pages never overlap). */
export async function listApprovedReviews(
  { db }: Pick<Deps, 'db'>,
  page: { limit?: number; offset?: number },
) {
  const where = eq(reviews.status, 'approved');
  const query = db
    .select()
    .from(reviews)
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .offset(page.offset ?? 0);
  const [rows, [count]] = await Promise.all([
    page.limit ? query.limit(page.limit) : query,
    db.select({ n: sql<number>`count(*)::int` }).from(reviews).where(where),
  ]);
  return { items: rows.map(toPublic), total: count?.n ?? 0 };
}

export async function listAllReviews({ db }: Pick<Deps, 'db'>, page: { limit?: number; offset?: number }) {
  const query = db
    .select()
    .from(reviews)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .offset(page.offset ?? 0);
  const [rows, [count]] = await Promise.all([
    page.limit ? query.limit(page.limit) : query,
    db.select({ n: sql<number>`count(*)::int` }).from(reviews),
  ]);
  return { items: rows.map(toAdmin), total: count?.n ?? 0 };
}

export async function setReviewStatus(
  { db }: Pick<Deps, 'db'>,
  id: string,
  status: ReviewStatus,
): Promise<ReviewAdmin> {
  const [row] = await db
    .update(reviews)
    .set({ status, updatedAt: new Date() })
    .where(eq(reviews.id, id))
    .returning();
  if (!row) throw notFound('That review does not exist (it may have been deleted)');
  return toAdmin(row);
}
