import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { carValuations, outboundMessages, valuationEvents } from '~/server/db/schema';
import { createDiskFileStore, type FileStore } from '~/server/storage/file-store';
import type { ValuationDetail } from '~/shared/admin-valuation-detail';
import { dealerForwardMessages, type DealerForwardResponse } from '~/shared/dealer-forward';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { cheapHasher, seedUser, signedInCookie, testClock } from '../../../../test/helpers/auth';
import { testEngines } from '../../../../test/helpers/database';
import { validValuation } from '../../../../test/helpers/valuation';
import { dvlaAppEnv, startFakeDvla, type FakeDvla } from '../../../../test/fakes/dvla/fake-dvla';
import { dvsaAppEnv, startFakeDvsa, type FakeDvsa } from '../../../../test/fakes/dvsa/fake-dvsa';
import { processPhoto, storePhoto } from './photos';

/**
 * Forward to Dealer (issue 11): the PDF preview and the e-mail to a dealer with the report
 * attached, queued with its timeline event in one transaction; the seller's contact details only
 * when ticked (read from the PDF's own text); SPEC's messages for bad input with nothing written;
 * DVLA and DVSA through the local fakes, and a report that still goes when they are not there.
 */

const ORIGIN = 'http://localhost';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const NOW = new Date('2026-03-02T09:00:00Z');

/**
 * The text drawn in a PDF made by pdfkit: each stream inflated, then the strings of its TJ
 * operators (pdfkit writes WinAnsi hex strings, split where it kerns) joined line by line.
 */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  const body = pdf.toString('latin1');
  // pdfkit writes `stream\n<bytes>\nendstream`. No `\r?` before the closing `\n`: a deflated
  // stream may end in byte 0x0D, and taking it away made inflate fail (and a page's text vanish)
  // about once in 256 reports.
  for (const match of body.matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue; // images, and any stream that is not deflated text
    }
    for (const tj of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const pieces = [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((hex) =>
        Buffer.from(hex[1]!, 'hex').toString('latin1'),
      );
      lines.push(pieces.join(''));
    }
  }
  return lines.join('\n');
}

function expectPdf(pdf: Buffer) {
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);
  expect(pdf.toString('latin1')).toMatch(/\/Type \/Pages\s*\/Count \d+/);
  expect(pdf.byteLength).toBeGreaterThan(3_000);
}

let dvla: FakeDvla;
let dvsa: FakeDvsa;
beforeAll(async () => {
  [dvla, dvsa] = await Promise.all([startFakeDvla({ now: () => NOW }), startFakeDvsa({ now: () => NOW })]);
});
afterAll(() => Promise.all([dvla.close(), dvsa.close()]));

describe.each(testEngines)('forwarding a valuation to a dealer on %s', (engine) => {
  const hasher = cheapHasher();
  let t: TestApp | undefined;
  let cookie: string;
  let files: FileStore;
  let root: string;

  afterEach(async () => {
    await t?.close();
    t = undefined;
    await rm(root, { recursive: true, force: true });
  });

  async function setup(env: Record<string, string> = { ...dvlaAppEnv(dvla), ...dvsaAppEnv(dvsa) }) {
    root = await mkdtemp(path.join(os.tmpdir(), 'carbuy-dealer-'));
    files = createDiskFileStore(root);
    t = await createTestApp(engine, {
      env,
      deps: { passwordHasher: hasher, clock: testClock(NOW), files, vehicleData: { timeoutMs: 1500 } },
    });
    const admin = await seedUser(t.db.database.db, hasher, { username: 'dana' });
    cookie = await signedInCookie(t.app, admin);
    // AA19AAA is a test vehicle of the fake DVLA and DVSA, last tested at 48,210 miles.
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/valuations',
      payload: { ...validValuation(), registration: 'aa19 aaa', postcode: 'ln2 1px' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  }

  const db = () => t!.db.database.db;
  const send = (id: string, payload: Record<string, unknown>) =>
    t!.app.inject({
      method: 'POST',
      url: `/api/valuations/${id}/send-to-dealer`,
      headers: { cookie, origin: ORIGIN },
      payload,
    });
  const preview = (id: string, query = '') =>
    t!.app.inject({ method: 'GET', url: `/api/valuations/${id}/preview-pdf${query}`, headers: { cookie } });
  const forward = {
    dealerName: 'Lincs Motor Traders',
    dealerEmail: ' Buyer@LincsMotors.example ',
    message: 'Hi Sam,\n\nOne for you: clean Focus, collection in Louth.',
    senderName: 'CarBuy Direct Team',
  };
  const dealerMessages = (id: string) =>
    db()
      .select()
      .from(outboundMessages)
      .where(eq(outboundMessages.valuationId, id))
      .then((rows) => rows.filter((row) => row.templateName === 'dealer-forward'));

  it('queues the e-mail with the PDF report attached and writes the timeline, contact details withheld', async () => {
    const id = await setup();
    const response = await send(id, forward);
    expect(response.statusCode, response.body).toBe(202);
    const queued = response.json<DealerForwardResponse>();
    expect(queued).toEqual({ messageId: expect.any(String), status: 'held' });

    const [message, ...others] = await dealerMessages(id);
    expect(others).toEqual([]);
    expect(message).toMatchObject({
      id: queued.messageId,
      channel: 'email',
      recipient: 'buyer@lincsmotors.example',
    });
    expect(message!.textBody).toContain('One for you: clean Focus, collection in Louth.');
    expect(message!.textBody).toContain('CarBuy Direct Team at');
    expect(message!.textBody).toContain("The seller's contact details are not included");
    expect(message!.htmlBody).toContain('Hi Sam,');
    // The request's reference, the one staff search by, not a part of its id.
    const [row] = await db()
      .select({ reference: carValuations.reference })
      .from(carValuations)
      .where(eq(carValuations.id, id));
    const reference = row!.reference;
    // Fixed words and our reference: the car's name may be the seller's typing (issue 32).
    expect(message!.subject).toBe(`Vehicle report ${reference}`);
    expect(message!.textBody).toContain(`reference ${reference}.`);
    expect(message!.attachments).toEqual([
      {
        filename: 'vehicle-report-AA19AAA.pdf',
        contentType: 'application/pdf',
        storageKey: expect.any(String),
        size: expect.any(Number),
      },
    ]);
    const pdf = await files.read(message!.attachments[0]!.storageKey);
    expectPdf(pdf);
    const text = pdfText(pdf);
    expect(text).toContain('AA19 AAA');
    expect(text).toContain('Seller contact details withheld');
    expect(text).toContain(`Reference ${reference}`);
    expect(text).toContain('LN2 (postcode district)');
    for (const personal of ['Jo Seller', 'jo@example.com', '07911 123456', 'LN2 1PX', 'E-MAIL\n']) {
      expect(text, personal).not.toContain(personal);
    }
    // The live DVSA history was read: the seller's 45,000 miles are below the last MOT's 48,210.
    expect(text).toContain('is below the last MOT odometer reading (48,210 miles');
    expect(text).toMatch(/Page 1 of \d/);

    const detail = (
      await t!.app.inject({ method: 'GET', url: `/api/admin/valuations/${id}`, headers: { cookie } })
    ).json<ValuationDetail>();
    expect(detail.events.filter((e) => e.type === 'forwarded_to_dealer').map((e) => [e.actor, e.data])).toEqual([
      [
        'dana',
        {
          dealerName: 'Lincs Motor Traders',
          dealerEmail: 'buyer@lincsmotors.example',
          messageId: queued.messageId,
          includeContactDetails: false,
        },
      ],
    ]);
  });

  it('puts the seller’s name, e-mail, phone and postcode in the report only when ticked', async () => {
    const id = await setup();
    const response = await send(id, { ...forward, message: '', includeContactDetails: true });
    expect(response.statusCode, response.body).toBe(202);
    const [message] = await dealerMessages(id);
    const text = pdfText(await files.read(message!.attachments[0]!.storageKey));
    for (const personal of ['Jo Seller', 'jo@example.com', '07911 123456', 'LN2 1PX']) expect(text).toContain(personal);
    expect(text).not.toContain('withheld');
    expect(message!.textBody).toContain("The report includes the seller's contact details");
    const [event] = await db().select().from(valuationEvents).where(eq(valuationEvents.type, 'forwarded_to_dealer'));
    expect(event?.data).toMatchObject({ includeContactDetails: true });
  });

  it.each([
    [{ ...forward, dealerName: '' }, 'dealerName', dealerForwardMessages.missing],
    [{ ...forward, dealerName: '   ' }, 'dealerName', dealerForwardMessages.missing],
    [{ ...forward, dealerEmail: undefined }, 'dealerEmail', dealerForwardMessages.missing],
    [{ ...forward, dealerEmail: 'not-an-address' }, 'dealerEmail', dealerForwardMessages.invalidEmail],
    [{ ...forward, dealerEmail: 'a@b' }, 'dealerEmail', dealerForwardMessages.invalidEmail],
    [{ ...forward, senderName: '' }, 'senderName', dealerForwardMessages.missing],
    [{ ...forward, message: 'x'.repeat(2001) }, 'message', dealerForwardMessages.messageTooLong],
    [{ ...forward, dealerName: 'x'.repeat(101) }, 'dealerName', dealerForwardMessages.dealerNameTooLong],
  ])('refuses %j with SPEC’s message and writes nothing', async (payload, field, message) => {
    const id = await setup({});
    const response = await send(id, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ issues: expect.arrayContaining([{ path: field, message }]) });
    expect(await dealerMessages(id)).toEqual([]);
    expect(await db().select().from(valuationEvents).where(eq(valuationEvents.type, 'forwarded_to_dealer'))).toEqual(
      [],
    );
  });

  it('answers 404 "Valuation not found" for an unknown valuation, and forwards an archived one', async () => {
    const id = await setup({});
    const unknown = await send(UNKNOWN_ID, forward);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'Valuation not found' });
    expect((await preview(UNKNOWN_ID)).statusCode).toBe(404);
    expect(
      await db().select().from(outboundMessages).where(eq(outboundMessages.templateName, 'dealer-forward')),
    ).toEqual([]);
    // Archiving tidies the dashboard; it does not stop staff getting a trade price.
    await db().update(carValuations).set({ isArchived: true, archivedAt: NOW }).where(eq(carValuations.id, id));
    expect((await send(id, forward)).statusCode).toBe(202);
  });

  it('previews the PDF inline, never cached, with photos; says plainly when DVLA and DVSA are not configured', async () => {
    const id = await setup({});
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#2b4c7e' } })
      .jpeg()
      .toBuffer();
    const entries = [];
    for (let i = 0; i < 9; i++) entries.push(await storePhoto(files, await processPhoto(photo)));
    await db().update(carValuations).set({ photoPaths: entries }).where(eq(carValuations.id, id));

    const response = await preview(id, '?includeContactDetails=false');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('inline; filename="vehicle-report-AA19AAA.pdf"');
    expect(response.headers['cache-control']).toBe('no-store, private');
    const pdf = response.rawPayload;
    expectPdf(pdf);
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(8); // at most 8 photos
    const text = pdfText(pdf);
    expect(text).toContain('Photos (8)');
    expect(text).toContain('DVLA and DVSA look-ups are not configured on this system.');
    expect(text).toContain('Seller contact details withheld');
    // Made with the app's clock: the same valuation gives the same bytes.
    expect((await preview(id)).rawPayload.equals(pdf)).toBe(true);

    const withContact = pdfText((await preview(id, '?includeContactDetails=true')).rawPayload);
    expect(withContact).toContain('jo@example.com');
    expect((await preview(id, '?includeContactDetails=yes')).statusCode).toBe(400);
  });

  it('still makes the report when DVLA fails, saying so', async () => {
    const id = await setup({ ...dvlaAppEnv(dvla) });
    await db().update(carValuations).set({ registration: 'ER19ERR' }).where(eq(carValuations.id, id));
    const response = await preview(id);
    expect(response.statusCode).toBe(200);
    expect(pdfText(response.rawPayload)).toContain('The DVLA vehicle service had a problem; try again.');
  });
});
