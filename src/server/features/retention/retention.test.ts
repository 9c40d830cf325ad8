import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '~/server/db/client';
import {
  callLogs,
  carValuations,
  customerReviews,
  dataProtectionComplaints,
  outboundMessages,
  retentionRuns,
  valuationDocuments,
  valuationEvents,
  visitorAnalytics,
  type NewOutboundMessage,
  type StoredAttachment,
} from '~/server/db/schema';
import { newValuationReference, PHOTO_AREA } from '~/server/features/valuations';
import { FileNotFoundError, type FileStore } from '~/server/storage/file-store';
import { RETENTION_DEFAULTS, type RetentionPeriods } from '~/shared/retention';
import { testConfig } from '../../../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../../../test/helpers/database';
import { engineStoreCases, testStores, type TestStores } from '../../../../test/helpers/stores';
import { daysBefore, monthsBefore } from './retention-dates';
import { createRetention, type RetentionLog, type RetentionOptions } from './retention-run';
import { unsentMessageReason, type DeletedCounts } from './retention-steps';

/**
 * The daily retention run against a real database and a real file store: records seeded a minute
 * either side of each period's end, then one run deletes exactly those past it (files included)
 * and nothing else, and the rest of the day's wakes do nothing.
 */

/** A Monday in British Summer Time: the UK day is 2026-06-15. */
const NOW = new Date('2026-06-15T09:00:00.000Z');
const MINUTE = 60_000;
const justPast = (cutOff: Date) => new Date(cutOff.getTime() - MINUTE);
const justInside = (cutOff: Date) => new Date(cutOff.getTime() + MINUTE);

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 0xff, 0xd9]);
const PDF = Buffer.from('%PDF-1.4\n% a dealer report\n%%EOF\n');

function capturedLog(): RetentionLog & { lines: string[] } {
  const lines: string[] = [];
  const write = (details: object, message: string) => void lines.push(`${message} ${JSON.stringify(details)}`);
  return { lines, info: write, warn: write, error: write };
}

const stores = testStores();

describe.each(engineStoreCases())('retention on %s, %s storage', (engine, kind) => {
  let t: TestDatabase;
  let stored: TestStores;
  let files: FileStore;
  const db = (): Db => t.database.db;

  beforeEach(async () => {
    t = await createTestDatabase(engine);
    stored = await stores.create(kind);
    files = stored.files;
  });
  afterEach(async () => {
    await t.cleanup();
    await stored.cleanup();
  });

  /** Whether each key's file is still stored, asked of the store itself (folder or bucket). */
  const stillStored = (keys: readonly string[]) =>
    Promise.all(
      keys.map((key) =>
        stored.files.read(key).then(
          () => true,
          (error: unknown) => (error instanceof FileNotFoundError ? false : Promise.reject(error)),
        ),
      ),
    );

  function retention(
    options: {
      periods?: RetentionPeriods;
      clock?: () => Date;
      files?: FileStore;
      options?: Partial<RetentionOptions>;
    } = {},
  ) {
    const log = capturedLog();
    return {
      log,
      ...createRetention({
        db: db(),
        files: options.files ?? files,
        periods: options.periods ?? RETENTION_DEFAULTS,
        clock: options.clock ?? (() => NOW),
        log,
        options: options.options,
      }),
    };
  }

  /** A photo as the valuation feature stores one: a full image and a thumbnail, `full|thumb`. */
  async function storedPhoto(): Promise<{ entry: string; keys: string[] }> {
    const full = await files.save(JPEG, { area: PHOTO_AREA, extension: 'jpg' });
    const thumb = await files.save(JPEG, { area: PHOTO_AREA, extension: 'jpg' });
    return { entry: `${full}|${thumb}`, keys: [full, thumb] };
  }

  async function storedAttachment(): Promise<StoredAttachment> {
    const storageKey = await files.save(PDF, { area: 'outbox', extension: 'pdf' });
    return { filename: 'report.pdf', contentType: 'application/pdf', storageKey, size: PDF.byteLength };
  }

  async function seedValuation(values: {
    updatedAt: Date;
    photos?: number;
    registration?: string;
    closed?: { status: 'completed' | 'lost'; closedAt: Date | null };
  }) {
    const photos = await Promise.all(Array.from({ length: values.photos ?? 0 }, storedPhoto));
    const [row] = await db()
      .insert(carValuations)
      .values({
        reference: newValuationReference(),
        registration: values.registration ?? 'AB12CDE',
        mileage: 45_000,
        firstName: 'Jo',
        lastName: 'Seller',
        postcode: 'LN11 0LQ',
        email: 'jo@example.com',
        phone: '07911 123456',
        agreeToContact: true,
        photoPaths: photos.map((photo) => photo.entry),
        ...(values.closed && {
          status: values.closed.status,
          lostReason: values.closed.status === 'lost' ? ('declined' as const) : null,
          closedAt: values.closed.closedAt,
          keysCount: 2,
          documentsCompletedAt: new Date(values.updatedAt.getTime() - 24 * 60 * MINUTE),
        }),
        createdAt: new Date(values.updatedAt.getTime() - 7 * 24 * 60 * MINUTE),
        updatedAt: values.updatedAt,
      })
      .returning({ id: carValuations.id });
    return { id: row!.id, photoKeys: photos.flatMap((photo) => photo.keys) };
  }

  /** A seller's document (issue 35) as the documents feature stores one: its file and a preview. */
  async function seedDocument(valuationId: string, kind: 'v5c' | 'driving_licence' = 'v5c') {
    const fileKey = await files.save(PDF, { area: 'valuation-documents', extension: 'pdf' });
    const previewKey = await files.save(JPEG, { area: 'valuation-documents', extension: 'jpg' });
    await db()
      .insert(valuationDocuments)
      .values({
        valuationId,
        kind,
        fileKey,
        previewKey,
        mediaType: 'application/pdf',
        sizeBytes: PDF.byteLength,
        pages: 1,
        uploadedAt: new Date(NOW.getTime() - 200 * 24 * 60 * MINUTE),
      });
    return [fileKey, previewKey];
  }

  async function seedMessage(values: Partial<NewOutboundMessage> & { createdAt: Date }) {
    const [row] = await db()
      .insert(outboundMessages)
      .values({
        channel: 'email',
        recipient: 'jo@example.com',
        subject: 'Your valuation',
        textBody: 'Hello Jo, here is your offer.',
        htmlBody: '<p>Hello Jo, here is your offer.</p>',
        templateName: 'valuation-offer',
        status: 'sent',
        sentAt: values.status && values.status !== 'sent' ? null : values.createdAt,
        updatedAt: values.createdAt,
        nextAttemptAt: values.createdAt,
        ...values,
      })
      .returning();
    return row!;
  }

  async function seedReview(values: { submittedAt: Date; isPublished: boolean }) {
    const [row] = await db()
      .insert(customerReviews)
      .values({
        customerName: 'Jo Seller',
        email: 'jo@example.com',
        rating: 5,
        reviewTitle: 'Quick and fair',
        reviewText: 'Collected the car the next day.',
        isApproved: values.isPublished,
        isPublished: values.isPublished,
        submittedAt: values.submittedAt,
        updatedAt: values.submittedAt,
      })
      .returning({ id: customerReviews.id });
    return row!.id;
  }

  let callCount = 0;
  async function seedCall(values: { createdAt: Date; recordingUrl: string | null }) {
    const [row] = await db()
      .insert(callLogs)
      .values({
        callSid: `CA${String(++callCount).padStart(32, '0')}`,
        fromNumber: '+447911123456',
        toNumber: '+441632960000',
        status: 'completed',
        direction: 'inbound',
        recordingUrl: values.recordingUrl,
        createdAt: values.createdAt,
      })
      .returning({ id: callLogs.id });
    return row!.id;
  }

  let complaintCount = 0;
  async function seedComplaint(values: { createdAt: Date; resolvedAt: Date | null }) {
    const [row] = await db()
      .insert(dataProtectionComplaints)
      .values({
        reference: `DP-TEST${++complaintCount}`,
        name: 'Jo Seller',
        email: 'jo@example.com',
        details: 'You kept my details after I asked you to delete them.',
        status: values.resolvedAt ? 'resolved' : 'open',
        resolutionNote: values.resolvedAt ? 'Deleted and replied.' : null,
        resolvedAt: values.resolvedAt,
        createdAt: values.createdAt,
        updatedAt: values.resolvedAt ?? values.createdAt,
      })
      .returning({ id: dataProtectionComplaints.id });
    return row!.id;
  }

  async function seedVisit(visitedAt: Date) {
    await db().insert(visitorAnalytics).values({ pagePath: '/', visitedAt });
  }

  const ids = async <T extends { id: unknown }>(rows: Promise<T[]>) => (await rows).map((row) => row.id);

  it('one run deletes exactly what is past each period, files included, and the rest of the day does nothing', async () => {
    const valuationCutOff = monthsBefore(NOW, RETENTION_DEFAULTS.valuationLeadsMonths);
    const messageCutOff = daysBefore(NOW, RETENTION_DEFAULTS.sentMessagesDays);
    const visitCutOff = daysBefore(NOW, RETENTION_DEFAULTS.visitRecordsDays);
    const reviewCutOff = monthsBefore(NOW, RETENTION_DEFAULTS.unpublishedReviewsMonths);
    const callCutOff = daysBefore(NOW, RETENTION_DEFAULTS.callRecordingsDays);
    const complaintCutOff = monthsBefore(NOW, RETENTION_DEFAULTS.resolvedComplaintsMonths);
    expect(valuationCutOff.toISOString()).toBe('2025-06-15T09:00:00.000Z');

    // Valuations: idle just past the period (with photos, an event and a dealer report), idle past
    // it but archived just inside it, and changed just inside it.
    const idle = await seedValuation({ updatedAt: justPast(valuationCutOff), photos: 2 });
    const idleDocument = await seedDocument(idle.id);
    await db()
      .insert(valuationEvents)
      .values({ valuationId: idle.id, type: 'created', createdAt: new Date(valuationCutOff.getTime() - 5 * MINUTE) });
    const report = await storedAttachment();
    const reportMessage = await seedMessage({
      createdAt: justPast(valuationCutOff),
      valuationId: idle.id,
      attachments: [report],
    });
    const archived = await seedValuation({ updatedAt: justPast(valuationCutOff), photos: 1, registration: 'XY65ZZZ' });
    await db()
      .insert(valuationEvents)
      .values({ valuationId: archived.id, type: 'archived', createdAt: justInside(valuationCutOff) });
    const recent = await seedValuation({ updatedAt: justInside(valuationCutOff), photos: 1, registration: 'CD34EFG' });

    // Messages: sent ones either side of the period (each with an attachment), and old ones in every
    // other status.
    const oldAttachment = await storedAttachment();
    const oldSent = await seedMessage({ createdAt: justPast(messageCutOff), attachments: [oldAttachment] });
    const keptAttachment = await storedAttachment();
    const keptSent = await seedMessage({ createdAt: justInside(messageCutOff), attachments: [keptAttachment] });
    const oldQueued = await seedMessage({ createdAt: justPast(messageCutOff), status: 'queued' });
    const oldHeld = await seedMessage({
      createdAt: justPast(messageCutOff),
      channel: 'sms',
      recipient: '+447911123456',
      subject: null,
      htmlBody: null,
      status: 'held',
      lastError: 'No text message provider configured.',
    });
    const oldFailed = await seedMessage({
      createdAt: justPast(messageCutOff),
      status: 'failed',
      lastError: '550 mailbox unavailable',
    });
    const oldSending = await seedMessage({
      createdAt: justPast(messageCutOff),
      status: 'sending',
      leaseExpiresAt: new Date(NOW.getTime() + 5 * MINUTE),
    });

    await seedVisit(justPast(visitCutOff));
    await seedVisit(justInside(visitCutOff));

    const oldUnpublished = await seedReview({ submittedAt: justPast(reviewCutOff), isPublished: false });
    const keptUnpublished = await seedReview({ submittedAt: justInside(reviewCutOff), isPublished: false });
    const oldPublished = await seedReview({ submittedAt: justPast(reviewCutOff), isPublished: true });

    const RECORDING = 'https://api.twilio.com/2010-04-01/Accounts/AC1/Recordings/RE0123456789abcdef0123456789abcdef';
    const oldRecording = await seedCall({ createdAt: justPast(callCutOff), recordingUrl: RECORDING });
    const keptRecording = await seedCall({ createdAt: justInside(callCutOff), recordingUrl: RECORDING });
    const oldCallWithout = await seedCall({ createdAt: justPast(callCutOff), recordingUrl: null });

    const oldResolved = await seedComplaint({
      createdAt: new Date(complaintCutOff.getTime() - 30 * 24 * 60 * MINUTE),
      resolvedAt: justPast(complaintCutOff),
    });
    const acknowledgement = await seedMessage({
      createdAt: justInside(messageCutOff), // its own content is still within its period
      complaintId: oldResolved,
      templateName: 'complaint-acknowledgement',
    });
    const keptResolved = await seedComplaint({
      createdAt: justPast(complaintCutOff),
      resolvedAt: justInside(complaintCutOff),
    });
    const oldOpen = await seedComplaint({ createdAt: justPast(complaintCutOff), resolvedAt: null });

    const { runToday, log } = retention();
    const outcome = await runToday();

    const expected: DeletedCounts = {
      valuations: 1,
      photos: 2,
      documents: 1, // the idle valuation's, with it
      messageAttachments: 2, // the idle valuation's dealer report and the old sent message's
      messageContents: 4, // old sent, queued, held and failed; not the one being sent
      unsentMessages: 2,
      visitRecords: 1,
      unpublishedReviews: 1,
      callRecordings: 1,
      resolvedComplaints: 1,
    };
    expect(outcome).toEqual({ ran: true, day: '2026-06-15', deleted: expected, finished: true });

    // Valuations: only the idle one, with its photos, events, messages and their files.
    expect(await ids(db().select({ id: carValuations.id }).from(carValuations))).toEqual(
      expect.arrayContaining([archived.id, recent.id]),
    );
    expect(await db().select().from(carValuations).where(eq(carValuations.id, idle.id))).toEqual([]);
    expect(await db().select().from(valuationEvents).where(eq(valuationEvents.valuationId, idle.id))).toEqual([]);
    expect(await db().select().from(outboundMessages).where(eq(outboundMessages.id, reportMessage.id))).toEqual([]);
    expect(await stillStored(idle.photoKeys)).toEqual([false, false, false, false]);
    expect(await stillStored(idleDocument)).toEqual([false, false]);
    expect(await stillStored([report.storageKey])).toEqual([false]);
    expect((await stillStored([...archived.photoKeys, ...recent.photoKeys])).every(Boolean)).toBe(true);

    // Messages: the content of the old ones is gone, their rows stay.
    const message = async (id: string) =>
      (await db().select().from(outboundMessages).where(eq(outboundMessages.id, id)))[0]!;
    for (const id of [oldSent.id, oldQueued.id, oldHeld.id, oldFailed.id]) {
      expect(await message(id)).toMatchObject({
        subject: null,
        textBody: '',
        htmlBody: null,
        attachments: [],
        contentDeletedAt: NOW,
      });
    }
    expect(await stillStored([oldAttachment.storageKey])).toEqual([false]);
    expect(await message(oldSent.id)).toMatchObject({ status: 'sent', sentAt: oldSent.sentAt });
    const reason = unsentMessageReason(RETENTION_DEFAULTS.sentMessagesDays);
    expect(reason).toBe(
      'Never sent, and 90 days after it was queued its content was deleted under our retention policy, so it cannot be sent now.',
    );
    expect(await message(oldQueued.id)).toMatchObject({ status: 'failed', lastError: reason });
    expect(await message(oldHeld.id)).toMatchObject({ status: 'failed', lastError: reason });
    expect(await message(oldFailed.id)).toMatchObject({ status: 'failed', lastError: '550 mailbox unavailable' });
    // Untouched: the one inside its period (file too) and the one being sent right now.
    expect(await message(keptSent.id)).toEqual(keptSent);
    expect(await stillStored([keptAttachment.storageKey])).toEqual([true]);
    expect(await message(oldSending.id)).toEqual(oldSending);

    // Visits, reviews, call recordings.
    expect((await db().select().from(visitorAnalytics)).map((v) => v.visitedAt)).toEqual([justInside(visitCutOff)]);
    expect((await ids(db().select({ id: customerReviews.id }).from(customerReviews))).sort()).toEqual(
      [keptUnpublished, oldPublished].sort(),
    );
    expect(oldUnpublished).not.toBe(keptUnpublished);
    const calls = await db().select({ id: callLogs.id, recordingUrl: callLogs.recordingUrl }).from(callLogs);
    expect(calls.sort((a, b) => a.id - b.id)).toEqual([
      { id: oldRecording, recordingUrl: null },
      { id: keptRecording, recordingUrl: RECORDING },
      { id: oldCallWithout, recordingUrl: null },
    ]);

    // Complaints: the one resolved past the period, with its messages; open ones whatever their age.
    expect((await ids(db().select({ id: dataProtectionComplaints.id }).from(dataProtectionComplaints))).sort()).toEqual(
      [keptResolved, oldOpen].sort(),
    );
    expect(await db().select().from(outboundMessages).where(eq(outboundMessages.id, acknowledgement.id))).toEqual([]);

    // The day's record, and the log, which names counts only.
    expect(await db().select().from(retentionRuns)).toEqual([
      { day: '2026-06-15', startedAt: NOW, finishedAt: NOW, deleted: expected, error: null },
    ]);
    expect(log.lines.join('\n')).not.toContain('jo@example.com');

    // The rest of the day's wakes, in this process or another, do nothing.
    await seedReview({ submittedAt: justPast(reviewCutOff), isPublished: false });
    expect(await runToday()).toEqual({ ran: false, day: '2026-06-15' });
    expect(await retention().runToday()).toEqual({ ran: false, day: '2026-06-15' });
    expect(await db().select({ id: customerReviews.id }).from(customerReviews)).toHaveLength(3);
    expect((await db().select().from(retentionRuns))[0]!.deleted).toEqual(expected);

    // The next UK day (midnight in London is 23:00 UTC in summer) runs again: the review added
    // meanwhile goes, and so does the one that was a minute inside its period 14 hours ago.
    const nextDay = new Date('2026-06-15T23:00:00.000Z');
    expect(await retention({ clock: () => nextDay }).runToday()).toMatchObject({
      ran: true,
      day: '2026-06-16',
      deleted: { unpublishedReviews: 2 },
    });
    expect(await ids(db().select({ id: customerReviews.id }).from(customerReviews))).toEqual([oldPublished]);
  });

  it('deletes by the periods it is configured with (RETENTION_* settings)', async () => {
    const periods = testConfig({
      RETENTION_MESSAGE_CONTENT_DAYS: '30',
      RETENTION_VALUATION_MONTHS: '18',
    }).retention;
    expect(periods).toEqual({ ...RETENTION_DEFAULTS, sentMessagesDays: 30, valuationLeadsMonths: 18 });
    const fortyDaysOld = await seedMessage({ createdAt: daysBefore(NOW, 40) });
    const fifteenMonthsIdle = await seedValuation({ updatedAt: monthsBefore(NOW, 15) });
    const twentyMonthsIdle = await seedValuation({ updatedAt: monthsBefore(NOW, 20), registration: 'OLD1' });

    const outcome = await retention({ periods }).runToday();

    expect(outcome).toMatchObject({ ran: true, deleted: { messageContents: 1, valuations: 1 } });
    const [message] = await db().select().from(outboundMessages).where(eq(outboundMessages.id, fortyDaysOld.id));
    expect(message!.contentDeletedAt).toEqual(NOW);
    expect(await ids(db().select({ id: carValuations.id }).from(carValuations))).toEqual([fifteenMonthsIdle.id]);
    expect(twentyMonthsIdle.id).not.toBe(fifteenMonthsIdle.id);
  });

  it("deletes the seller's documents of requests closed longer ago than RETENTION_DOCUMENTS_DAYS, with their files", async () => {
    const periods = testConfig({ RETENTION_DOCUMENTS_DAYS: '30' }).retention;
    expect(periods).toEqual({ ...RETENTION_DEFAULTS, sellerDocumentsDays: 30 });
    const cutOff = daysBefore(NOW, 30);
    // Recently changed, so the idle-valuation step leaves every one of them alone.
    const updatedAt = new Date(NOW.getTime() - MINUTE);
    const completedLongAgo = await seedValuation({
      updatedAt,
      closed: { status: 'completed', closedAt: justPast(cutOff) },
    });
    const completedFiles = [
      ...(await seedDocument(completedLongAgo.id, 'v5c')),
      ...(await seedDocument(completedLongAgo.id, 'driving_licence')),
    ];
    const lostLongAgo = await seedValuation({
      updatedAt,
      registration: 'LO57AAA',
      closed: { status: 'lost', closedAt: justPast(cutOff) },
    });
    const lostFiles = await seedDocument(lostLongAgo.id);
    // Closed without closed_at (written before it existed): counted from its last change.
    const closedUndated = await seedValuation({
      updatedAt: justPast(cutOff),
      registration: 'UN57AAA',
      closed: { status: 'completed', closedAt: null },
    });
    const undatedFiles = await seedDocument(closedUndated.id);
    const completedRecently = await seedValuation({
      updatedAt,
      registration: 'RE57AAA',
      closed: { status: 'completed', closedAt: justInside(cutOff) },
    });
    const recentFiles = await seedDocument(completedRecently.id);
    // Open, its documents uploaded long ago: kept, however old.
    const open = await seedValuation({ updatedAt: justPast(cutOff), registration: 'OP57AAA' });
    const openFiles = await seedDocument(open.id);

    const { runToday, log } = retention({ periods, options: { batchSize: 2 } });
    const outcome = await runToday();

    expect(outcome).toMatchObject({ ran: true, finished: true, deleted: { documents: 4, valuations: 0 } });
    const left = await db().select({ valuationId: valuationDocuments.valuationId }).from(valuationDocuments);
    expect(left.map((row) => row.valuationId).sort()).toEqual([completedRecently.id, open.id].sort());
    expect((await stillStored([...completedFiles, ...lostFiles, ...undatedFiles])).some(Boolean)).toBe(false);
    expect((await stillStored([...recentFiles, ...openFiles])).every(Boolean)).toBe(true);
    // The requests stay, with their checklist's state (not personal data).
    const [completed] = await db().select().from(carValuations).where(eq(carValuations.id, completedLongAgo.id));
    expect(completed).toMatchObject({ status: 'completed', keysCount: 2 });
    expect(completed!.documentsCompletedAt).not.toBeNull();
    expect(await db().select({ id: carValuations.id }).from(carValuations)).toHaveLength(5);
    expect((await db().select().from(retentionRuns))[0]!.deleted).toMatchObject({ documents: 4 });
    expect(log.lines.join('\n')).not.toContain('valuation-documents');
  });

  it('leaves an orphan file, never a row without its file, when a document file cannot be removed', async () => {
    const periods = { ...RETENTION_DEFAULTS, sellerDocumentsDays: 30 };
    const closed = await seedValuation({
      updatedAt: new Date(NOW.getTime() - MINUTE),
      closed: { status: 'completed', closedAt: daysBefore(NOW, 31) },
    });
    const keys = await seedDocument(closed.id);
    const failing: FileStore = {
      ...files,
      remove: async () => {
        throw new Error('disk unplugged');
      },
    };
    const { runToday, log } = retention({ periods, files: failing });

    expect(await runToday()).toMatchObject({ ran: true, finished: true, deleted: { documents: 1 } });
    expect(await db().select().from(valuationDocuments)).toEqual([]);
    expect((await stillStored(keys)).every(Boolean)).toBe(true);
    expect(log.lines.join('\n')).toContain('retention: some document files could not be removed; they are left over');
  });

  it('works in batches, stops between two when the server shuts down, and the next wake carries on', async () => {
    const cutOff = monthsBefore(NOW, RETENTION_DEFAULTS.valuationLeadsMonths);
    const seeded = [];
    for (let i = 0; i < 5; i++) {
      seeded.push(await seedValuation({ updatedAt: new Date(cutOff.getTime() - (i + 1) * MINUTE), photos: 1 }));
    }
    await seedReview({ submittedAt: monthsBefore(NOW, 13), isPublished: false });

    // Shutdown comes while the first batch's files are being removed.
    const shutdown = new AbortController();
    const stopping: FileStore = {
      ...files,
      remove: async (key) => {
        shutdown.abort();
        await files.remove(key);
      },
    };
    const first = await retention({ files: stopping, options: { batchSize: 2 } }).runToday(shutdown.signal);

    expect(first).toMatchObject({ ran: true, finished: false, deleted: { valuations: 2, unpublishedReviews: 0 } });
    expect(await db().select({ id: carValuations.id }).from(carValuations)).toHaveLength(3);
    const [stopped] = await db().select().from(retentionRuns);
    expect(stopped).toMatchObject({
      finishedAt: null,
      error: 'Stopped early: the server was shutting down. The next run carries on.',
    });
    expect(stopped!.deleted).toMatchObject({ valuations: 2, photos: 2 });

    // After the restart, the next wake that day takes the stopped run over and counts on from it.
    const second = await retention({ options: { batchSize: 2 } }).runToday();

    expect(second).toMatchObject({
      ran: true,
      finished: true,
      deleted: { valuations: 5, photos: 5, unpublishedReviews: 1 },
    });
    expect(await db().select().from(carValuations)).toEqual([]);
    expect((await stillStored(seeded.flatMap((valuation) => valuation.photoKeys))).some(Boolean)).toBe(false);
    expect(await db().select().from(retentionRuns)).toEqual([
      expect.objectContaining({
        finishedAt: NOW,
        error: null,
        deleted: expect.objectContaining({ valuations: 5, photos: 5, unpublishedReviews: 1 }),
      }),
    ]);
  });

  it('takes over a claim whose process died only after two hours, and never one still at work', async () => {
    await seedReview({ submittedAt: monthsBefore(NOW, 13), isPublished: false });
    const claimedAt = new Date(NOW.getTime() - 90 * MINUTE);
    await db().insert(retentionRuns).values({ day: '2026-06-15', startedAt: claimedAt });

    expect(await retention().runToday()).toEqual({ ran: false, day: '2026-06-15' });
    expect(await db().select().from(customerReviews)).toHaveLength(1);

    const later = new Date(claimedAt.getTime() + 2 * 60 * MINUTE + 1);
    expect(await retention({ clock: () => later }).runToday()).toMatchObject({
      ran: true,
      finished: true,
      deleted: { unpublishedReviews: 1 },
    });
    expect(await db().select().from(retentionRuns)).toEqual([
      expect.objectContaining({ startedAt: later, finishedAt: later, error: null }),
    ]);
  });

  it('a run that fails records why and lets the next wake try again', async () => {
    await seedReview({ submittedAt: monthsBefore(NOW, 13), isPublished: false });
    const broken = createRetention({
      db: db(),
      files,
      periods: RETENTION_DEFAULTS,
      clock: () => NOW,
      log: capturedLog(),
      steps: [
        {
          name: 'broken',
          run: async () => {
            throw new Error('disk full');
          },
        },
      ],
    });

    expect(await broken.runToday()).toMatchObject({ ran: true, finished: false });
    expect(await db().select().from(retentionRuns)).toEqual([
      expect.objectContaining({ finishedAt: null, error: 'Stopped by an error: disk full' }),
    ]);

    expect(await retention().runToday()).toMatchObject({ ran: true, finished: true });
    expect(await db().select().from(customerReviews)).toEqual([]);
  });
});
