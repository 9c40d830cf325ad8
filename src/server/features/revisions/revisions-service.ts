import { otherWorkFirst } from '~/server/lib/other-work-first';
import { and, asc, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import {
  carValuations,
  deductionItems,
  priceRevisionItems,
  priceRevisionPhotos,
  priceRevisions,
  users,
  valuationEvents,
  valuationOffers,
} from '~/server/db/schema';
import { AppError } from '~/server/http/app-error';
import { adminValuationMessages } from '~/shared/admin-valuations';
import { formatPounds } from '~/shared/offer-basics';
import { formatUkDeadline } from '~/shared/offer-validity';
import type { ProposeRevisionInput } from '~/shared/price-revision-schemas';
import {
  effectiveRevisionStatus,
  itemAmountPence,
  revisedPrice,
  revisionMessages as m,
  revisionValidUntil,
  withinRange,
  type AdminRevision,
  type AdminRevisions,
  type RevisionItemView,
  type SellerRevision,
} from '~/shared/price-revisions';
import { sellerPortalMessages } from '~/shared/seller-portal-basics';
import { nextStage, type ValuationStage } from '~/shared/valuation-lifecycle';
import { truncateAddress } from '../analytics';
import { cancelBookingWithin } from '../collections';
import {
  alertStaff,
  carOf,
  priceRevisionAccepted,
  priceRevisionDeclined,
  priceRevisionProposed,
  priceRevisionWithdrawn,
  type Outbox,
} from '../messages';
import { agreedPrice, issueSellerSecret, moveValuation } from '../valuations';
import { deductionsInUse } from './deductions-service';
import type { RevisionPhotoKeys } from './revision-photos';

/**
 * Evidenced price revisions (issue 37; DESIGN section 9). Staff propose one on an accepted offer,
 * before the car is collected: each difference found is an item of the deductions table in use, an
 * amount inside its range, a note and photos; the revised price is the agreed price less the items,
 * and must stay above £0. The seller answers on their page: accepting makes it the agreed price
 * (the handover and payment read it through `agreedPrice`), declining loses the request at no cost
 * to them and cancels any booked collection. One is open at a time; past the end of the next UK day
 * it lapses and the accepted price stands. Each change runs in one transaction with the request's
 * row locked, with its timeline line, its stage (through the lifecycle) and its messages (through
 * the outbox).
 */

export type RevisionDeps = { db: Db; outbox: Outbox; staffNotifyEmails: readonly string[] };

type Valuation = typeof carValuations.$inferSelect;
type RevisionRow = typeof priceRevisions.$inferSelect;

async function lockValuation(tx: Db, valuationId: string, notFound: string): Promise<Valuation> {
  const [valuation] = await tx.select().from(carValuations).where(eq(carValuations.id, valuationId)).for('update');
  if (!valuation) throw new AppError('NOT_FOUND', notFound);
  return valuation;
}

const invalid = (path: string, message: string) =>
  new AppError('INVALID_INPUT', message, { issues: [{ path, message }] });

/** Why staff cannot revise the price at this stage (the lifecycle's words), or null when they may. */
function stageRefusal(stage: ValuationStage): string | null {
  const answer = nextStage(stage, { type: 'propose_revision', fromPence: 2, toPence: 1 });
  return answer.ok ? null : answer.refusal;
}

/** The revisions' items, with their photos, by revision id. */
async function itemsOf(db: Db, revisionIds: string[]): Promise<Map<string, RevisionItemView[]>> {
  const byRevision = new Map<string, RevisionItemView[]>();
  if (revisionIds.length === 0) return byRevision;
  const items = await db
    .select()
    .from(priceRevisionItems)
    .where(inArray(priceRevisionItems.revisionId, revisionIds))
    .orderBy(asc(priceRevisionItems.position));
  const photos =
    items.length === 0
      ? []
      : await db
          .select({ id: priceRevisionPhotos.id, itemId: priceRevisionPhotos.itemId })
          .from(priceRevisionPhotos)
          .where(
            inArray(
              priceRevisionPhotos.itemId,
              items.map((item) => item.id),
            ),
          )
          .orderBy(asc(priceRevisionPhotos.createdAt), asc(priceRevisionPhotos.id));
  for (const item of items) {
    const list = byRevision.get(item.revisionId) ?? [];
    list.push({
      id: item.id,
      name: item.name,
      evidence: item.evidence,
      quantity: item.quantity,
      unitPence: item.unitPence,
      amountPence: itemAmountPence(item),
      note: item.note,
      photos: photos.filter((photo) => photo.itemId === item.id).map(({ id }) => ({ id })),
    });
    byRevision.set(item.revisionId, list);
  }
  return byRevision;
}

function sellerRevision(row: RevisionRow, items: RevisionItemView[], now: Date): SellerRevision {
  return {
    id: row.id,
    status: effectiveRevisionStatus(row, now),
    fromPence: row.fromPence,
    toPence: row.toPence,
    deductedPence: row.fromPence - row.toPence,
    validUntil: row.validUntil.toISOString(),
    proposedAt: row.createdAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    items,
  };
}

/** The request page's and the handover screen's card: the agreed price, whether staff may revise it, every revision. */
export async function adminRevisions(db: Db, valuationId: string, now: Date): Promise<AdminRevisions> {
  const [valuation] = await db.select().from(carValuations).where(eq(carValuations.id, valuationId));
  if (!valuation) throw new AppError('NOT_FOUND', adminValuationMessages.notFound);
  const agreed = await agreedPrice(db, valuationId);
  const rows = await db
    .select({ revision: priceRevisions, proposedBy: users.username })
    .from(priceRevisions)
    .leftJoin(users, eq(users.id, priceRevisions.proposedByUserId))
    .where(eq(priceRevisions.valuationId, valuationId))
    .orderBy(desc(priceRevisions.createdAt), desc(priceRevisions.id));
  const closers = rows.flatMap((row) => (row.revision.closedByUserId ? [row.revision.closedByUserId] : []));
  const closedBy =
    closers.length === 0
      ? new Map<number, string>()
      : new Map(
          (
            await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, closers))
          ).map((user) => [user.id, user.username]),
        );
  const items = await itemsOf(
    db,
    rows.map((row) => row.revision.id),
  );
  const revisions: AdminRevision[] = rows.map(({ revision, proposedBy }) => ({
    ...sellerRevision(revision, items.get(revision.id) ?? [], now),
    proposedBy,
    withdrawnBy: revision.closedByUserId ? (closedBy.get(revision.closedByUserId) ?? null) : null,
    declineReason: revision.declineReason,
  }));
  const deductions = await deductionsInUse(db);
  const cannotPropose =
    stageRefusal(valuation.status) ??
    (agreed ? null : m.noAgreedPrice) ??
    (revisions.some((revision) => revision.status === 'open') ? m.alreadyOpen : null) ??
    (deductions.length === 0 ? NO_DEDUCTIONS : null);
  return {
    stage: valuation.status,
    agreedPricePence: agreed?.pricePence ?? null,
    offerPence: agreed?.offerPence ?? null,
    cannotPropose,
    revisions,
    deductions,
  };
}

const NO_DEDUCTIONS = 'The deductions table has no items in use. Add them on the Deductions screen first.';

/**
 * The revision the seller's page shows: the newest made on the newest offer (an open one to answer,
 * or the last answered), or null. A revision of an offer since replaced (the request reopened and
 * offered again) no longer shows.
 */
export async function sellerRevisionOf(db: Db, valuationId: string, now: Date): Promise<SellerRevision | null> {
  const [newestOffer] = await db
    .select({ id: valuationOffers.id })
    .from(valuationOffers)
    .where(eq(valuationOffers.valuationId, valuationId))
    .orderBy(desc(valuationOffers.createdAt), desc(valuationOffers.id))
    .limit(1);
  if (!newestOffer) return null;
  const [row] = await db
    .select()
    .from(priceRevisions)
    .where(and(eq(priceRevisions.valuationId, valuationId), eq(priceRevisions.offerId, newestOffer.id)))
    .orderBy(desc(priceRevisions.createdAt), desc(priceRevisions.id))
    .limit(1);
  if (!row) return null;
  const items = await itemsOf(db, [row.id]);
  return sellerRevision(row, items.get(row.id) ?? [], now);
}

/** A photo of the request's revisions as stored, for staff (any) or the seller (only those in a revision). */
export async function revisionPhotoOf(
  db: Db,
  valuationId: string,
  photoId: string,
  options: { attachedOnly: boolean },
): Promise<RevisionPhotoKeys | undefined> {
  const [photo] = await db
    .select({
      fileKey: priceRevisionPhotos.fileKey,
      thumbKey: priceRevisionPhotos.thumbKey,
      itemId: priceRevisionPhotos.itemId,
    })
    .from(priceRevisionPhotos)
    .where(and(eq(priceRevisionPhotos.id, photoId), eq(priceRevisionPhotos.valuationId, valuationId)));
  if (!photo || (options.attachedOnly && !photo.itemId)) return undefined;
  return { fileKey: photo.fileKey, thumbKey: photo.thumbKey };
}

/**
 * Records a photo staff took for a revision they are writing (not yet tied to an item). Only while
 * the request's price may be revised: the photo is evidence for a revision, nothing else.
 */
export async function recordRevisionPhoto(
  db: Db,
  upload: { valuationId: string; keys: RevisionPhotoKeys; userId: number; now: Date },
): Promise<string> {
  return db.transaction(async (tx) => {
    const valuation = await lockValuation(tx, upload.valuationId, adminValuationMessages.notFound);
    const refusal = stageRefusal(valuation.status);
    if (refusal) throw new AppError('CONFLICT', refusal);
    const [stored] = await tx
      .insert(priceRevisionPhotos)
      .values({
        valuationId: upload.valuationId,
        fileKey: upload.keys.fileKey,
        thumbKey: upload.keys.thumbKey,
        uploadedByUserId: upload.userId,
        createdAt: upload.now,
      })
      .returning({ id: priceRevisionPhotos.id });
    return stored!.id;
  });
}

/** The open revision of the request, locked; one past its end is closed as lapsed on the way. */
async function openRevision(tx: Db, valuationId: string, now: Date): Promise<RevisionRow | undefined> {
  const [open] = await tx
    .select()
    .from(priceRevisions)
    .where(and(eq(priceRevisions.valuationId, valuationId), eq(priceRevisions.status, 'open')))
    .for('update');
  if (!open) return undefined;
  if (now <= open.validUntil) return open;
  await closeAsLapsed(tx, open, now);
  return undefined;
}

/** An open revision past its end, closed: the accepted price stands; the timeline says so. */
async function closeAsLapsed(tx: Db, revision: RevisionRow, now: Date): Promise<void> {
  await tx.update(priceRevisions).set({ status: 'lapsed', closedAt: now }).where(eq(priceRevisions.id, revision.id));
  await tx.insert(valuationEvents).values({
    valuationId: revision.valuationId,
    type: 'price_revision_lapsed',
    data: { revisionId: revision.id, fromPence: revision.fromPence, toPence: revision.toPence },
    createdAt: now,
  });
}

/** Revisions closed as lapsed per transaction: a backlog is worked through in short transactions. */
const LAPSE_BATCH = 50;
/** How often the server looks for revisions past their end (jobs/server-jobs.ts). */
export const REVISION_LAPSES_EVERY_MS = 60_000;

/**
 * The revisions the seller left unanswered past their end, closed as lapsed (a server job): each
 * on the request's timeline, and staff (STAFF_NOTIFY_EMAIL) told that the accepted price stands, so
 * they collect the car at it or decide not to buy it. Rows are locked as every other change locks
 * them, the request first and then its revision, skipping a request someone is changing (the next
 * run takes it), so two server processes never close one twice. Returns how many were closed.
 */
export async function closeLapsedRevisions(deps: RevisionDeps, now: Date, signal?: AbortSignal): Promise<number> {
  let closed = 0;
  for (;;) {
    if (signal?.aborted) break;
    const [found, done] = await deps.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: priceRevisions.id, valuationId: priceRevisions.valuationId })
        .from(priceRevisions)
        .where(and(eq(priceRevisions.status, 'open'), lt(priceRevisions.validUntil, now)))
        .orderBy(asc(priceRevisions.validUntil), asc(priceRevisions.id))
        .limit(LAPSE_BATCH);
      let lapsed = 0;
      for (const { id, valuationId } of due) {
        const [valuation] = await tx
          .select()
          .from(carValuations)
          .where(eq(carValuations.id, valuationId))
          .for('update', { skipLocked: true });
        const revision = valuation ? await lockRevision(tx, valuationId, id) : undefined;
        // Taken meanwhile (answered, withdrawn, closed by another process) or being changed now.
        if (!valuation || revision?.status !== 'open') continue;
        await closeAsLapsed(tx, revision, now);
        await alertStaff(tx, deps.outbox, {
          to: deps.staffNotifyEmails,
          valuation,
          kind: 'revision_lapsed',
          amountPence: revision.toPence,
        });
        lapsed += 1;
      }
      return [due.length, lapsed] as const;
    });
    closed += done;
    if (found < LAPSE_BATCH || done === 0) break;
    await otherWorkFirst();
  }
  return closed;
}

export type Proposal = { valuationId: string; userId: number; items: ProposeRevisionInput['items']; now: Date };

/**
 * Staff's revised price: checked item by item against the deductions table in use and the photos
 * uploaded for this request, then stored with its items, on the timeline, and sent to the seller by
 * e-mail and (with a number we can text) by text message. Returns the revision's id.
 */
export async function proposeRevision(deps: RevisionDeps, proposal: Proposal): Promise<string> {
  const { valuationId, userId, items, now } = proposal;
  return deps.db.transaction(async (tx) => {
    const valuation = await lockValuation(tx, valuationId, adminValuationMessages.notFound);
    const refusal = stageRefusal(valuation.status);
    if (refusal) throw new AppError('CONFLICT', refusal);
    const agreed = await agreedPrice(tx, valuationId);
    if (!agreed) throw new AppError('CONFLICT', m.noAgreedPrice);
    if (await openRevision(tx, valuationId, now)) throw new AppError('CONFLICT', m.alreadyOpen);

    // Each item: an item of the table in use, and an amount it allows.
    const ids = [...new Set(items.map((item) => item.deductionId))];
    const table = await tx
      .select()
      .from(deductionItems)
      .where(and(inArray(deductionItems.id, ids), isNull(deductionItems.retiredAt)));
    const deductionOf = new Map(table.map((row) => [row.id, row]));
    for (const [index, item] of items.entries()) {
      const deduction = deductionOf.get(item.deductionId);
      if (!deduction) throw invalid(`items.${index}.deductionId`, m.deductionUnknown);
      if (!withinRange(deduction, item.amount)) {
        throw invalid(`items.${index}.amount`, m.amountOutside(deduction.name, deduction));
      }
    }

    // Each photo: one of this request's, not yet used, and used once here.
    const photoIds = items.flatMap((item) => item.photoIds);
    const seen = new Set<string>();
    for (const [index, item] of items.entries()) {
      for (const photoId of item.photoIds) {
        if (seen.has(photoId)) throw invalid(`items.${index}.photoIds`, m.photoUsedTwice);
        seen.add(photoId);
      }
    }
    const photos = await tx
      .select({ id: priceRevisionPhotos.id, itemId: priceRevisionPhotos.itemId })
      .from(priceRevisionPhotos)
      .where(and(inArray(priceRevisionPhotos.id, photoIds), eq(priceRevisionPhotos.valuationId, valuationId)))
      .for('update');
    for (const [index, item] of items.entries()) {
      for (const photoId of item.photoIds) {
        const photo = photos.find((p) => p.id === photoId);
        if (!photo) throw invalid(`items.${index}.photoIds`, m.photoUnknown);
        if (photo.itemId) throw invalid(`items.${index}.photoIds`, m.photoUsedTwice);
      }
    }

    const lines = items.map((item) => ({ ...item, unitPence: item.amount }));
    const { deductedPence, revisedPence } = revisedPrice(agreed.pricePence, lines);
    if (revisedPence <= 0) throw invalid('items', m.notBelowZero(deductedPence, agreed.pricePence));
    // The lifecycle's own check: a revision keeps the stage and only lowers the price.
    await moveValuation(tx, {
      valuation,
      event: { type: 'propose_revision', fromPence: agreed.pricePence, toPence: revisedPence },
      actor: { kind: 'staff', userId },
      now,
    });

    const validUntil = revisionValidUntil(now);
    const [revision] = await tx
      .insert(priceRevisions)
      .values({
        valuationId,
        offerId: agreed.offerId,
        fromPence: agreed.pricePence,
        toPence: revisedPence,
        validUntil,
        proposedByUserId: userId,
        createdAt: now,
      })
      .returning({ id: priceRevisions.id });
    const revisionId = revision!.id;
    const stored = await tx
      .insert(priceRevisionItems)
      .values(
        lines.map((line, position) => {
          const deduction = deductionOf.get(line.deductionId)!;
          return {
            revisionId,
            deductionId: deduction.id,
            name: deduction.name,
            evidence: deduction.evidence,
            quantity: line.quantity,
            unitPence: line.unitPence,
            note: line.note,
            position,
          };
        }),
      )
      .returning({ id: priceRevisionItems.id, position: priceRevisionItems.position });
    for (const row of stored) {
      await tx
        .update(priceRevisionPhotos)
        .set({ itemId: row.id })
        .where(inArray(priceRevisionPhotos.id, lines[row.position]!.photoIds));
    }

    await tx.insert(valuationEvents).values({
      valuationId,
      type: 'price_revision_proposed',
      data: {
        revisionId,
        fromPence: agreed.pricePence,
        toPence: revisedPence,
        items: lines.map((line) => ({
          name: deductionOf.get(line.deductionId)!.name,
          amountPence: itemAmountPence(line),
        })),
        validUntil: validUntil.toISOString(),
      },
      actorUserId: userId,
      createdAt: now,
    });
    const data = {
      ...carOf(valuation),
      firstName: valuation.firstName,
      fromPence: agreed.pricePence,
      toPence: revisedPence,
      validUntil: validUntil.toISOString(),
      items: lines.map((line) => ({
        name: deductionOf.get(line.deductionId)!.name,
        quantity: line.quantity,
        unitPence: line.unitPence,
        amountPence: itemAmountPence(line),
        note: line.note,
      })),
      sellerSecret: await issueSellerSecret(tx, valuationId, now),
    };
    await deps.outbox.queueEmail(tx, { to: valuation.email, template: priceRevisionProposed, data, valuationId });
    // Texted too when we have a number to text: it stands only until tomorrow night.
    if (valuation.phoneE164) {
      await deps.outbox.queueSms(tx, { to: valuation.phoneE164, template: priceRevisionProposed, data, valuationId });
    }
    return revisionId;
  });
}

/** The revision named, locked, if it is the request's. */
async function lockRevision(tx: Db, valuationId: string, revisionId: string): Promise<RevisionRow | undefined> {
  const [row] = await tx
    .select()
    .from(priceRevisions)
    .where(and(eq(priceRevisions.id, revisionId), eq(priceRevisions.valuationId, valuationId)))
    .for('update');
  return row;
}

/**
 * The open revision the seller answers, or why not in their words: answered already (the same
 * answer again is `done`: a double tap changes nothing), withdrawn, or lapsed (the accepted price
 * stands).
 */
async function answerable(
  tx: Db,
  valuationId: string,
  revisionId: string,
  answer: 'accepted' | 'declined',
  now: Date,
): Promise<{ row: RevisionRow; done: boolean }> {
  const row = await lockRevision(tx, valuationId, revisionId);
  if (!row) throw new AppError('CONFLICT', m.notOpen);
  if (row.status === answer) return { row, done: true };
  if (effectiveRevisionStatus(row, now) === 'lapsed') {
    const agreed = await agreedPrice(tx, valuationId);
    throw new AppError(
      'CONFLICT',
      m.lapsed(formatUkDeadline(row.validUntil, now), formatPounds(agreed?.pricePence ?? row.fromPence)),
    );
  }
  if (row.status !== 'open') throw new AppError('CONFLICT', m.notOpen);
  return { row, done: false };
}

export type SellerAnswer = { valuationId: string; revisionId: string; now: Date };

/**
 * The seller accepts the open revision: it is the agreed price from now on (what the payment must
 * match), evidenced as an offer's acceptance is (when, the address truncated, the browser).
 * Returns the price now agreed.
 */
export async function acceptRevision(
  deps: RevisionDeps,
  answer: SellerAnswer & { clientAddress: string | undefined; userAgent: string | undefined },
): Promise<number> {
  const { valuationId, revisionId, now } = answer;
  return deps.db.transaction(async (tx) => {
    const valuation = await lockValuation(tx, valuationId, sellerPortalMessages.notFound);
    const { row: revision, done } = await answerable(tx, valuationId, revisionId, 'accepted', now);
    if (done) return revision.toPence;
    // The price it revises must still be the agreed one (nothing else may have moved it).
    const agreed = await agreedPrice(tx, valuationId);
    if (!agreed || agreed.offerId !== revision.offerId || agreed.pricePence !== revision.fromPence) {
      throw new AppError('CONFLICT', m.notOpen);
    }
    await tx
      .update(priceRevisions)
      .set({
        status: 'accepted',
        closedAt: now,
        clientAddress: truncateAddress(answer.clientAddress) ?? 'unknown',
        userAgent: (answer.userAgent ?? 'unknown').slice(0, 512),
      })
      .where(eq(priceRevisions.id, revisionId));
    await tx.insert(valuationEvents).values({
      valuationId,
      type: 'price_revision_accepted',
      data: { revisionId, fromPence: revision.fromPence, toPence: revision.toPence, by: 'seller' },
      createdAt: now,
    });
    await moveValuation(tx, {
      valuation,
      event: { type: 'accept_revision', fromPence: revision.fromPence, toPence: revision.toPence },
      actor: { kind: 'seller' },
      now,
    });
    await deps.outbox.queueEmail(tx, {
      to: valuation.email,
      template: priceRevisionAccepted,
      data: {
        ...carOf(valuation),
        firstName: valuation.firstName,
        fromPence: revision.fromPence,
        toPence: revision.toPence,
        sellerSecret: await issueSellerSecret(tx, valuationId, now),
      },
      valuationId,
    });
    await alertStaff(tx, deps.outbox, {
      to: deps.staffNotifyEmails,
      valuation,
      kind: 'revision_accepted',
      amountPence: revision.toPence,
    });
    return revision.toPence;
  });
}

/**
 * The seller declines the open revision: we do not buy the car, at no cost to them. The request is
 * lost as `revision_declined`, a booked collection is cancelled (its reminder taken back), the
 * seller is told so, and staff are alerted.
 */
export async function declineRevision(
  deps: RevisionDeps,
  answer: SellerAnswer & { reason: string | null },
): Promise<void> {
  const { valuationId, revisionId, now } = answer;
  await deps.db.transaction(async (tx) => {
    const valuation = await lockValuation(tx, valuationId, sellerPortalMessages.notFound);
    const { row: revision, done } = await answerable(tx, valuationId, revisionId, 'declined', now);
    if (done) return;
    await tx
      .update(priceRevisions)
      .set({ status: 'declined', closedAt: now, declineReason: answer.reason })
      .where(eq(priceRevisions.id, revisionId));
    const cancelled = await cancelBookingWithin(tx, deps.outbox, {
      valuationId,
      by: 'seller',
      reason: 'revision_declined',
      now,
    });
    await tx.insert(valuationEvents).values({
      valuationId,
      type: 'price_revision_declined',
      data: {
        revisionId,
        fromPence: revision.fromPence,
        toPence: revision.toPence,
        reason: answer.reason,
        by: 'seller',
      },
      createdAt: now,
    });
    await moveValuation(tx, { valuation, event: { type: 'decline_revision' }, actor: { kind: 'seller' }, now });
    await deps.outbox.queueEmail(tx, {
      to: valuation.email,
      template: priceRevisionDeclined,
      data: {
        ...carOf(valuation),
        firstName: valuation.firstName,
        fromPence: revision.fromPence,
        toPence: revision.toPence,
        cancelledCollection: cancelled ? `${cancelled.day}, ${cancelled.slot}` : null,
        sellerSecret: await issueSellerSecret(tx, valuationId, now),
      },
      valuationId,
    });
    await alertStaff(tx, deps.outbox, {
      to: deps.staffNotifyEmails,
      valuation,
      kind: 'revision_declined',
      amountPence: revision.toPence,
    });
  });
}

/** Staff take back an open revision (a slip, or a second look): the agreed price stands; the seller is told. */
export async function withdrawRevision(
  deps: RevisionDeps,
  withdrawal: { valuationId: string; revisionId: string; userId: number; now: Date },
): Promise<void> {
  const { valuationId, revisionId, userId, now } = withdrawal;
  await deps.db.transaction(async (tx) => {
    const valuation = await lockValuation(tx, valuationId, adminValuationMessages.notFound);
    const row = await lockRevision(tx, valuationId, revisionId);
    if (!row) throw new AppError('NOT_FOUND', m.notFound);
    if (row.status === 'withdrawn') return;
    if (effectiveRevisionStatus(row, now) !== 'open') throw new AppError('CONFLICT', m.notOpen);
    await tx
      .update(priceRevisions)
      .set({ status: 'withdrawn', closedAt: now, closedByUserId: userId })
      .where(eq(priceRevisions.id, revisionId));
    await tx.insert(valuationEvents).values({
      valuationId,
      type: 'price_revision_withdrawn',
      data: { revisionId, fromPence: row.fromPence, toPence: row.toPence },
      actorUserId: userId,
      createdAt: now,
    });
    await deps.outbox.queueEmail(tx, {
      to: valuation.email,
      template: priceRevisionWithdrawn,
      data: {
        ...carOf(valuation),
        firstName: valuation.firstName,
        fromPence: row.fromPence,
        toPence: row.toPence,
        sellerSecret: await issueSellerSecret(tx, valuationId, now),
      },
      valuationId,
    });
  });
}
