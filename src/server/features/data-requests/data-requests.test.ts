import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import {
  callLogs,
  carValuations,
  customerReviews,
  dataProtectionComplaints,
  dataRequestLog,
  outboundMessages,
  valuationDocuments,
  valuationEvents,
  valuationOffers,
} from '~/server/db/schema';
import { newValuationReference } from '~/server/features/valuations';
import { FileNotFoundError, type FileStore } from '~/server/storage/file-store';
import {
  dataRequestMessages as m,
  type DataRequestCounts,
  type DataRequestErasure,
  type DataRequestLog,
  type DataRequestSearchResult,
} from '~/shared/data-requests';
import type { PublicReviewList } from '~/shared/reviews';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { cheapHasher, seedUser, signedInCookie, testClock } from '../../../../test/helpers/auth';
import { multipart, smallJpeg } from '../../../../test/helpers/images';
import { registerCanary } from '../../../../test/helpers/log-hygiene';
import { engineStoreCases, testStores, type TestStores } from '../../../../test/helpers/stores';
import { validValuation } from '../../../../test/helpers/valuation';

/**
 * Data requests (issue 18) through the API, on both engines: two people with every kind of record
 * (valuations with real photo files, an offer, a dealer forward with its PDF, messages, calls, a
 * review, a complaint), one of them with an e-mail address that contains the other's (xsam@ and
 * sam@) and a number one digit away. A search finds exactly one person's records; the export holds
 * every row and file about them and nothing about the other; the erasure leaves nothing findable
 * (search, SQL over every table, files on disk) and the other person untouched, with an audit
 * entry of counts only; bad input and a wrong confirmation change nothing. Both sellers' vehicle
 * reports go to one dealer: a search by the dealer's address lists them as third-party records,
 * and the dealer's export and erasure leave them out (issue 32).
 */

const ORIGIN = 'http://localhost';
const NOW = new Date('2026-03-02T09:00:00Z');
const STAFF_EMAIL = 'office.alerts@carbuy-test.uk';
/** The dealer both sellers' vehicle reports are e-mailed to. */
const DEALER_EMAIL = 'buyer@lincsmotors.example';

const sam = {
  firstName: 'Samwise',
  lastName: 'Quenby',
  email: 'sam@example.org',
  phone: '07946 812345',
  e164: '+447946812345',
};
/** The near miss: an address that contains Sam's, a number one digit away. */
const xsam = {
  firstName: 'Xavier',
  lastName: 'Ottershaw',
  email: 'xsam@example.org',
  phone: '07946 812346',
  e164: '+447946812346',
};

for (const person of [sam, xsam]) {
  registerCanary(`${person.firstName} e-mail`, person.email);
  registerCanary(`${person.firstName} phone`, person.e164.slice(3));
  registerCanary(`${person.firstName} surname`, person.lastName);
}

const emptyCounts: DataRequestCounts = {
  valuations: 0,
  photos: 0,
  documents: 0,
  valuationEvents: 0,
  offers: 0,
  messages: 0,
  attachments: 0,
  calls: 0,
  callRecordings: 0,
  reviews: 0,
  complaints: 0,
};

/** A recording link as Twilio sends it. */
const recordingUrl = (sid: string) =>
  `https://api.twilio.com/2010-04-01/Accounts/AC${'0'.repeat(32)}/Recordings/${sid}`;
let sidCounter = 0;
const hexSid = (prefix: string) => `${prefix}${String(++sidCounter).padStart(32, '0')}`;

type Seeded = {
  valuationIds: string[];
  /** Messages not tied to a valuation or complaint, to the person's address or number. */
  loneEmailId: string;
  loneSmsId: string;
  complaintId: string;
  reviewId: number;
  callSids: string[];
  recordingSid: string;
  /** The seller's documents on the first valuation (issue 35): each file and its preview. */
  documentKeys: string[];
};

/**
 * A minimal stand-in for Twilio's DELETE Recordings/{Sid}.json (what the erasure calls; the shared
 * fake-twilio does not answer it): 204 for a recording it holds, 500 for one marked broken, 404
 * otherwise, with Basic auth checked as Twilio does.
 */
async function startRecordingsFake(accountSid: string, authToken: string) {
  const held = new Set<string>();
  const broken = new Set<string>();
  const deleted: string[] = [];
  const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const server: Server = createServer((request, response) => {
    const match = new RegExp(`^/2010-04-01/Accounts/${accountSid}/Recordings/(RE[0-9a-f]{32})\\.json$`).exec(
      request.url ?? '',
    );
    response.setHeader('content-type', 'application/json');
    if (request.headers.authorization !== expected) {
      response.writeHead(401).end(JSON.stringify({ code: 20003, message: 'Authenticate', status: 401 }));
    } else if (match && broken.has(match[1]!)) {
      response.writeHead(500).end(JSON.stringify({ code: 20500, message: 'Internal Server Error', status: 500 }));
    } else if (request.method === 'DELETE' && match && held.delete(match[1]!)) {
      deleted.push(match[1]!);
      response.writeHead(204).end();
    } else {
      response.writeHead(404).end(JSON.stringify({ code: 20404, message: 'Not found', status: 404 }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    held,
    broken,
    deleted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const stores = testStores();

describe.each(engineStoreCases())('data requests on %s, %s storage', (engine, kind) => {
  const hasher = cheapHasher();
  let t: TestApp | undefined;
  let stored: TestStores | undefined;
  let files: FileStore;
  let cookie: string;
  let adminName: string;
  let adminId: number;
  const closers: Array<() => Promise<void>> = [];

  afterEach(async () => {
    await t?.close();
    t = undefined;
    for (const close of closers.splice(0)) await close();
    await stored?.cleanup();
    stored = undefined;
  });

  async function setup(env: Record<string, string> = {}) {
    stored = await stores.create(kind);
    files = stored.files;
    t = await createTestApp(engine, {
      env: { STAFF_NOTIFY_EMAIL: STAFF_EMAIL, ...stored.env, ...env },
      deps: { passwordHasher: hasher, clock: testClock(NOW), files },
    });
    const admin = await seedUser(t.db.database.db, hasher, { username: 'dana.data' });
    adminName = admin.username;
    adminId = admin.id;
    cookie = await signedInCookie(t.app, admin);
  }

  const db = () => t!.db.database.db;
  const post = (url: string, payload: unknown) =>
    t!.app.inject({ method: 'POST', url, headers: { cookie, origin: ORIGIN }, payload: payload as object });
  const search = async (payload: unknown) => {
    const response = await post('/api/admin/data-requests/search', payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DataRequestSearchResult>();
  };
  const erase = (payload: unknown) => post('/api/admin/data-requests/erase', payload);
  const exportZip = (payload: unknown) => post('/api/admin/data-requests/export', payload);

  /** One person's records of every kind, through the public and staff APIs where they exist. */
  async function seedPerson(person: typeof sam): Promise<Seeded> {
    const created = await t!.app.inject({
      method: 'POST',
      url: '/api/valuations',
      payload: {
        ...validValuation(),
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
        phone: person.phone,
      },
      headers: { 'x-forwarded-for': person === sam ? '198.18.0.1' : '198.18.0.2' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, uploadToken } = created.json<{ id: string; uploadToken: string }>();

    const jpeg = await smallJpeg();
    const body = multipart([
      { filename: 'front.jpg', content: jpeg },
      { filename: 'back.jpg', content: jpeg },
    ]);
    const photos = await t!.app.inject({
      method: 'POST',
      url: `/api/valuations/${id}/photos`,
      payload: body.payload,
      headers: { 'content-type': body.contentType, authorization: `Bearer ${uploadToken}` },
    });
    expect(photos.statusCode, photos.body).toBe(201);
    // A damage mark from the seller's page (issue 35), in their words.
    const marked = await t!.app.inject({
      method: 'POST',
      url: '/api/your-valuation/damage',
      payload: { panel: 'bonnet', x: 0.5, y: 0.2364, kind: 'dent', description: `${person.firstName}'s hail dent` },
      headers: { cookie: `seller=${uploadToken}`, origin: ORIGIN },
    });
    expect(marked.statusCode, marked.body).toBe(201);

    const offer = await post(`/api/valuations/${id}/offer`, { offerAmount: '4250', sendMethod: 'both' });
    expect(offer.statusCode, offer.body).toBe(201);
    const forward = await post(`/api/valuations/${id}/send-to-dealer`, {
      dealerName: 'Lincs Motor Traders',
      dealerEmail: DEALER_EMAIL,
      message: `One for you: ${person.firstName}'s Focus.`,
      senderName: 'CarBuy Direct Team',
      includeContactDetails: true,
    });
    expect(forward.statusCode, forward.body).toBe(202);

    // A second, archived request: the address in other capitals, the number written another way.
    const [second] = await db()
      .insert(carValuations)
      .values({
        reference: newValuationReference(),
        registration: 'LM68XYZ',
        mileage: 61_000,
        firstName: person.firstName,
        lastName: person.lastName,
        postcode: 'LN11 0LQ',
        email: person.email.toUpperCase().replace('.ORG', '.org'),
        phone: `+44 (0)${person.phone.slice(1)}`,
        phoneE164: person.e164,
        agreeToContact: true,
        isArchived: true,
        archivedAt: NOW,
        marketingConsentAt: NOW,
      })
      .returning({ id: carValuations.id });
    await db().insert(valuationEvents).values({ valuationId: second!.id, type: 'created', createdAt: NOW });

    // The seller's documents (issue 35), stored as the documents feature stores them: a logbook
    // staff checked, and a licence photo they turned down.
    const pdf = Buffer.from(`%PDF-1.7\n% ${person.firstName}'s logbook\n%%EOF\n`);
    const documentKeys = [
      await files.save(pdf, { area: 'valuation-documents', extension: 'pdf' }),
      await files.save(jpeg, { area: 'valuation-documents', extension: 'jpg' }),
      await files.save(jpeg, { area: 'valuation-documents', extension: 'jpg' }),
      await files.save(jpeg, { area: 'valuation-documents', extension: 'jpg' }),
    ];
    await db()
      .insert(valuationDocuments)
      .values([
        {
          valuationId: id,
          kind: 'v5c',
          status: 'verified',
          fileKey: documentKeys[0]!,
          previewKey: documentKeys[1]!,
          mediaType: 'application/pdf',
          sizeBytes: pdf.byteLength,
          pages: 2,
          reviewedByUserId: adminId,
          reviewedAt: NOW,
          uploadedAt: new Date(NOW.getTime() - 60_000),
        },
        {
          valuationId: id,
          kind: 'driving_licence',
          status: 'rejected',
          rejectionReason: 'The photo is blurred: we cannot read the licence number.',
          fileKey: documentKeys[2]!,
          previewKey: documentKeys[3]!,
          mediaType: 'image/jpeg',
          sizeBytes: jpeg.byteLength,
          pages: 1,
          reviewedByUserId: adminId,
          reviewedAt: NOW,
          uploadedAt: NOW,
        },
      ]);
    await db()
      .update(carValuations)
      .set({ documentsRequestedAt: new Date(NOW.getTime() - 120_000), keysCount: 2 })
      .where(eq(carValuations.id, id));

    const [loneEmail, loneSms] = await db()
      .insert(outboundMessages)
      .values([
        {
          channel: 'email',
          recipient: person.email.toUpperCase(),
          subject: 'Test message',
          textBody: `Hello ${person.firstName}`,
          templateName: 'message-test',
        },
        { channel: 'sms', recipient: person.e164, textBody: `Hello ${person.firstName}`, templateName: 'message-test' },
      ])
      .returning({ id: outboundMessages.id });

    const [complaint] = await db()
      .insert(dataProtectionComplaints)
      .values({
        reference: person === sam ? 'DP-SAM234' : 'DP-XAV234',
        name: `${person.firstName} ${person.lastName}`,
        email: person.email,
        phone: person.phone,
        phoneE164: person.e164,
        details: `${person.firstName} asks what we hold.`,
      })
      .returning({ id: dataProtectionComplaints.id });
    await db()
      .insert(outboundMessages)
      .values({
        channel: 'email',
        recipient: person.email,
        subject: 'We have your complaint',
        textBody: `Dear ${person.firstName} ${person.lastName}`,
        templateName: 'complaint-received',
        complaintId: complaint!.id,
      });

    const [review] = await db()
      .insert(customerReviews)
      .values({
        customerName: `${person.firstName} ${person.lastName}`,
        email: person.email,
        rating: 5,
        reviewTitle: `${person.firstName} was paid the same day`,
        reviewText: 'Quick and fair.',
        isApproved: true,
        isPublished: true,
        approvedAt: NOW,
      })
      .returning({ id: customerReviews.id });

    const recordingSid = hexSid('RE');
    const callSids = [hexSid('CA'), hexSid('CA')];
    await db()
      .insert(callLogs)
      .values([
        {
          callSid: callSids[0]!,
          fromNumber: person.e164,
          toNumber: '+441632960000',
          status: 'completed',
          direction: 'inbound',
          duration: 95,
          recordingUrl: recordingUrl(recordingSid),
          customerName: `${person.firstName} ${person.lastName}`,
          notes: `Rang back ${person.firstName}`,
        },
        { callSid: callSids[1]!, fromNumber: '+441632960000', toNumber: person.e164, direction: 'outbound' },
      ]);

    return {
      valuationIds: [id, second!.id],
      loneEmailId: loneEmail!.id,
      loneSmsId: loneSms!.id,
      complaintId: complaint!.id,
      reviewId: review!.id,
      callSids,
      recordingSid,
      documentKeys,
    };
  }

  /** What the database holds about a seeded person, read directly (the test's own idea of "everything"). */
  async function heldDirectly(seeded: Seeded) {
    const messages = await db()
      .select({ id: outboundMessages.id, attachments: outboundMessages.attachments })
      .from(outboundMessages)
      .where(
        or(
          inArray(outboundMessages.valuationId, seeded.valuationIds),
          eq(outboundMessages.complaintId, seeded.complaintId),
          inArray(outboundMessages.id, [seeded.loneEmailId, seeded.loneSmsId]),
        ),
      );
    const valuations = await db()
      .select({ id: carValuations.id, reference: carValuations.reference, photoPaths: carValuations.photoPaths })
      .from(carValuations)
      .where(inArray(carValuations.id, seeded.valuationIds));
    const events = await db()
      .select({ id: valuationEvents.id })
      .from(valuationEvents)
      .where(inArray(valuationEvents.valuationId, seeded.valuationIds));
    const offers = await db()
      .select({ id: valuationOffers.id })
      .from(valuationOffers)
      .where(inArray(valuationOffers.valuationId, seeded.valuationIds));
    const documents = await db()
      .select()
      .from(valuationDocuments)
      .where(inArray(valuationDocuments.valuationId, seeded.valuationIds));
    const photoKeys = valuations.flatMap((v) => v.photoPaths.flatMap((entry) => entry.split('|')));
    const attachmentKeys = messages.flatMap((message) => message.attachments.map((a) => a.storageKey));
    const documentKeys = documents.flatMap((d) => [d.fileKey, d.previewKey]);
    return { messages, valuations, events, offers, documents, photoKeys, attachmentKeys, documentKeys };
  }

  /** Every row of every table as text, lower-cased: what "nothing findable" is checked against. */
  async function everyRowAsText(): Promise<string> {
    const { rows } = await db().execute<{ name: string }>(sql`
      select format('%I.%I', schemaname, tablename) as name from pg_catalog.pg_tables
      where schemaname not in ('information_schema', 'drizzle') and left(schemaname, 3) <> 'pg_'`);
    const texts: string[] = [];
    for (const { name } of rows) {
      const result = await db().execute<{ row: string }>(sql`select t::text as row from ${sql.raw(name)} t`);
      texts.push(...result.rows.map((r) => `${name} ${r.row}`));
    }
    return texts.join('\n').toLowerCase();
  }

  /** Row counts of every table and the files on disk: "nothing changed" is these staying the same. */
  async function fingerprint() {
    const { rows } = await db().execute<{ name: string }>(sql`
      select format('%I.%I', schemaname, tablename) as name from pg_catalog.pg_tables
      where schemaname not in ('information_schema', 'drizzle') and left(schemaname, 3) <> 'pg_'
      order by 1`);
    const counts: Record<string, string> = {};
    for (const { name } of rows) {
      if (name === 'public.sessions' || name === 'public.rate_limit_counters') continue;
      const result = await db().execute<{ digest: string }>(
        sql`select count(*)::text || ' ' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.raw(name)} t`,
      );
      counts[name] = result.rows[0]!.digest;
    }
    return counts;
  }

  const stillStored = async (key: string) =>
    files.read(key).then(
      () => true,
      (error: unknown) => {
        if (error instanceof FileNotFoundError) return false;
        throw error;
      },
    );

  it('finds exactly one person by e-mail (any case) or by phone (any usual form), never by part', async () => {
    await setup();
    const samSeeded = await seedPerson(sam);
    const xsamSeeded = await seedPerson(xsam);

    const byEmail = await search({ email: '  SAM@Example.org ' });
    expect(byEmail.identifier).toEqual({ kind: 'email', value: sam.email });
    expect(byEmail.valuations.map((v) => v.id).sort()).toEqual([...samSeeded.valuationIds].sort());
    const direct = await heldDirectly(samSeeded);
    expect(direct.documents).toHaveLength(2);
    expect(byEmail.counts).toEqual({
      valuations: 2,
      photos: 2,
      documents: 2, // the logbook and the licence, on the first valuation
      valuationEvents: direct.events.length,
      offers: 1,
      // Every message but the lone text to the number (a phone search finds that one).
      messages: direct.messages.length - 1,
      attachments: 1,
      calls: 0,
      callRecordings: 0,
      reviews: 1,
      complaints: 1,
    } satisfies DataRequestCounts);
    expect(byEmail.messages.map((message) => message.id).sort()).toEqual(
      direct.messages
        .map((message) => message.id)
        .filter((id) => id !== samSeeded.loneSmsId)
        .sort(),
    );
    expect(byEmail.reviews.map((r) => r.id)).toEqual([samSeeded.reviewId]);
    expect(byEmail.complaints.map((c) => c.id)).toEqual([samSeeded.complaintId]);
    const archived = byEmail.valuations.find((v) => v.id === samSeeded.valuationIds[1]);
    expect(archived).toMatchObject({ isArchived: true, marketingConsentAt: NOW.toISOString(), photoCount: 0 });
    expect(byEmail.valuations.find((v) => v.id === samSeeded.valuationIds[0])).toMatchObject({
      photoCount: 2,
      registration: 'AB12CDE',
      status: 'offer_made', // an offer was sent (the lifecycle's stage)
    });

    for (const phone of ['07946 812345', '+44 7946 812345', '0044 (0)7946-812345', '447946812345']) {
      const byPhone = await search({ phone });
      expect(byPhone.identifier).toEqual({ kind: 'phone', value: sam.e164 });
      expect(byPhone.valuations.map((v) => v.id).sort()).toEqual([...samSeeded.valuationIds].sort());
      expect(byPhone.calls).toHaveLength(2);
      expect(byPhone.calls.filter((c) => c.hasRecording)).toHaveLength(1);
      expect(byPhone.counts).toMatchObject({ documents: 2, calls: 2, callRecordings: 1, reviews: 0, complaints: 1 });
      expect(byPhone.messages.map((message) => message.id)).toContain(samSeeded.loneSmsId);
      expect(byPhone.messages.map((message) => message.id)).not.toContain(samSeeded.loneEmailId);
    }

    // Nothing of the near miss in either search.
    const xsamIds = [...xsamSeeded.valuationIds, xsamSeeded.complaintId, xsamSeeded.loneEmailId];
    for (const result of [byEmail, await search({ phone: sam.phone })]) {
      expect(JSON.stringify(result)).not.toMatch(new RegExp(xsamIds.join('|')));
      expect(result.reviews.map((r) => r.id)).not.toContain(xsamSeeded.reviewId);
    }
    // Parts of an address find nothing.
    for (const email of ['am@example.org', 'sam@example.or', 'sam@example.org.uk']) {
      expect((await search({ email })).counts).toEqual(emptyCounts);
    }
    // Searching logs no address, number or name (the log-hygiene check reads every line too).
    expect(t!.logs.text()).not.toMatch(/sam@example|7946 ?812345|Quenby/i);
  }, 60_000);

  it('exports every row and file about the person, and nothing about anyone else', async () => {
    await setup();
    const samSeeded = await seedPerson(sam);
    const xsamSeeded = await seedPerson(xsam);
    const direct = await heldDirectly(samSeeded);

    const response = await exportZip({ email: sam.email });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="data-request-2026-03-02.zip"');
    expect(response.headers['cache-control']).toBe('no-store');
    const zip = unzipSync(new Uint8Array(response.rawPayload));
    const names = Object.keys(zip).sort();

    // The files: both photos of the first valuation, and the dealer report, byte for byte.
    const [first] = direct.valuations.filter((v) => v.id === samSeeded.valuationIds[0]);
    const photoFiles = first!.photoPaths.map((entry) => entry.split('|')[0]!);
    expect(photoFiles).toHaveLength(2);
    const attachment = direct.messages.flatMap((message) =>
      message.attachments.map((a) => ({ message: message.id, ...a })),
    );
    expect(attachment).toHaveLength(1);
    const photoNames = photoFiles.map((key) => `photos/${first!.id}/${/([0-9a-f]{32})\.jpg$/.exec(key)![1]}.jpg`);
    const attachmentName = `attachments/${attachment[0]!.message}/${attachment[0]!.filename}`;
    // The seller's documents (issue 35): each file as stored, named by its kind; not the previews.
    const documentNames = [`documents/${first!.id}/v5c.pdf`, `documents/${first!.id}/driving-licence.jpg`];
    expect(names).toEqual(['README.txt', attachmentName, 'data.json', ...photoNames, ...documentNames].sort());
    expect(Buffer.from(zip[documentNames[0]!]!).equals(await files.read(samSeeded.documentKeys[0]!))).toBe(true);
    expect(Buffer.from(zip[documentNames[1]!]!).equals(await files.read(samSeeded.documentKeys[2]!))).toBe(true);
    for (const [index, key] of photoFiles.entries()) {
      expect(Buffer.from(zip[photoNames[index]!]!).equals(await files.read(key))).toBe(true);
    }
    expect(Buffer.from(zip[attachmentName]!).equals(await files.read(attachment[0]!.storageKey))).toBe(true);
    expect(Buffer.from(zip[attachmentName]!).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const readme = Buffer.from(zip['README.txt']!).toString('utf8');
    for (const part of ['data.json', 'photos/', 'documents/', 'attachments/', 'Article 15']) {
      expect(readme).toContain(part);
    }

    // data.json: every row, each once, in its place.
    type Row = { id: string | number };
    type ExportedMessage = Row & { textBody: string; attachments: { file: string }[] };
    const data = JSON.parse(Buffer.from(zip['data.json']!).toString('utf8')) as {
      valuations: (Row & {
        reference: string;
        email: string;
        photos: string[];
        events: Row[];
        offers: Row[];
        damageMarkers: (Row & { description: string })[];
        documents: Record<string, unknown>[];
        keysCount: number | null;
        documentsRequestedAt: string | null;
        documentsCompletedAt: string | null;
        messages: ExportedMessage[];
      })[];
      complaints: (Row & { messages: ExportedMessage[] })[];
      otherMessages: ExportedMessage[];
      calls: Row[];
      reviews: Row[];
      counts: DataRequestCounts;
    };
    const ids = (rows: Row[]) => rows.map((row) => row.id).sort();
    expect(ids(data.valuations)).toEqual([...samSeeded.valuationIds].sort());
    expect(data.counts).toMatchObject({ valuations: 2, photos: 2, documents: 2 });
    // Each request with the reference the seller was given for it.
    const references = (rows: { id: string | number; reference: string }[]) =>
      rows.map((row) => `${row.id} ${row.reference}`).sort();
    expect(references(data.valuations)).toEqual(references(direct.valuations));
    expect(ids(data.valuations.flatMap((v) => v.events))).toEqual(ids(direct.events));
    expect(ids(data.valuations.flatMap((v) => v.offers))).toEqual(ids(direct.offers));
    const exportedMessages = [
      ...data.valuations.flatMap((v) => v.messages),
      ...data.complaints.flatMap((c) => c.messages),
      ...data.otherMessages,
    ];
    // Found by e-mail: all but the text message sent to the number alone.
    expect(ids(exportedMessages)).toEqual(ids(direct.messages.filter((message) => message.id !== samSeeded.loneSmsId)));
    expect(exportedMessages.every((message) => typeof message.textBody === 'string')).toBe(true);
    expect(exportedMessages.flatMap((message) => message.attachments.map((a) => a.file))).toEqual([attachmentName]);
    expect(data.valuations.find((v) => v.id === first!.id)!.photos.sort()).toEqual([...photoNames].sort());
    expect(data.valuations.find((v) => v.id === first!.id)!.damageMarkers.map((d) => d.description)).toEqual([
      `${sam.firstName}'s hail dent`,
    ]);
    // The documents: what each is and what staff made of it; never who on our staff, nor the store's keys.
    const exported = data.valuations.find((v) => v.id === first!.id)!;
    const [logbook, licence] = direct.documents.sort((a, b) => a.uploadedAt.getTime() - b.uploadedAt.getTime());
    expect(exported.documents).toEqual([
      {
        kind: 'v5c',
        label: 'V5C logbook',
        status: 'verified',
        rejectionReason: null,
        mediaType: 'application/pdf',
        pages: 2,
        sizeBytes: logbook!.sizeBytes,
        uploadedAt: logbook!.uploadedAt.toISOString(),
        reviewedAt: NOW.toISOString(),
        file: documentNames[0],
      },
      {
        kind: 'driving_licence',
        label: 'Photo driving licence',
        status: 'rejected',
        rejectionReason: 'The photo is blurred: we cannot read the licence number.',
        mediaType: 'image/jpeg',
        pages: 1,
        sizeBytes: licence!.sizeBytes,
        uploadedAt: NOW.toISOString(),
        reviewedAt: NOW.toISOString(),
        file: documentNames[1],
      },
    ]);
    expect(exported).toMatchObject({
      keysCount: 2,
      documentsRequestedAt: new Date(NOW.getTime() - 120_000).toISOString(),
      documentsCompletedAt: null,
    });
    expect(data.valuations.find((v) => v.id !== first!.id)!.documents).toEqual([]);
    expect(JSON.stringify(data)).not.toMatch(/valuation-documents\/|fileKey|previewKey|reviewedBy|dana\.data/);
    expect(ids(data.complaints)).toEqual([samSeeded.complaintId]);
    expect(ids(data.reviews)).toEqual([samSeeded.reviewId]);
    expect(data.calls).toEqual([]);
    expect(JSON.stringify(data)).not.toMatch(/uploadTokenHash|leaseToken|valuation-photos\//);

    // Nothing about the other person anywhere in the ZIP.
    const everything = names.map((name) => Buffer.from(zip[name]!).toString('latin1')).join('\n');
    for (const other of [xsam.email, xsam.lastName, xsam.e164, ...xsamSeeded.valuationIds, xsamSeeded.complaintId]) {
      expect(everything).not.toContain(other);
    }

    // By phone: the calls too, with the recording's link.
    const byPhone = await exportZip({ phone: sam.phone });
    expect(byPhone.statusCode, byPhone.body).toBe(200);
    const phoneData = JSON.parse(
      Buffer.from(unzipSync(new Uint8Array(byPhone.rawPayload))['data.json']!).toString(),
    ) as {
      calls: { callSid: string; recordingUrl: string | null }[];
    };
    expect(phoneData.calls.map((c) => c.callSid).sort()).toEqual([...samSeeded.callSids].sort());

    // The trail: two exports, with counts, by whom; never the address, number or name.
    const log = await db().select().from(dataRequestLog).orderBy(dataRequestLog.id);
    expect(log.map((entry) => [entry.kind, entry.actorUsername])).toEqual([
      ['export', adminName],
      ['export', adminName],
    ]);
    expect(log[0]!.counts).toMatchObject({
      valuations: 2,
      photos: 2,
      documents: 2,
      attachments: 1,
      reviews: 1,
      complaints: 1,
    });
    expect(JSON.stringify(log)).not.toMatch(/sam@example|7946 ?812345|Quenby|Samwise/i);
    expect(t!.logs.text()).not.toMatch(/sam@example|7946 ?812345|Quenby/i);
  }, 60_000);

  it('erases everything about the person in one go, leaves the other untouched, and records only counts', async () => {
    await setup();
    const samSeeded = await seedPerson(sam);
    const xsamSeeded = await seedPerson(xsam);
    const samFiles = await heldDirectly(samSeeded);
    const xsamFiles = await heldDirectly(xsamSeeded);
    const xsamBefore = [await search({ email: xsam.email }), await search({ phone: xsam.phone })];
    const publicReviews = async () =>
      (await t!.app.inject({ url: '/api/reviews' })).json<PublicReviewList>().reviews.map((r) => r.reviewTitle);
    expect(await publicReviews()).toContain('Samwise was paid the same day');

    const byEmail = await erase({ email: sam.email, confirm: 'Sam@Example.org' });
    expect(byEmail.statusCode, byEmail.body).toBe(200);
    const emailErasure = byEmail.json<DataRequestErasure>();
    expect(emailErasure.counts).toEqual({
      valuations: 2,
      photos: 2,
      documents: 2,
      valuationEvents: samFiles.events.length,
      offers: 1,
      // Every message but the lone text to the number (found by a phone search, below).
      messages: samFiles.messages.length - 1,
      attachments: 1,
      calls: 0,
      callRecordings: 0,
      reviews: 1,
      complaints: 1,
    });
    // The published review is gone from the public pages at once.
    expect(await publicReviews()).not.toContain('Samwise was paid the same day');
    expect(await publicReviews()).toContain('Xavier was paid the same day');

    const byPhone = await erase({ phone: '+44 7946 812345', confirm: '+44 7946 812345' });
    expect(byPhone.statusCode, byPhone.body).toBe(200);
    expect(byPhone.json<DataRequestErasure>()).toEqual({
      counts: { ...emptyCounts, messages: 1, calls: 2, callRecordings: 1 },
      // Calls are not set up in this app: the recording is Twilio's to delete, and staff are told.
      recordings: {
        twilioConfigured: false,
        deleted: 0,
        remaining: [{ callSid: samSeeded.callSids[0]!, recordingSid: samSeeded.recordingSid }],
      },
    } satisfies DataRequestErasure);

    // Nothing findable: the searches, SQL over every table, and the files.
    expect((await search({ email: sam.email })).counts).toEqual(emptyCounts);
    expect((await search({ phone: sam.phone })).counts).toEqual(emptyCounts);
    const rows = await everyRowAsText();
    // The address on its own (xsam@example.org, the other person's, contains it).
    expect(rows).not.toMatch(/(^|[^a-z0-9._%+-])sam@example\.org/);
    expect(rows).toContain(xsam.email);
    for (const trace of ['7946812345', '7946 812345', sam.lastName, sam.firstName]) {
      expect(rows).not.toContain(trace.toLowerCase());
    }
    // The documents' files and previews too (their rows went with the valuation).
    expect(samFiles.documentKeys).toHaveLength(4);
    for (const key of [...samFiles.photoKeys, ...samFiles.attachmentKeys, ...samFiles.documentKeys]) {
      expect(await stillStored(key)).toBe(false);
    }
    expect(
      await db()
        .select()
        .from(valuationDocuments)
        .where(inArray(valuationDocuments.valuationId, samSeeded.valuationIds)),
    ).toEqual([]);

    // The other person: every record and file as before.
    expect([await search({ email: xsam.email }), await search({ phone: xsam.phone })]).toEqual(xsamBefore);
    expect(xsamFiles.photoKeys).toHaveLength(4);
    expect(xsamFiles.documentKeys).toHaveLength(4);
    for (const key of [...xsamFiles.photoKeys, ...xsamFiles.attachmentKeys, ...xsamFiles.documentKeys]) {
      expect(await stillStored(key)).toBe(true);
    }

    // The trail: two erasures, counts only.
    const log = await db().select().from(dataRequestLog).orderBy(dataRequestLog.id);
    expect(log.map((entry) => [entry.kind, entry.actorUsername, entry.counts])).toEqual([
      ['erasure', adminName, emailErasure.counts],
      ['erasure', adminName, { ...emptyCounts, messages: 1, calls: 2, callRecordings: 1 }],
    ]);
    expect(JSON.stringify(log)).not.toMatch(/sam@example|7946 ?812345|447946812345|Quenby|Samwise/i);
    expect(t!.logs.text()).not.toMatch(/sam@example|7946 ?812345|Quenby/i);

    const listed = await t!.app.inject({ url: '/api/admin/data-requests/log', headers: { cookie } });
    expect(listed.statusCode).toBe(200);
    const page = listed.json<DataRequestLog>();
    expect(page).toMatchObject({ page: 1, total: 2, pageCount: 1 });
    expect(page.items.map((item) => [item.id, item.kind, item.actorUsername])).toEqual([
      [log[1]!.id, 'erasure', adminName],
      [log[0]!.id, 'erasure', adminName],
    ]);

    // An entry written before documents were counted (issue 35) still lists, as it was stored.
    const { documents: _none, ...olderCounts } = { ...emptyCounts, valuations: 1, photos: 2 };
    await db()
      .insert(dataRequestLog)
      .values({
        kind: 'export',
        counts: olderCounts,
        actorUserId: adminId,
        actorUsername: adminName,
        createdAt: new Date('2099-01-01T00:00:00Z'), // listed first
      });
    const relisted = await t!.app.inject({ url: '/api/admin/data-requests/log', headers: { cookie } });
    expect(relisted.statusCode, relisted.body).toBe(200);
    expect(relisted.json<DataRequestLog>().items[0]).toMatchObject({ kind: 'export', counts: olderCounts });
  }, 60_000);

  /**
   * Issue 32: a dealer is sent each seller's vehicle report (the seller's name, e-mail, phone and
   * postcode, with a PDF), and one message about no one (a test). Searching by the dealer's address
   * lists the reports as third-party records; the dealer's export and erasure hold and take only
   * the test message, and each seller's report stays theirs, untouched.
   */
  async function seedDealerCase() {
    await setup();
    const samSeeded = await seedPerson(sam);
    const xsamSeeded = await seedPerson(xsam);
    const [dealerOwn] = await db()
      .insert(outboundMessages)
      .values({
        channel: 'email',
        recipient: DEALER_EMAIL,
        subject: 'Test message',
        textBody: 'Hello dealer',
        templateName: 'message-test',
      })
      .returning({ id: outboundMessages.id });
    const reports = await db()
      .select({
        id: outboundMessages.id,
        valuationId: outboundMessages.valuationId,
        attachments: outboundMessages.attachments,
      })
      .from(outboundMessages)
      .where(eq(outboundMessages.templateName, 'dealer-forward'));
    expect(reports).toHaveLength(2);
    const reportKeys = reports.flatMap((r) => r.attachments.map((a) => a.storageKey));
    expect(reportKeys).toHaveLength(2);
    return { samSeeded, xsamSeeded, dealerOwnId: dealerOwn!.id, reports, reportKeys };
  }

  it('lists messages to a person about someone else’s valuation as third-party records', async () => {
    const { samSeeded, xsamSeeded, dealerOwnId, reports } = await seedDealerCase();
    const [samReference] = (
      await db()
        .select({ reference: carValuations.reference })
        .from(carValuations)
        .where(eq(carValuations.id, samSeeded.valuationIds[0]!))
    ).map((row) => row.reference);

    const found = await search({ email: DEALER_EMAIL.toUpperCase() });
    expect(found.messages.map((message) => message.id)).toEqual([dealerOwnId]);
    expect(found.counts).toEqual({ ...emptyCounts, messages: 1 });
    expect(found.thirdPartyMessages.map((message) => message.id).sort()).toEqual(reports.map((r) => r.id).sort());
    const aboutSam = found.thirdPartyMessages.find((message) => message.about.id === samSeeded.valuationIds[0]);
    expect(aboutSam).toMatchObject({
      channel: 'email',
      templateName: 'dealer-forward',
      attachmentCount: 1,
      about: { kind: 'valuation', reference: samReference },
    });
    expect(found.thirdPartyMessages.map((message) => message.about.id)).toContain(xsamSeeded.valuationIds[0]);
    // The sellers' own searches still find their reports as theirs, and nothing third-party.
    const bySam = await search({ email: sam.email });
    expect(bySam.messages.map((message) => message.id)).toContain(aboutSam!.id);
    expect(bySam.thirdPartyMessages).toEqual([]);
  }, 60_000);

  it('never exports a message to a person about someone else’s valuation', async () => {
    const { dealerOwnId, reports } = await seedDealerCase();
    const exported = await exportZip({ email: DEALER_EMAIL });
    expect(exported.statusCode, exported.body).toBe(200);
    const zip = unzipSync(new Uint8Array(exported.rawPayload));
    // No PDF: only the dealer's own (attachment-less) test message.
    expect(Object.keys(zip).sort()).toEqual(['README.txt', 'data.json']);
    const everything = Object.values(zip)
      .map((bytes) => Buffer.from(bytes).toString('latin1'))
      .join('\n')
      .toLowerCase();
    for (const person of [sam, xsam]) {
      for (const detail of [person.email, person.lastName, person.firstName, person.e164, person.phone, 'LN11 0LQ']) {
        expect(everything).not.toContain(detail.toLowerCase());
      }
    }
    for (const report of reports) expect(everything).not.toContain(report.id);
    expect(everything).toContain(dealerOwnId);
    const readme = Buffer.from(zip['README.txt']!).toString('utf8');
    expect(readme).toContain('We hold 2 such message(s), left out of this file.');
  }, 60_000);

  it('never erases a message to a person about someone else’s valuation, nor its file', async () => {
    const { reports, reportKeys } = await seedDealerCase();
    const sellersBefore = [await search({ email: sam.email }), await search({ email: xsam.email })];
    const erased = await erase({ email: DEALER_EMAIL, confirm: DEALER_EMAIL });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json<DataRequestErasure>().counts).toEqual({ ...emptyCounts, messages: 1 });
    const left = await db()
      .select({ id: outboundMessages.id })
      .from(outboundMessages)
      .where(
        inArray(
          outboundMessages.id,
          reports.map((r) => r.id),
        ),
      );
    expect(left).toHaveLength(2);
    for (const key of reportKeys) expect(await stillStored(key)).toBe(true);
    expect([await search({ email: sam.email }), await search({ email: xsam.email })]).toEqual(sellersBefore);
    const after = await search({ email: DEALER_EMAIL });
    expect(after.counts).toEqual(emptyCounts);
    expect(after.thirdPartyMessages).toHaveLength(2);
  }, 60_000);

  it('deletes the recordings at Twilio when calls are set up, and reports one it could not', async () => {
    const accountSid = `AC${'a'.repeat(32)}`;
    const authToken = 'e'.repeat(32);
    const twilio = await startRecordingsFake(accountSid, authToken);
    closers.push(twilio.close);
    await setup({
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_API_URL: twilio.url,
      TWILIO_PHONE_NUMBER: '+441632960000',
      STAFF_PHONE_NUMBER: '+441632960001',
    });
    const seeded = await seedPerson(sam);
    twilio.held.add(seeded.recordingSid);
    // Two more recorded calls: one Twilio no longer holds (404: gone already, so deleted), one it
    // fails to delete (500: left for staff to delete in the console).
    const [gone, failing] = [hexSid('RE'), hexSid('RE')];
    const [goneCall, failingCall] = [hexSid('CA'), hexSid('CA')];
    twilio.broken.add(failing);
    await db()
      .insert(callLogs)
      .values([
        { callSid: goneCall, fromNumber: sam.e164, recordingUrl: recordingUrl(gone) },
        { callSid: failingCall, toNumber: sam.e164, recordingUrl: recordingUrl(failing) },
      ]);

    const response = await erase({ phone: sam.phone, confirm: sam.phone });
    expect(response.statusCode, response.body).toBe(200);
    const erasure = response.json<DataRequestErasure>();
    expect(erasure.counts).toMatchObject({ calls: 4, callRecordings: 3 });
    expect(erasure.recordings).toEqual({
      twilioConfigured: true,
      deleted: 2,
      remaining: [{ callSid: failingCall, recordingSid: failing }],
    });
    expect(twilio.deleted).toEqual([seeded.recordingSid]);
    const [entry] = await db().select().from(dataRequestLog);
    expect(entry!.counts).toMatchObject({ calls: 4, callRecordings: 3, recordingsDeletedAtTwilio: 2 });
    // The calls are erased all the same: the erasure does not wait on Twilio.
    expect((await search({ phone: sam.phone })).counts).toEqual(emptyCounts);

    // The business's own numbers are on every call: refused as an identifier.
    const own = await post('/api/admin/data-requests/search', { phone: '01632 960000' });
    expectRefused(own, 'phone', m.ownContact);
  }, 60_000);

  function expectRefused(response: LightMyRequestResponse, field: string, message: string) {
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json<{ message: string; issues: { path: string; message: string }[] }>();
    expect(body.message).toBe(message);
    expect(body.issues).toContainEqual({ path: field, message });
  }

  it('refuses bad input and a wrong confirmation with plain messages, and changes nothing', async () => {
    await setup();
    const seeded = await seedPerson(sam);
    await seedPerson(xsam);
    const before = await fingerprint();
    const samFiles = await heldDirectly(seeded);

    const cases: [string, unknown, string, string][] = [
      ['/search', {}, 'email', m.identifierRequired],
      ['/search', { email: sam.email, phone: sam.phone }, 'phone', m.oneIdentifier],
      ['/search', { email: 'sam@example' }, 'email', m.emailInvalid],
      ['/search', { email: 'sam' }, 'email', m.emailInvalid],
      ['/search', { phone: '07946' }, 'phone', m.phoneInvalid],
      ['/search', { phone: '07946 81234x' }, 'phone', m.phoneInvalid],
      ['/export', { email: 42 }, 'email', m.emailInvalid],
      ['/export', { email: STAFF_EMAIL.toUpperCase() }, 'email', m.ownContact],
      ['/erase', { email: sam.email }, 'confirm', m.confirmRequired],
      ['/erase', { email: sam.email, confirm: '' }, 'confirm', m.confirmRequired],
      ['/erase', { email: sam.email, confirm: xsam.email }, 'confirm', m.confirmMismatch],
      ['/erase', { email: sam.email, confirm: 'am@example.org' }, 'confirm', m.confirmMismatch],
      ['/erase', { phone: sam.phone, confirm: sam.e164 }, 'confirm', m.confirmMismatch],
      ['/erase', { confirm: sam.email }, 'email', m.identifierRequired],
      ['/erase', { email: STAFF_EMAIL, confirm: STAFF_EMAIL }, 'email', m.ownContact],
    ];
    for (const [route, payload, field, message] of cases) {
      const response = await post(`/api/admin/data-requests${route}`, payload);
      expectRefused(response, field, message);
    }
    expect(await fingerprint()).toEqual(before);
    for (const key of [...samFiles.photoKeys, ...samFiles.attachmentKeys, ...samFiles.documentKeys]) {
      expect(await stillStored(key)).toBe(true);
    }

    // Staff only, and never through an address: the routes take no identifier in the URL.
    const anonymous = await t!.app.inject({
      method: 'POST',
      url: '/api/admin/data-requests/search',
      headers: { origin: ORIGIN },
      payload: { email: sam.email },
    });
    expect(anonymous.statusCode).toBe(401);
    const viaQuery = await t!.app.inject({
      method: 'GET',
      url: `/api/admin/data-requests/search?email=${encodeURIComponent(sam.email)}`,
      headers: { cookie },
    });
    // The identifier never goes in an address: searching takes POST only.
    expect(viaQuery.statusCode).toBe(405);
    expect(viaQuery.headers.allow).toBe('POST');
  }, 60_000);
});
