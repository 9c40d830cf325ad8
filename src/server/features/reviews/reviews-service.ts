import { and, desc, eq, isNull, max, sql, type SQL } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { paginate } from '~/server/db/paginate';
import { customerReviews, users } from '~/server/db/schema';
import { AppError } from '~/server/http/app-error';
import {
  reviewMessages as m,
  type AdminReview,
  type AdminReviewList,
  type PublicReview,
  type PublicReviewList,
  type reviewSubmissionSchema,
} from '~/shared/reviews';
import type { z } from 'zod';

/**
 * Customer reviews (issue 12): the public list and submissions, and staff's moderation. Thin
 * routes in reviews-routes.ts and the page-data loaders (page-data.ts) call these.
 *
 * Lifecycle (SPEC section 3): pending (not approved, not rejected) → approved (approve) or
 * rejected (reject, notes required); approved → published (publish) → approved again (unpublish).
 * A rejected review stays in the table with its notes and who rejected it, in no list.
 */

const r = customerReviews;

/** Shown to anyone: approved, published and never rejected. */
const isPublic: SQL = and(eq(r.isApproved, true), eq(r.isPublished, true), isNull(r.rejectedAt))!;
const isPending: SQL = and(eq(r.isApproved, false), isNull(r.rejectedAt))!;
const isApprovedState: SQL = and(eq(r.isApproved, true), isNull(r.rejectedAt))!;

const publicColumns = {
  id: r.id,
  rating: r.rating,
  reviewTitle: r.reviewTitle,
  reviewText: r.reviewText,
  customerName: r.customerName,
  location: r.location,
  vehicleSold: r.vehicleSold,
  submittedAt: r.submittedAt,
};

export type PublishedReviews = PublicReviewList & {
  /** Changes whenever the list would: the published count and the table's latest change. */
  version: string;
};

/**
 * The newest `limit` published reviews, with the count and average rating (one decimal, null
 * when there are none) of every published review.
 */
export async function listPublishedReviews(db: Db, { limit }: { limit: number }): Promise<PublishedReviews> {
  const [rows, [summary], [latest]] = await Promise.all([
    db.select(publicColumns).from(r).where(isPublic).orderBy(desc(r.submittedAt), desc(r.id)).limit(limit),
    db
      .select({ count: sql<number>`count(*)::int`, average: sql<string | null>`round(avg(${r.rating}), 1)` })
      .from(r)
      .where(isPublic),
    // Over every row, not only the published ones: a review that leaves the list changes it too.
    db.select({ at: max(r.updatedAt) }).from(r),
  ]);
  const count = Number(summary?.count ?? 0);
  const average = summary?.average === null || summary?.average === undefined ? null : Number(summary.average);
  const latestChange = latest?.at ? new Date(latest.at).toISOString() : 'never';
  return { reviews: rows.map(toPublicReview), count, average, version: `${count}:${latestChange}` };
}

function toPublicReview(row: Pick<typeof r.$inferSelect, keyof typeof publicColumns>): PublicReview {
  return {
    id: row.id,
    rating: row.rating,
    reviewTitle: row.reviewTitle,
    reviewText: row.reviewText,
    customerName: row.customerName,
    location: row.location,
    vehicleSold: row.vehicleSold,
    submittedAt: row.submittedAt.toISOString(),
  };
}

export type NewReview = Omit<z.output<typeof reviewSubmissionSchema>, 'website'>;

/** Stores a submission as pending (neither approved nor published); its id. */
export async function createReview(db: Db, review: NewReview, now: Date): Promise<number> {
  const [created] = await db
    .insert(r)
    .values({
      customerName: review.customerName,
      email: review.email,
      rating: review.rating,
      reviewTitle: review.reviewTitle,
      reviewText: review.reviewText,
      location: review.location,
      vehicleSold: review.vehicleSold,
      submittedAt: now,
      updatedAt: now,
    })
    .returning({ id: r.id });
  return created!.id;
}

const adminColumns = {
  ...publicColumns,
  email: r.email,
  adminNotes: r.adminNotes,
  isApproved: r.isApproved,
  isPublished: r.isPublished,
  approvedAt: r.approvedAt,
  approvedBy: users.username,
};

const adminSelect = (db: Db) => db.select(adminColumns).from(r).leftJoin(users, eq(users.id, r.approvedBy));
type AdminRow = Awaited<ReturnType<typeof adminSelect>>[number];

function toAdminReview(row: AdminRow): AdminReview {
  return {
    ...toPublicReview(row),
    email: row.email,
    adminNotes: row.adminNotes,
    isApproved: row.isApproved,
    isPublished: row.isPublished,
    approvedAt: row.approvedAt?.toISOString() ?? null,
    approvedBy: row.approvedBy,
  };
}

export type AdminReviewQuery = { status: 'pending' | 'approved'; page: number; pageSize: number };

/**
 * One page of the pending (not approved, not rejected) or the approved (published or not)
 * reviews, newest first, with both lists' counts for the tabs and the navigation.
 */
export async function listAdminReviews(db: Db, query: AdminReviewQuery): Promise<AdminReviewList> {
  const where = query.status === 'pending' ? isPending : isApprovedState;
  const list = adminSelect(db).where(where).orderBy(desc(r.submittedAt), desc(r.id)).$dynamic();
  const [page, counts] = await Promise.all([paginate(db, list, query), countReviews(db)]);
  return { ...page, items: page.items.map(toAdminReview), counts };
}

/** How many reviews wait for moderation, and how many are approved. */
export async function countReviews(db: Db): Promise<{ pending: number; approved: number }> {
  const [counted] = await db
    .select({
      pending: sql<number>`(count(*) filter (where ${isPending}))::int`,
      approved: sql<number>`(count(*) filter (where ${isApprovedState}))::int`,
    })
    .from(r);
  return { pending: Number(counted?.pending ?? 0), approved: Number(counted?.approved ?? 0) };
}

export type ModerationAction =
  | { action: 'approve'; adminNotes: string | null }
  | { action: 'reject'; adminNotes: string | null }
  | { action: 'publish' }
  | { action: 'unpublish' };

type ReviewState = { isApproved: boolean; isPublished: boolean; rejectedAt: Date | null };

/** Why the action is refused in this state (409), or null when it may go ahead. */
function refusal(state: ReviewState, action: ModerationAction['action']): string | null {
  if (state.rejectedAt) return m.alreadyRejected;
  switch (action) {
    case 'approve':
      return state.isApproved ? m.alreadyApproved : null;
    case 'reject':
      return state.isApproved ? m.publishedReject : null;
    case 'publish':
      if (!state.isApproved) return m.notApproved;
      return state.isPublished ? m.alreadyPublished : null;
    case 'unpublish':
      return state.isPublished ? null : m.notPublished;
  }
}

/**
 * Approves, rejects, publishes or unpublishes a review, with its row locked so two admins
 * pressing at once give one change and one 409. Rejection needs notes (400 otherwise; the
 * route's schema makes blank ones null). The review as staff now see it.
 */
export async function moderateReview(
  db: Db,
  { id, actorUserId, now, ...change }: ModerationAction & { id: number; actorUserId: number; now: Date },
): Promise<AdminReview> {
  if (change.action === 'reject' && !change.adminNotes) {
    throw new AppError('INVALID_INPUT', m.notesRequired, {
      issues: [{ path: 'adminNotes', message: m.notesRequired }],
    });
  }
  return db.transaction(async (tx) => {
    const [state] = await tx
      .select({ isApproved: r.isApproved, isPublished: r.isPublished, rejectedAt: r.rejectedAt })
      .from(r)
      .where(eq(r.id, id))
      .for('update');
    if (!state) throw new AppError('NOT_FOUND', m.notFound);
    const refused = refusal(state, change.action);
    if (refused) throw new AppError('CONFLICT', refused);
    await tx
      .update(r)
      .set(changes(change, actorUserId, now))
      .where(eq(r.id, id));
    const [row] = await adminSelect(tx).where(eq(r.id, id));
    return toAdminReview(row!);
  });
}

function changes(change: ModerationAction, actorUserId: number, now: Date): Partial<typeof r.$inferInsert> {
  switch (change.action) {
    case 'approve':
      return {
        isApproved: true,
        approvedAt: now,
        approvedBy: actorUserId,
        updatedAt: now,
        ...(change.adminNotes ? { adminNotes: change.adminNotes } : {}),
      };
    case 'reject':
      return { rejectedAt: now, rejectedBy: actorUserId, adminNotes: change.adminNotes, updatedAt: now };
    case 'publish':
      return { isPublished: true, updatedAt: now };
    case 'unpublish':
      return { isPublished: false, updatedAt: now };
  }
}
