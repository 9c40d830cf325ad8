import { asc } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callLogs } from '~/server/db/schema';
import { createRecordingEraser } from '~/server/features/calls';
import { RETENTION_DEFAULTS } from '~/shared/retention';
import { startFakeTwilio, type FakeTwilio } from '../../../../test/fakes/twilio/fake-twilio';
import { createTestDatabase, type TestDatabase } from '../../../../test/helpers/database';
import { storeKinds, testStores, type TestStores } from '../../../../test/helpers/stores';
import { daysBefore } from './retention-dates';
import { createRetention } from './retention-run';

/**
 * Call recordings past their period are deleted where they are held, at Twilio (through the
 * official client, against the local fake that follows Twilio's published API document), and only
 * then is our reference cleared. A recording Twilio will not delete keeps its reference for the
 * next day's run. The run is given each kind of file store (a folder, and S3), as the server's is.
 */

const NOW = new Date('2026-06-15T09:00:00.000Z');
const quietLog = { info() {}, warn() {}, error() {} };

const stores = testStores();

describe.each(storeKinds)('retention of call recordings at Twilio, %s storage', (kind) => {
  let twilio: FakeTwilio;
  let t: TestDatabase;
  let s: TestStores;
  beforeAll(async () => {
    twilio = await startFakeTwilio();
  });
  afterAll(async () => twilio?.close());
  beforeEach(async () => {
    twilio.reset();
    t = await createTestDatabase('pglite');
    s = await stores.create(kind);
  });
  afterEach(async () => {
    await t.cleanup();
    await s.cleanup();
  });

  const eraser = () =>
    createRecordingEraser({
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      businessNumber: '+441632960000',
      staffNumber: '+447700900123',
      apiUrl: twilio.url,
      publicBaseUrl: 'https://carbuy.example',
    });

  async function callWithRecording(createdAt: Date): Promise<{ recordingSid: string }> {
    const callSid = twilio.addInboundCall({ from: '+447911123456' });
    const { recordingSid, recordingUrl } = twilio.addRecording({ callSid });
    await t.database.db.insert(callLogs).values({ callSid, fromNumber: '+447911123456', recordingUrl, createdAt });
    return { recordingSid };
  }

  it('deletes old recordings at Twilio, then our references; newer ones stay in both places', async () => {
    const period = RETENTION_DEFAULTS.callRecordingsDays;
    const old = await callWithRecording(daysBefore(NOW, period + 1));
    const alreadyGone = await callWithRecording(daysBefore(NOW, period + 2));
    const recent = await callWithRecording(daysBefore(NOW, period - 1));
    // Someone deleted this one in the Twilio console already: Twilio answers 404, which counts as gone.
    await eraser().remove(alreadyGone.recordingSid);

    const outcome = await createRetention({
      db: t.database.db,
      files: s.files,
      recordings: eraser(),
      periods: RETENTION_DEFAULTS,
      clock: () => NOW,
      log: quietLog,
    }).runToday();

    expect(outcome).toMatchObject({ ran: true, finished: true, deleted: { callRecordings: 2 } });
    expect(twilio.hasRecording(old.recordingSid)).toBe(false);
    expect(twilio.hasRecording(recent.recordingSid)).toBe(true);
    const references = await t.database.db
      .select({ recordingUrl: callLogs.recordingUrl })
      .from(callLogs)
      .orderBy(asc(callLogs.id));
    expect(references.map((row) => row.recordingUrl !== null)).toEqual([false, false, true]);
    // Every request the client made matched Twilio's own description of the API.
    expect(twilio.contractProblems).toEqual([]);
  });

  it('keeps the reference of a recording Twilio would not delete, for the next run', async () => {
    const old = await callWithRecording(daysBefore(NOW, RETENTION_DEFAULTS.callRecordingsDays + 1));
    const refusing = { remove: async () => Promise.reject(Object.assign(new Error('busy'), { status: 503 })) };
    const outcome = await createRetention({
      db: t.database.db,
      files: s.files,
      recordings: refusing,
      periods: RETENTION_DEFAULTS,
      clock: () => NOW,
      log: quietLog,
    }).runToday();
    expect(outcome).toMatchObject({ ran: true, finished: true, deleted: { callRecordings: 0 } });
    expect(twilio.hasRecording(old.recordingSid)).toBe(true);
    const [row] = await t.database.db.select({ recordingUrl: callLogs.recordingUrl }).from(callLogs);
    expect(row!.recordingUrl).not.toBeNull();
  });
});
