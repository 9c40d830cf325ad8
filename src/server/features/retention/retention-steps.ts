import { otherWorkFirst } from '~/server/lib/other-work-first';
import { and, asc, eq, exists, gt, gte, inArray, isNotNull, isNull, lt, ne, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import {
  callLogs,
  carValuations,
  customerReviews,
  dataProtectionComplaints,
  outboundMessages,
  valuationDocuments,
  valuationEvents,
} from '~/server/db/schema';
import { deleteExpiredVisitRecords } from '~/server/features/analytics';
import { deleteValuationRows, removeValuationFiles } from '~/server/features/valuations';
import { recordingSidOf, type RecordingEraser } from '~/server/features/calls';
import type { FileStore } from '~/server/storage/file-store';
import type { RetentionPeriods } from '~/shared/retention';
import { removeDocumentFiles } from '../documents';
import { daysBefore, monthsBefore } from './retention-dates';

/**
 * What the daily retention run deletes, one step per kind of record, each in batches: a backlog of
 * any size (the first run, or one after a long stop) is never loaded whole, no transaction holds
 * its locks for long, and the run can stop between two batches (shutdown) and carry on later.
 * Rows another transaction holds are skipped (SKIP LOCKED): whatever is busy now is left for the
 * next day's run. Files are removed only after the rows that named them are gone (committed).
 */

/** What one run deleted, by sort; kept in retention_runs.deleted. */
export const deletedSorts = [
  'valuations',
  'photos',
  'documents',
  'messageAttachments',
  'messageContents',
  'unsentMessages',
  'visitRecords',
  'unpublishedReviews',
  'callRecordings',
  'resolvedComplaints',
] as const;
export type DeletedSort = (typeof deletedSorts)[number];
export type DeletedCounts = Record<DeletedSort, number>;

export const noneDeleted = (): DeletedCounts =>
  Object.fromEntries(deletedSorts.map((sort) => [sort, 0])) as DeletedCounts;

export type StepLog = { warn(details: object, message: string): void };

export type StepContext = {
  db: Db;
  files: FileStore;
  /** Deletes recordings at Twilio; absent when the calls feature is not set up. */
  recordings?: RecordingEraser | undefined;
  periods: RetentionPeriods;
  /** The run's moment: every period is measured back from it. */
  now: Date;
  batchSize: number;
  deleted: DeletedCounts;
  /** True once the run must stop (shutdown, or it has run long enough): checked between batches. */
  shouldStop: () => boolean;
  signal: AbortSignal;
  log: StepLog;
};

export type RetentionStep = { name: string; run(context: StepContext): Promise<void> };

/** Why a message still waiting to go is given up when its content is deleted. */
export function unsentMessageReason(days: number): string {
  return `Never sent, and ${days} days after it was queued its content was deleted under our retention policy, so it cannot be sent now.`;
}

/** Runs `batch` until it does less than a full batch, or the run must stop. */
async function inBatches(context: StepContext, batch: () => Promise<number>): Promise<void> {
  while (!context.shouldStop()) {
    const done = await batch();
    if (done < context.batchSize) return;
    await otherWorkFirst();
  }
}

/** Removes files whose rows are gone; a file that cannot be removed is left over (logged), never a failure. */
async function removeFiles(context: StepContext, what: string, remove: () => Promise<void>): Promise<void> {
  try {
    await remove();
  } catch (error) {
    context.log.warn({ err: error }, `retention: some ${what} files could not be removed; they are left over`);
  }
}

/**
 * 1. Valuations nobody has touched for the period: their last change (updated_at) and their newest
 * timeline event (archiving, a status change, an offer...) are both older than it. The rows go with
 * their events, offers, messages and documents; their photos, document files and message
 * attachments after commit.
 */
const idleValuations: RetentionStep = {
  name: 'valuations',
  async run(context) {
    const cutOff = monthsBefore(context.now, context.periods.valuationLeadsMonths);
    await inBatches(context, async () => {
      const stored = await context.db.transaction(async (tx) => {
        const recentEvent = tx
          .select({ one: sql`1` })
          .from(valuationEvents)
          .where(and(eq(valuationEvents.valuationId, carValuations.id), gte(valuationEvents.createdAt, cutOff)));
        const idle = await tx
          .select({ id: carValuations.id })
          .from(carValuations)
          .where(and(lt(carValuations.updatedAt, cutOff), notExists(recentEvent)))
          .orderBy(asc(carValuations.updatedAt))
          .limit(context.batchSize)
          .for('update', { skipLocked: true });
        return deleteValuationRows(
          tx,
          idle.map((row) => row.id),
        );
      });
      context.deleted.valuations += stored.count;
      context.deleted.photos += stored.photoPaths.length;
      context.deleted.documents += stored.documents.length;
      context.deleted.messageAttachments += stored.attachmentKeys.length;
      await removeFiles(context, 'valuation', () => removeValuationFiles(context.files, stored));
      return stored.count;
    });
  },
};

/**
 * 2. The seller's documents (issue 35: logbook, licence, service history, settlement letter) of
 * requests closed (completed or lost) longer ago than the period: since closed_at, or for a closed
 * request written without it, since its last change (as valuations' closedSince). Each batch locks
 * the requests, as every change to documents does (features/documents), and deletes their document
 * rows in one transaction; the files and previews go after the commit, like every other step's:
 * rows first, so a crash can leave an orphan file (logged), never a row naming a missing file. The
 * request keeps its checklist state (documents complete, the number of keys: not personal data).
 * No line on the request's timeline, as no other step writes one.
 */
const closedRequestDocuments: RetentionStep = {
  name: 'seller documents',
  async run(context) {
    const cutOff = daysBefore(context.now, context.periods.sellerDocumentsDays);
    await inBatches(context, async () => {
      const { requests, documents } = await context.db.transaction(async (tx) => {
        const holdsDocuments = tx
          .select({ one: sql`1` })
          .from(valuationDocuments)
          .where(eq(valuationDocuments.valuationId, carValuations.id));
        const closed = await tx
          .select({ id: carValuations.id })
          .from(carValuations)
          .where(
            and(
              inArray(carValuations.status, ['completed', 'lost']),
              or(
                lt(carValuations.closedAt, cutOff),
                and(isNull(carValuations.closedAt), lt(carValuations.updatedAt, cutOff)),
              ),
              exists(holdsDocuments),
            ),
          )
          .limit(context.batchSize)
          .for('update', { skipLocked: true });
        if (closed.length === 0) return { requests: 0, documents: [] };
        const gone = await tx
          .delete(valuationDocuments)
          .where(
            inArray(
              valuationDocuments.valuationId,
              closed.map((row) => row.id),
            ),
          )
          .returning({ fileKey: valuationDocuments.fileKey, previewKey: valuationDocuments.previewKey });
        return { requests: closed.length, documents: gone };
      });
      context.deleted.documents += documents.length;
      await removeFiles(context, 'document', () => removeDocumentFiles(context.files, documents));
      return requests;
    });
  },
};

/**
 * 3. Copies of messages older than the period: subject, text, HTML and attachments emptied, the
 * row kept with contentDeletedAt. A message being sent right now is left alone (the next run
 * takes it); one still queued or held that long was never sent and now cannot be: it fails.
 */
const messageContents: RetentionStep = {
  name: 'message contents',
  async run(context) {
    const days = context.periods.sentMessagesDays;
    const cutOff = daysBefore(context.now, days);
    const { now } = context;
    await inBatches(context, async () => {
      const emptied = await context.db.transaction(async (tx) => {
        const due = await tx
          .select({
            id: outboundMessages.id,
            status: outboundMessages.status,
            attachments: outboundMessages.attachments,
          })
          .from(outboundMessages)
          .where(
            and(
              isNull(outboundMessages.contentDeletedAt),
              lt(outboundMessages.createdAt, cutOff),
              ne(outboundMessages.status, 'sending'),
            ),
          )
          .orderBy(asc(outboundMessages.createdAt))
          .limit(context.batchSize)
          .for('update', { skipLocked: true });
        if (due.length === 0) return due;
        await tx
          .update(outboundMessages)
          .set({ subject: null, textBody: '', htmlBody: null, attachments: [], contentDeletedAt: now, updatedAt: now })
          .where(
            inArray(
              outboundMessages.id,
              due.map((message) => message.id),
            ),
          );
        const unsent = due.filter((message) => message.status === 'queued' || message.status === 'held');
        if (unsent.length > 0) {
          await tx
            .update(outboundMessages)
            .set({ status: 'failed', lastError: unsentMessageReason(days), leaseExpiresAt: null, leaseToken: null })
            .where(
              inArray(
                outboundMessages.id,
                unsent.map((message) => message.id),
              ),
            );
        }
        context.deleted.unsentMessages += unsent.length;
        return due;
      });
      const keys = emptied.flatMap((message) => message.attachments.map((attachment) => attachment.storageKey));
      context.deleted.messageContents += emptied.length;
      context.deleted.messageAttachments += keys.length;
      await removeFiles(context, 'message attachment', async () => {
        for (const key of keys) await context.files.remove(key);
      });
      return emptied.length;
    });
  },
};

/** 4. Raw page-visit records (features/analytics, which also drops past days' visitor hashes and salts). */
const visitRecords: RetentionStep = {
  name: 'visit records',
  async run(context) {
    const { deletedRaw } = await deleteExpiredVisitRecords(
      context.db,
      context.now,
      context.periods.visitRecordsDays,
      context.signal,
    );
    context.deleted.visitRecords += deletedRaw;
  },
};

/** 5. Reviews never published, sent longer ago than the period. Published ones stay until their author asks. */
const unpublishedReviews: RetentionStep = {
  name: 'unpublished reviews',
  async run(context) {
    const cutOff = monthsBefore(context.now, context.periods.unpublishedReviewsMonths);
    await inBatches(context, async () => {
      const due = context.db
        .select({ id: customerReviews.id })
        .from(customerReviews)
        .where(and(eq(customerReviews.isPublished, false), lt(customerReviews.submittedAt, cutOff)))
        .limit(context.batchSize);
      const gone = await context.db
        .delete(customerReviews)
        .where(and(inArray(customerReviews.id, due), eq(customerReviews.isPublished, false)))
        .returning({ id: customerReviews.id });
      context.deleted.unpublishedReviews += gone.length;
      return gone.length;
    });
  },
};

/**
 * 6. Call recordings and voicemail older than the period. They are held by Twilio: with the calls
 * feature set up, each is deleted there first, and our reference (call_logs.recording_url) is
 * cleared once Twilio has let it go (or never had it). A recording Twilio would not delete now
 * keeps its reference, so the next day's run tries again. Without Twilio settings nothing can
 * reach it; the reference is cleared, and the README tells the business to delete any recordings
 * left from an earlier set-up in the Twilio console. The call's log entry stays.
 */
const callRecordings: RetentionStep = {
  name: 'call recordings',
  async run(context) {
    const cutOff = daysBefore(context.now, context.periods.callRecordingsDays);
    let lastId = 0; // past the rows Twilio refused this run, so a refusal cannot stall the step
    await inBatches(context, async () => {
      const due = await context.db
        .select({ id: callLogs.id, recordingUrl: callLogs.recordingUrl })
        .from(callLogs)
        .where(and(isNotNull(callLogs.recordingUrl), lt(callLogs.createdAt, cutOff), gt(callLogs.id, lastId)))
        .orderBy(asc(callLogs.id))
        .limit(context.batchSize);
      const deletable: number[] = [];
      for (const row of due) {
        lastId = row.id;
        if (await deletedAtTwilio(context, row.recordingUrl)) deletable.push(row.id);
      }
      if (deletable.length > 0) {
        const cleared = await context.db
          .update(callLogs)
          .set({ recordingUrl: null })
          .where(and(inArray(callLogs.id, deletable), isNotNull(callLogs.recordingUrl)))
          .returning({ id: callLogs.id });
        context.deleted.callRecordings += cleared.length;
      }
      return due.length;
    });
  },
};

/** Whether the recording behind `recordingUrl` is gone from Twilio (or cannot be reached there at all). */
async function deletedAtTwilio(context: StepContext, recordingUrl: string | null): Promise<boolean> {
  const recordingSid = recordingSidOf(recordingUrl);
  if (!context.recordings || !recordingSid) return true;
  try {
    await context.recordings.remove(recordingSid);
    return true;
  } catch (error) {
    const { status, code } = error as { status?: number; code?: number };
    // Twilio's status and code only: its error text is not ours to log.
    context.log.warn({ status, code }, 'retention: Twilio did not delete a call recording; the next run tries again');
    return false;
  }
}

/** 7. Data-protection complaints resolved longer ago than the period; their messages go with them (cascade). */
const resolvedComplaints: RetentionStep = {
  name: 'resolved complaints',
  async run(context) {
    const cutOff = monthsBefore(context.now, context.periods.resolvedComplaintsMonths);
    await inBatches(context, async () => {
      const { count, keys } = await context.db.transaction(async (tx) => {
        const due = await tx
          .select({ id: dataProtectionComplaints.id })
          .from(dataProtectionComplaints)
          .where(and(eq(dataProtectionComplaints.status, 'resolved'), lt(dataProtectionComplaints.resolvedAt, cutOff)))
          .limit(context.batchSize)
          .for('update', { skipLocked: true });
        if (due.length === 0) return { count: 0, keys: [] };
        const ids = due.map((complaint) => complaint.id);
        const messages = await tx
          .select({ attachments: outboundMessages.attachments })
          .from(outboundMessages)
          .where(inArray(outboundMessages.complaintId, ids));
        const gone = await tx
          .delete(dataProtectionComplaints)
          .where(inArray(dataProtectionComplaints.id, ids))
          .returning({ id: dataProtectionComplaints.id });
        return {
          count: gone.length,
          keys: messages.flatMap((message) => message.attachments.map((attachment) => attachment.storageKey)),
        };
      });
      context.deleted.resolvedComplaints += count;
      context.deleted.messageAttachments += keys.length;
      await removeFiles(context, 'complaint message attachment', async () => {
        for (const key of keys) await context.files.remove(key);
      });
      return count;
    });
  },
};

/** Every step, in the order a run takes them. */
export const retentionSteps: readonly RetentionStep[] = [
  idleValuations,
  closedRequestDocuments,
  messageContents,
  visitRecords,
  unpublishedReviews,
  callRecordings,
  resolvedComplaints,
];
