import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { carValuations, users, valuationDocuments, valuationEvents } from '~/server/db/schema';
import { AppError } from '~/server/http/app-error';
import type { ProcessedDocument } from '~/server/media/uploaded-document';
import type { FileStore } from '~/server/storage/file-store';
import {
  documentChecklist,
  documentGuide,
  documentMessages as m,
  documentsAreComplete,
  documentsAsked,
  type AdminDocuments,
  type DocumentKind,
  type SellerDocuments,
} from '~/shared/documents';
import type { ValuationStage } from '~/shared/valuation-lifecycle';
import { alertStaff, carOf, documentRejected, documentsRequested, type Outbox } from '../messages';
import { issueSellerSecret } from '../valuations';

/**
 * The seller's documents (issue 35): the checklist each request needs, the seller's uploads and
 * answers, and staff's checks. Every change runs in one transaction with the request's row locked,
 * so the stage it checks, the row it replaces, the timeline line, "Documents complete" and the
 * messages it causes (through the outbox) are written together or not at all. Files are written
 * before the transaction and removed after it: a failure leaves an orphan file, never a row
 * without its file.
 */

export const DOCUMENT_AREA = 'valuation-documents';

type Valuation = typeof carValuations.$inferSelect;
type DocumentRow = typeof valuationDocuments.$inferSelect;

export type DocumentsDeps = { db: Db; files: FileStore; outbox: Outbox; staffNotifyEmails: readonly string[] };

const isClosed = (stage: ValuationStage) => stage === 'completed' || stage === 'lost';

async function lockValuation(tx: Db, valuationId: string): Promise<Valuation> {
  const [valuation] = await tx.select().from(carValuations).where(eq(carValuations.id, valuationId)).for('update');
  if (!valuation) throw new AppError('NOT_FOUND', 'Valuation not found');
  return valuation;
}

const documentsOf = (db: Db, valuationId: string) =>
  db
    .select()
    .from(valuationDocuments)
    .where(eq(valuationDocuments.valuationId, valuationId))
    .orderBy(asc(valuationDocuments.uploadedAt));

function sellerDocument(row: DocumentRow) {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    mediaType: row.mediaType,
    sizeBytes: row.sizeBytes,
    pages: row.pages,
    rejectionReason: row.status === 'rejected' ? row.rejectionReason : null,
    uploadedAt: row.uploadedAt.toISOString(),
  };
}

/** The checklist as the seller's page shows it. */
export async function sellerDocuments(db: Db, valuation: Valuation): Promise<SellerDocuments> {
  const rows = await documentsOf(db, valuation.id);
  const asked = documentsAsked(valuation.status, valuation.documentsRequestedAt);
  return {
    asked,
    editable: asked && valuation.documentsCompletedAt === null,
    items: documentChecklist(valuation).map((item) => {
      const row = rows.find((r) => r.kind === item.kind);
      return { ...item, document: row ? sellerDocument(row) : null };
    }),
    keysCount: valuation.keysCount,
    completedAt: valuation.documentsCompletedAt?.toISOString() ?? null,
  };
}

/** The checklist as staff see it: who checked each document and when, and whether they can ask early. */
export async function adminDocuments(db: Db, valuation: Valuation): Promise<AdminDocuments> {
  const rows = await db
    .select({ document: valuationDocuments, reviewer: users.username })
    .from(valuationDocuments)
    .leftJoin(users, eq(users.id, valuationDocuments.reviewedByUserId))
    .where(eq(valuationDocuments.valuationId, valuation.id))
    .orderBy(asc(valuationDocuments.uploadedAt));
  const seller = await sellerDocuments(db, valuation);
  return {
    ...seller,
    items: seller.items.map((item) => {
      const row = rows.find((r) => r.document.kind === item.kind);
      if (!item.document || !row) return { ...item, document: null };
      return {
        ...item,
        document: {
          ...item.document,
          reviewedAt: row.document.reviewedAt?.toISOString() ?? null,
          reviewedBy: row.reviewer,
        },
      };
    }),
    requestedAt: valuation.documentsRequestedAt?.toISOString() ?? null,
    canRequest: !isClosed(valuation.status) && !seller.asked,
  };
}

export async function sellerDocumentsFor(db: Db, valuationId: string): Promise<SellerDocuments> {
  const [valuation] = await db.select().from(carValuations).where(eq(carValuations.id, valuationId));
  if (!valuation) throw new AppError('NOT_FOUND', 'Valuation not found');
  return sellerDocuments(db, valuation);
}

export async function adminDocumentsFor(db: Db, valuationId: string): Promise<AdminDocuments> {
  const [valuation] = await db.select().from(carValuations).where(eq(carValuations.id, valuationId));
  if (!valuation) throw new AppError('NOT_FOUND', 'Valuation not found');
  return adminDocuments(db, valuation);
}

/** The seller may change their documents: asked for, still open, and not yet complete. */
function assertSellerMayChange(valuation: Valuation) {
  if (isClosed(valuation.status)) throw new AppError('CONFLICT', m.closed);
  if (!documentsAsked(valuation.status, valuation.documentsRequestedAt)) throw new AppError('CONFLICT', m.notAsked);
}

/** Stores the rebuilt file and its preview; returns their keys. */
export async function storeDocumentFiles(files: FileStore, processed: ProcessedDocument) {
  const extension = processed.mediaType === 'application/pdf' ? 'pdf' : 'jpg';
  const fileKey = await files.save(processed.file, { area: DOCUMENT_AREA, extension });
  try {
    const previewKey = await files.save(processed.preview, { area: DOCUMENT_AREA, extension: 'jpg' });
    return { fileKey, previewKey };
  } catch (error) {
    await files.remove(fileKey);
    throw error;
  }
}

export async function removeDocumentFiles(files: FileStore, keys: readonly { fileKey: string; previewKey: string }[]) {
  for (const key of keys) {
    await files.remove(key.fileKey);
    await files.remove(key.previewKey);
  }
}

export type Upload = { valuationId: string; kind: DocumentKind; processed: ProcessedDocument; now: Date };

/**
 * Records the seller's file for one item of their checklist: a first one, or one that takes the
 * place of a file not yet checked or turned down (never of a checked one). Returns the keys of the
 * files it replaced, for the caller to remove once this has committed; staff hear of it.
 */
export async function recordUpload(
  deps: DocumentsDeps,
  upload: Upload & { keys: { fileKey: string; previewKey: string } },
): Promise<{ replaced: { fileKey: string; previewKey: string } | null; documentId: string }> {
  const { valuationId, kind, processed, now, keys } = upload;
  return deps.db.transaction(async (tx) => {
    const valuation = await lockValuation(tx, valuationId);
    assertSellerMayChange(valuation);
    if (!documentChecklist(valuation).some((item) => item.kind === kind)) {
      throw new AppError('CONFLICT', m.notNeeded);
    }
    const [existing] = await tx
      .select()
      .from(valuationDocuments)
      .where(and(eq(valuationDocuments.valuationId, valuationId), eq(valuationDocuments.kind, kind)));
    if (existing?.status === 'verified') throw new AppError('CONFLICT', m.alreadyVerified);
    const fields = {
      status: 'pending' as const,
      fileKey: keys.fileKey,
      previewKey: keys.previewKey,
      mediaType: processed.mediaType,
      sizeBytes: processed.file.length,
      pages: processed.pages,
      rejectionReason: null,
      reviewedByUserId: null,
      reviewedAt: null,
      uploadedAt: now,
    };
    const [row] = existing
      ? await tx.update(valuationDocuments).set(fields).where(eq(valuationDocuments.id, existing.id)).returning()
      : await tx
          .insert(valuationDocuments)
          .values({ valuationId, kind, ...fields })
          .returning();
    await tx.insert(valuationEvents).values({
      valuationId,
      type: 'document_uploaded',
      data: { documentId: row!.id, kind, replaced: Boolean(existing), mediaType: processed.mediaType },
      createdAt: now,
    });
    await tx.update(carValuations).set({ updatedAt: now }).where(eq(carValuations.id, valuationId));
    await alertStaff(tx, deps.outbox, { to: deps.staffNotifyEmails, valuation, kind: 'document', amountPence: null });
    return {
      documentId: row!.id,
      replaced: existing ? { fileKey: existing.fileKey, previewKey: existing.previewKey } : null,
    };
  });
}

/** The seller says how many keys they will hand over; the count is settled once the papers are complete. */
export async function declareKeys(db: Db, change: { valuationId: string; count: number; now: Date }): Promise<void> {
  const { valuationId, count, now } = change;
  await db.transaction(async (tx) => {
    const valuation = await lockValuation(tx, valuationId);
    assertSellerMayChange(valuation);
    if (valuation.documentsCompletedAt) throw new AppError('CONFLICT', m.keysLocked);
    if (valuation.keysCount === count) return;
    await tx.update(carValuations).set({ keysCount: count, updatedAt: now }).where(eq(carValuations.id, valuationId));
    await tx.insert(valuationEvents).values({ valuationId, type: 'keys_declared', data: { count }, createdAt: now });
    await markCompleteIfDone(tx, { ...valuation, keysCount: count }, now, null);
  });
}

/**
 * Sets "Documents complete" (and its timeline line) the moment the checklist is done: every
 * required document checked, nothing sent left unchecked, the keys counted.
 */
async function markCompleteIfDone(tx: Db, valuation: Valuation, now: Date, actorUserId: number | null) {
  if (valuation.documentsCompletedAt) return;
  const rows = await documentsOf(tx, valuation.id);
  if (!documentsAreComplete(valuation, rows, valuation.keysCount)) return;
  await tx
    .update(carValuations)
    .set({ documentsCompletedAt: now, updatedAt: now })
    .where(eq(carValuations.id, valuation.id));
  await tx.insert(valuationEvents).values({
    valuationId: valuation.id,
    type: 'documents_complete',
    data: { documents: rows.map((row) => row.kind), keys: valuation.keysCount },
    actorUserId,
    createdAt: now,
  });
}

type Review = { valuationId: string; documentId: string; userId: number; now: Date };

/** Locks the request and the document, which must be waiting for a check. */
async function lockPending(tx: Db, review: Review) {
  const valuation = await lockValuation(tx, review.valuationId);
  if (isClosed(valuation.status)) throw new AppError('CONFLICT', m.closed);
  const [document] = await tx
    .select()
    .from(valuationDocuments)
    .where(and(eq(valuationDocuments.id, review.documentId), eq(valuationDocuments.valuationId, review.valuationId)))
    .for('update');
  if (!document) throw new AppError('NOT_FOUND', m.documentNotFound);
  if (document.status !== 'pending') throw new AppError('CONFLICT', m.notPending);
  return { valuation, document };
}

/** Staff accept the document; the request may now be complete. */
export async function verifyDocument(db: Db, review: Review): Promise<void> {
  await db.transaction(async (tx) => {
    const { valuation, document } = await lockPending(tx, review);
    await tx
      .update(valuationDocuments)
      .set({ status: 'verified', reviewedByUserId: review.userId, reviewedAt: review.now })
      .where(eq(valuationDocuments.id, document.id));
    await tx.insert(valuationEvents).values({
      valuationId: valuation.id,
      type: 'document_verified',
      data: { documentId: document.id, kind: document.kind },
      actorUserId: review.userId,
      createdAt: review.now,
    });
    await markCompleteIfDone(tx, valuation, review.now, review.userId);
  });
}

/** Staff turn the document down with a reason; the seller sees it on their page and by e-mail. */
export async function rejectDocument(deps: DocumentsDeps, review: Review & { reason: string }): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { valuation, document } = await lockPending(tx, review);
    await tx
      .update(valuationDocuments)
      .set({
        status: 'rejected',
        rejectionReason: review.reason,
        reviewedByUserId: review.userId,
        reviewedAt: review.now,
      })
      .where(eq(valuationDocuments.id, document.id));
    await tx.insert(valuationEvents).values({
      valuationId: valuation.id,
      type: 'document_rejected',
      data: { documentId: document.id, kind: document.kind, reason: review.reason },
      actorUserId: review.userId,
      createdAt: review.now,
    });
    await deps.outbox.queueEmail(tx, {
      to: valuation.email,
      template: documentRejected,
      data: {
        ...carOf(valuation),
        firstName: valuation.firstName,
        document: documentGuide[document.kind].label,
        reason: review.reason,
        sellerSecret: await issueSellerSecret(tx, valuation.id, review.now),
      },
      valuationId: valuation.id,
    });
  });
}

/** Staff ask for the documents before an offer is accepted; the seller is e-mailed the list. */
export async function requestDocuments(
  deps: DocumentsDeps,
  request: { valuationId: string; userId: number; now: Date },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const valuation = await lockValuation(tx, request.valuationId);
    if (isClosed(valuation.status)) throw new AppError('CONFLICT', m.notOpen);
    if (documentsAsked(valuation.status, valuation.documentsRequestedAt)) return;
    await tx
      .update(carValuations)
      .set({ documentsRequestedAt: request.now, updatedAt: request.now })
      .where(eq(carValuations.id, valuation.id));
    await tx.insert(valuationEvents).values({
      valuationId: valuation.id,
      type: 'documents_requested',
      data: {},
      actorUserId: request.userId,
      createdAt: request.now,
    });
    await deps.outbox.queueEmail(tx, {
      to: valuation.email,
      template: documentsRequested,
      data: {
        ...carOf(valuation),
        firstName: valuation.firstName,
        documents: documentChecklist(valuation).map((item) => documentGuide[item.kind].label.toLowerCase()),
        sellerSecret: await issueSellerSecret(tx, valuation.id, request.now),
      },
      valuationId: valuation.id,
    });
  });
}

/** One document of the request (for serving its file), or 404. */
export async function documentOf(db: Db, valuationId: string, documentId: string): Promise<DocumentRow> {
  const [row] = await db
    .select()
    .from(valuationDocuments)
    .where(and(eq(valuationDocuments.id, documentId), eq(valuationDocuments.valuationId, valuationId)));
  if (!row) throw new AppError('NOT_FOUND', m.documentNotFound);
  return row;
}
