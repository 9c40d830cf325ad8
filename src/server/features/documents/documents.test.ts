import { and, asc, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { carValuations, outboundMessages, valuationEvents } from '~/server/db/schema';
import { documentFileMessages } from '~/shared/document-files';
import { documentMessages as m, type AdminDocuments, type SellerDocuments } from '~/shared/documents';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { cheapHasher, minutes, seedUser, signedInCookie, testClock } from '../../../../test/helpers/auth';
import { multipart, solid } from '../../../../test/helpers/images';
import { engineStoreCases, testStores, type TestStores } from '../../../../test/helpers/stores';
import { validValuation } from '../../../../test/helpers/valuation';

/**
 * The seller's documents (issue 35): asked for by staff (or by an accepted offer), sent from the
 * seller's page one file at a time, checked or turned down by staff with a reason the seller is
 * e-mailed, replaced, and "Documents complete" once everything needed is checked. Files are private.
 */

const ORIGIN = 'http://localhost';

/** A one-page PDF with some text, as a scanner or a lender's letter would be. */
function letterPdf(text: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  doc.fontSize(24).text(text, 72, 72);
  doc.end();
  return new Promise((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
}

const photo = () =>
  solid(1200, 800)
    .composite([{ input: Buffer.from('<svg width="600" height="200"><rect width="600" height="200"/></svg>') }])
    .jpeg()
    .toBuffer();

const stores = testStores();

// Each engine with the folder store, and the S3 store once (issue 38: the same file tests on both).
describe.each(engineStoreCases())('seller documents on %s, files in %s storage', (engine, storeKind) => {
  const hasher = cheapHasher();
  let t: TestApp | undefined;
  let store: TestStores;
  let secret: string;
  let otherSecret: string;
  let valuationId: string;
  let staffCookie: string;
  let clock = testClock();

  afterEach(async () => {
    await t?.close();
    t = undefined;
    await store.cleanup();
  });

  const db = () => t!.db.database.db;

  async function setup(overrides: Record<string, unknown> = {}) {
    clock = testClock();
    store = await stores.create(storeKind);
    t = await createTestApp(engine, {
      deps: { passwordHasher: hasher, clock, files: store.files, uploads: store.uploads },
      env: { STAFF_NOTIFY_EMAIL: 'staff@example.com', ...store.env },
    });
    const submit = async (payload: object) => {
      const response = await t!.app.inject({ method: 'POST', url: '/api/valuations', payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string; uploadToken: string }>();
    };
    ({ id: valuationId, uploadToken: secret } = await submit({ ...validValuation(), ...overrides }));
    ({ uploadToken: otherSecret } = await submit({ ...validValuation(), email: 'other@example.com' }));
    staffCookie = await signedInCookie(t.app, await seedUser(db(), hasher, { isAdmin: true }));
  }

  const seller = (as = secret) => ({ cookie: `seller=${as}`, origin: ORIGIN });
  const sellerGet = (url: string, as = secret) => {
    clock.advance(minutes(1));
    return t!.app.inject({ method: 'GET', url, headers: { cookie: `seller=${as}` } });
  };
  const upload = (kind: string, file: { filename: string; content: Buffer; contentType: string }) => {
    clock.advance(minutes(1));
    const body = multipart([{ ...file, field: 'file' }]);
    return t!.app.inject({
      method: 'POST',
      url: `/api/your-valuation/documents/${kind}`,
      payload: body.payload,
      headers: { ...seller(), 'content-type': body.contentType },
    });
  };
  const staff = (method: 'GET' | 'POST', url: string, payload?: object) => {
    clock.advance(minutes(1));
    return t!.app.inject({
      method,
      url,
      payload,
      headers: { cookie: staffCookie, ...(method === 'POST' ? { origin: ORIGIN } : {}) },
    });
  };
  const staffList = async () =>
    (await staff('GET', `/api/admin/valuations/${valuationId}/documents`)).json<AdminDocuments>();
  const documentIdOf = async (kind: string) =>
    (await staffList()).items.find((item) => item.kind === kind)!.document!.id;
  const mailsTo = (to: string, template: string) =>
    db()
      .select({ subject: outboundMessages.subject })
      .from(outboundMessages)
      .where(and(eq(outboundMessages.recipient, to), eq(outboundMessages.templateName, template)));
  const storedFiles = () => store.fileKeys('valuation-documents');

  it('from staff’s request to "Documents complete": upload, reject with a reason, replace, verify', async () => {
    await setup({ outstandingFinance: 'yes', financeAmount: '2500' });

    // Not asked yet: the seller's page has no checklist, and an upload is refused.
    const before = await sellerGet('/api/your-valuation/documents');
    expect(before.json<SellerDocuments>()).toMatchObject({ asked: false, editable: false });
    const early = await upload('v5c', {
      filename: 'v5c.pdf',
      content: await letterPdf('V5C'),
      contentType: 'application/pdf',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: m.notAsked });

    // Staff ask early; the seller is e-mailed the list, finance letter included.
    const asked = await staff('POST', `/api/admin/valuations/${valuationId}/documents/request`);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json<AdminDocuments>()).toMatchObject({ asked: true, canRequest: false });
    const [request] = await db()
      .select({ text: outboundMessages.textBody, template: outboundMessages.templateName })
      .from(outboundMessages)
      .where(eq(outboundMessages.templateName, 'documents-requested'));
    expect(request?.text).toContain('v5c logbook, photo driving licence, service history, finance settlement letter');

    const checklist = (await sellerGet('/api/your-valuation/documents')).json<SellerDocuments>();
    expect(checklist.items.map((item) => [item.kind, item.required])).toEqual([
      ['v5c', true],
      ['driving_licence', true],
      ['service_history', false],
      ['settlement_letter', true],
    ]);

    // A V5C as a PDF and a licence as a JPEG.
    const v5c = await upload('v5c', {
      filename: 'v5c.pdf',
      content: await letterPdf('V5C'),
      contentType: 'application/pdf',
    });
    expect(v5c.statusCode, v5c.body).toBe(201);
    const licence = await upload('driving_licence', {
      filename: 'me.jpg',
      content: await photo(),
      contentType: 'image/jpeg',
    });
    expect(licence.statusCode, licence.body).toBe(201);
    const afterUploads = licence.json<SellerDocuments>();
    expect(afterUploads.items[0]!.document).toMatchObject({
      status: 'pending',
      mediaType: 'application/pdf',
      pages: 1,
    });
    expect(afterUploads.items[1]!.document).toMatchObject({ status: 'pending', mediaType: 'image/jpeg' });
    expect(await storedFiles()).toHaveLength(4); // each file and its preview

    // Staff reject the licence with a reason: the seller sees it on the page and by e-mail.
    const licenceId = await documentIdOf('driving_licence');
    const noReason = await staff('POST', `/api/admin/valuations/${valuationId}/documents/${licenceId}/reject`, {
      reason: '   ',
    });
    expect(noReason.statusCode).toBe(400);
    const reason = 'The photo is blurred or too dark to read.';
    const rejected = await staff('POST', `/api/admin/valuations/${valuationId}/documents/${licenceId}/reject`, {
      reason,
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const seen = (await sellerGet('/api/your-valuation/documents')).json<SellerDocuments>();
    expect(seen.items[1]!.document).toMatchObject({ status: 'rejected', rejectionReason: reason });
    const [mail] = await db()
      .select({ to: outboundMessages.recipient, text: outboundMessages.textBody, subject: outboundMessages.subject })
      .from(outboundMessages)
      .where(eq(outboundMessages.templateName, 'document-rejected'));
    expect(mail?.to).toBe('jo@example.com');
    expect(mail?.subject).toContain('photo driving licence');
    expect(mail?.text).toContain(reason);
    // Rejected once: not again, and not verified either, until the seller sends another.
    const twice = await staff('POST', `/api/admin/valuations/${valuationId}/documents/${licenceId}/verify`);
    expect(twice.statusCode).toBe(409);

    // The seller replaces it: the row is pending again, the old files are gone.
    const filesBefore = await storedFiles();
    const replaced = await upload('driving_licence', {
      filename: 'me-again.png',
      content: await solid(900, 600).png().toBuffer(),
      contentType: 'image/png',
    });
    expect(replaced.statusCode, replaced.body).toBe(201);
    expect(replaced.json<SellerDocuments>().items[1]!.document).toMatchObject({
      status: 'pending',
      rejectionReason: null,
      mediaType: 'image/jpeg',
    });
    expect(await storedFiles()).toHaveLength(4);
    expect((await storedFiles()).filter((file) => filesBefore.includes(file))).toHaveLength(2); // the V5C's

    // Verified, with the letter and the keys: complete, once, on the timeline.
    const letter = await upload('settlement_letter', {
      filename: 'settlement.pdf',
      content: await letterPdf('Settlement figure £2,500'),
      contentType: 'application/pdf',
    });
    expect(letter.statusCode, letter.body).toBe(201);
    for (const kind of ['v5c', 'driving_licence', 'settlement_letter']) {
      const id = await documentIdOf(kind);
      const verified = await staff('POST', `/api/admin/valuations/${valuationId}/documents/${id}/verify`);
      expect(verified.statusCode, verified.body).toBe(200);
    }
    expect((await staffList()).completedAt).toBeNull(); // the keys are not counted yet
    const keys = await t!.app.inject({
      method: 'PUT',
      url: '/api/your-valuation/documents/keys',
      payload: { count: 2 },
      headers: seller(),
    });
    expect(keys.statusCode, keys.body).toBe(200);
    const done = await staffList();
    expect(done.completedAt).not.toBeNull();
    expect(done.editable).toBe(false);
    expect(done.items[0]!.document).toMatchObject({ status: 'verified', reviewedBy: expect.any(String) });

    const events = await db()
      .select({ type: valuationEvents.type, data: valuationEvents.data })
      .from(valuationEvents)
      .where(eq(valuationEvents.valuationId, valuationId))
      .orderBy(asc(valuationEvents.id));
    const types = events.map((event) => event.type);
    expect(types.filter((type) => type === 'documents_complete')).toHaveLength(1);
    expect(types.at(-1)).toBe('documents_complete');
    expect(types.filter((type) => type === 'document_uploaded')).toHaveLength(4);
    expect(events.find((event) => event.type === 'document_rejected')?.data).toMatchObject({ reason });

    // Complete: nothing can be replaced and the keys stand.
    const late = await upload('v5c', {
      filename: 'v5c.pdf',
      content: await letterPdf('V5C'),
      contentType: 'application/pdf',
    });
    expect(late.statusCode).toBe(409);
    const moreKeys = await t!.app.inject({
      method: 'PUT',
      url: '/api/your-valuation/documents/keys',
      payload: { count: 3 },
      headers: seller(),
    });
    expect(moreKeys.statusCode).toBe(409);
    expect(moreKeys.json()).toMatchObject({ message: m.keysLocked });
    // Staff were told of each file to check.
    expect(await mailsTo('staff@example.com', 'seller-activity')).toHaveLength(4);
    // The whole journey, with a dozen uploads and e-mails: 15 s on a quiet machine, past 30 s in CI.
  }, 90_000);

  it('serves each file only to its seller and to staff, never cached; a PDF as a download', async () => {
    await setup();
    await staff('POST', `/api/admin/valuations/${valuationId}/documents/request`);
    const sent = await upload('v5c', {
      filename: 'v5c.pdf',
      content: await letterPdf('V5C'),
      contentType: 'application/pdf',
    });
    const id = sent.json<SellerDocuments>().items[0]!.document!.id;
    const own = `/api/your-valuation/documents/${id}/file`;

    const preview = await sellerGet(`${own}?size=preview`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    expect(preview.headers['cache-control']).toBe('no-store, private');
    const { width, height } = await sharp(preview.rawPayload).metadata();
    expect(Math.max(width!, height!)).toBe(1200);

    const file = await sellerGet(`${own}?size=file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('attachment; filename="v5c.pdf"');
    expect(file.headers['cache-control']).toBe('no-store, private');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // Anyone else: as if it did not exist.
    const anonymous = await t!.app.inject({ method: 'GET', url: `${own}?size=file` });
    expect(anonymous.statusCode).toBe(404);
    const other = await sellerGet(`${own}?size=file`, otherSecret);
    expect(other.statusCode).toBe(404);
    expect(other.rawPayload.includes('%PDF-')).toBe(false);
    const adminUrl = `/api/admin/valuations/${valuationId}/documents/${id}/file?size=file`;
    expect((await t!.app.inject({ method: 'GET', url: adminUrl })).statusCode).toBe(401);
    const forStaff = await staff('GET', adminUrl);
    expect(forStaff.statusCode).toBe(200);
    expect(forStaff.headers['cache-control']).toBe('no-store, private');
    expect(forStaff.rawPayload.equals(file.rawPayload)).toBe(true);
  });

  it('refuses what is not a document, more than one file, and a file past 10 MB, storing nothing', async () => {
    await setup();
    await staff('POST', `/api/admin/valuations/${valuationId}/documents/request`);
    const html = await upload('v5c', {
      filename: 'v5c.pdf',
      content: Buffer.from('<html>hi</html>'),
      contentType: 'application/pdf',
    });
    expect(html.statusCode).toBe(415);
    expect(html.json()).toMatchObject({ message: documentFileMessages.notAccepted });

    const pdf = await letterPdf('V5C');
    const two = multipart([
      { filename: 'a.pdf', content: pdf, contentType: 'application/pdf', field: 'file' },
      { filename: 'b.pdf', content: pdf, contentType: 'application/pdf', field: 'file' },
    ]);
    const both = await t!.app.inject({
      method: 'POST',
      url: '/api/your-valuation/documents/v5c',
      payload: two.payload,
      headers: { ...seller(), 'content-type': two.contentType },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ message: m.oneFile });

    const huge = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024 + 1 - pdf.length)]);
    const tooBig = await upload('v5c', { filename: 'big.pdf', content: huge, contentType: 'application/pdf' });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ message: documentFileMessages.tooLarge });

    const notNeeded = await upload('settlement_letter', {
      filename: 'x.pdf',
      content: pdf,
      contentType: 'application/pdf',
    });
    expect(notNeeded.statusCode).toBe(409); // no finance declared
    expect(await storedFiles()).toEqual([]);
    expect(
      (await sellerGet('/api/your-valuation/documents')).json<SellerDocuments>().items.every((i) => !i.document),
    ).toBe(true);
  });

  it('asks on its own once an offer is accepted, and closes with the request', async () => {
    await setup();
    const stage = async (status: 'offer_accepted' | 'lost') =>
      db()
        .update(carValuations)
        .set({
          status,
          lostReason: status === 'lost' ? 'declined' : null,
          closedAt: status === 'lost' ? clock() : null,
        })
        .where(eq(carValuations.id, valuationId));
    await stage('offer_accepted');
    const page = (await sellerGet('/api/your-valuation/documents')).json<SellerDocuments>();
    expect(page).toMatchObject({ asked: true, editable: true });
    expect((await staffList()).canRequest).toBe(false);
    await stage('lost');
    const closed = await upload('v5c', {
      filename: 'v5c.pdf',
      content: await letterPdf('V5C'),
      contentType: 'application/pdf',
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ message: m.closed });
    const request = await staff('POST', `/api/admin/valuations/${valuationId}/documents/request`);
    expect(request.statusCode).toBe(409);
  });
});
