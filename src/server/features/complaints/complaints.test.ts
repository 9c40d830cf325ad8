import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { dataProtectionComplaints, outboundMessages, type OutboundMessage } from '~/server/db/schema';
import {
  COMPLAINT_ACKNOWLEDGE_DAYS,
  COMPLAINT_DETAILS_MAX_LENGTH,
  complaintMessages as m,
  type AdminComplaint,
  type AdminComplaintList,
} from '~/shared/complaints';
import { phoneMessages } from '~/shared/phone';
import { kitMessages } from '~/shared/schema-kit';
import { idempotencyMessages } from '~/shared/valuation-fields';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { cheapHasher, hours, seedUser, signedInCookie, testClock } from '../../../../test/helpers/auth';
import { canaries, canaryPhoneE164 } from '../../../../test/helpers/canaries';
import { testEngines } from '../../../../test/helpers/database';
import { registerCanary } from '../../../../test/helpers/log-hygiene';
import { createComplaint } from './complaints-service';

/**
 * Data-protection complaints (issue 18; DPA 2018 s.164A) through the API: a complaint from the
 * contact page is stored open with a reference, and in the same transaction the sender's
 * acknowledgement (reference, the 30 days, the ICO, a copy of what they wrote) and each staff
 * address's alert are queued; bad input is refused with the shared messages and writes nothing;
 * the honeypot, the rate limit and Idempotency-Key behave as on the other public forms; staff
 * list and resolve complaints, and nobody else can.
 */

const ORIGIN = 'http://localhost';
const NOW = new Date('2026-07-01T09:00:00Z');
const STAFF = ['desk@carbuy.example', 'dpo@carbuy.example'];
const REFERENCE = /^DP-[2346789ABCDEFGHJKMNPQRTUVWXYZ]{6}$/;
const SENDER_NAME = 'Wilhelmina Canaryfield';
registerCanary('complaint sender name', SENDER_NAME);

const validComplaint = () => ({
  name: SENDER_NAME,
  email: canaries.email,
  phone: canaries.phone,
  details: 'You kept texting me about offers after I asked you to stop.\nPlease delete my number.',
});

describe.each(testEngines)('data-protection complaints API on %s', (engine) => {
  const hasher = cheapHasher();
  let t: TestApp | undefined;
  let cookie: string;
  let adminId: number;
  let adminName: string;

  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function setup(options: { limit?: number; staff?: string[] } = {}) {
    t = await createTestApp(engine, {
      env: { STAFF_NOTIFY_EMAIL: (options.staff ?? STAFF).join(',') },
      deps: {
        passwordHasher: hasher,
        clock: testClock(NOW),
        ...(options.limit ? { complaints: { submitLimit: { limit: options.limit, windowMs: hours(1) } } } : {}),
      },
    });
    const admin = await seedUser(db(), hasher);
    adminId = admin.id;
    adminName = admin.username;
    cookie = await signedInCookie(t.app, admin);
  }

  const db = () => t!.db.database.db;
  const submit = (body: unknown, options: { ip?: string; headers?: Record<string, string> } = {}) =>
    t!.app.inject({
      method: 'POST',
      url: '/api/complaints',
      payload: body as object,
      headers: { origin: ORIGIN, ...options.headers },
      remoteAddress: options.ip ?? '203.0.113.7',
    });
  const adminList = (query = '') =>
    t!.app.inject({ method: 'GET', url: `/api/admin/complaints${query}`, headers: { cookie } });
  const resolve = (id: string, body: unknown, headers: Record<string, string> = { cookie }) =>
    t!.app.inject({
      method: 'PATCH',
      url: `/api/admin/complaints/${id}/resolve`,
      headers: { origin: ORIGIN, ...headers },
      payload: body as object,
    });

  async function complaints() {
    return db().select().from(dataProtectionComplaints).orderBy(dataProtectionComplaints.createdAt);
  }
  async function messages(): Promise<OutboundMessage[]> {
    return db().select().from(outboundMessages).orderBy(outboundMessages.recipient);
  }
  async function rowCounts() {
    const [stored] = await db().select({ n: count() }).from(dataProtectionComplaints);
    const [queued] = await db().select({ n: count() }).from(outboundMessages);
    return { complaints: stored!.n, messages: queued!.n };
  }
  function expectRefused(response: LightMyRequestResponse, status: number, message: string) {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ message });
  }
  /** A stored complaint, as another process would write it. */
  let minute = 0;
  async function insert(overrides: Partial<typeof dataProtectionComplaints.$inferInsert> = {}) {
    minute += 1;
    const [row] = await db()
      .insert(dataProtectionComplaints)
      .values({
        reference: `DP-T${String(minute).padStart(5, '0')}`,
        name: 'Sam Sender',
        email: 'sam@example.com',
        details: 'Please tell me what you hold about me.',
        createdAt: new Date(Date.UTC(2026, 5, 1, 9, minute)),
        ...overrides,
      })
      .returning();
    return row!;
  }

  describe('POST /api/complaints', () => {
    it('stores the complaint open and queues the acknowledgement and one alert per staff address, together', async () => {
      await setup();
      const response = await submit({ ...validComplaint(), name: `  ${SENDER_NAME} ` });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.headers['cache-control']).toBe('no-store');
      const { reference } = response.json<{ reference: string }>();
      expect(reference).toMatch(REFERENCE);
      expect(Object.keys(response.json())).toEqual(['reference']);

      const [row, ...others] = await complaints();
      expect(others).toEqual([]);
      expect(row).toMatchObject({
        reference,
        name: SENDER_NAME,
        email: canaries.email.toLowerCase(),
        phone: canaries.phone,
        phoneE164: canaryPhoneE164,
        details: validComplaint().details,
        status: 'open',
        resolutionNote: null,
        resolvedAt: null,
        resolvedBy: null,
        createdAt: NOW,
      });

      const queued = await messages();
      expect(queued.map((message) => [message.templateName, message.recipient]).sort()).toEqual(
        [
          ['complaint-received', canaries.email.toLowerCase()],
          ['new-complaint', STAFF[0]],
          ['new-complaint', STAFF[1]],
        ].sort(),
      );
      for (const message of queued) {
        expect(message.complaintId).toBe(row!.id);
        expect(message.valuationId).toBeNull();
        expect(message.subject).toContain(reference);
        expect(message.textBody).toContain(reference);
        expect(message.htmlBody).toContain(reference);
      }

      const receipt = queued.find((message) => message.templateName === 'complaint-received')!;
      expect(receipt.subject).toBe(`We have your data protection complaint (reference ${reference})`);
      expect(receipt.textBody).toContain(`reply to you within ${COMPLAINT_ACKNOWLEDGE_DAYS} days`);
      // Thirty days after 1 July 2026.
      expect(receipt.textBody).toContain('by Friday 31 July 2026');
      expect(receipt.textBody).toContain("Information Commissioner's Office (ICO)");
      expect(receipt.textBody).toContain('https://ico.org.uk/make-a-complaint/');
      // A copy of what they wrote, line breaks and all.
      expect(receipt.textBody).toContain(`A copy of what you sent us:\n\nName: ${SENDER_NAME}`);
      expect(receipt.textBody).toContain(`Phone: ${canaries.phone}`);
      expect(receipt.textBody).toContain(validComplaint().details);
      expect(receipt.htmlBody).toContain(
        'You kept texting me about offers after I asked you to stop.<br />Please delete my number.',
      );
      // Transactional: nothing about valuations, offers or promotions.
      expect(receipt.textBody).not.toMatch(/valuation|voucher|launch offer|£/i);

      const alert = queued.find((message) => message.templateName === 'new-complaint')!;
      expect(alert.subject).toBe(`New data protection complaint: ${reference}`);
      expect(alert.textBody).toContain(`From: ${SENDER_NAME}`);
      expect(alert.textBody).toContain(`E-mail: ${canaries.email.toLowerCase()}`);
      expect(alert.textBody).toContain(`Phone: ${canaries.phone}`);
      expect(alert.textBody).toContain(`within ${COMPLAINT_ACKNOWLEDGE_DAYS} days: by Friday 31 July 2026`);
      expect(alert.textBody).toContain('http://localhost/admin/complaints');
      expect(alert.htmlBody).toContain('href="http://localhost/admin/complaints"');
      // What they wrote stays in the back office.
      expect(alert.textBody).not.toContain('Please delete my number');

      expect(t!.logs.text()).toContain('data-protection complaint stored');
    });

    it('takes the phone as optional, escapes what was typed in the e-mails, and alerts nobody without staff addresses', async () => {
      await setup({ staff: [] });
      const response = await submit({
        ...validComplaint(),
        phone: '   ',
        details: 'My name <b>Bob</b> & my details were shared.',
      });
      expect(response.statusCode, response.body).toBe(201);
      const [row] = await complaints();
      expect(row).toMatchObject({ phone: null, phoneE164: null });
      const queued = await messages();
      expect(queued.map((message) => message.templateName)).toEqual(['complaint-received']);
      expect(queued[0]!.textBody).not.toContain('Phone:');
      expect(queued[0]!.htmlBody).toContain('My name &lt;b&gt;Bob&lt;/b&gt; &amp; my details were shared.');
      expect(queued[0]!.htmlBody).not.toContain('<b>Bob</b>');
    });

    const longer = (n: number) => 'x'.repeat(n + 1);
    const invalid: [string, unknown, string][] = [
      ['name', undefined, m.nameRequired],
      ['name', '   ', m.nameRequired],
      ['name', longer(100), m.nameTooLong],
      ['name', 'Jo\u0007', kitMessages.unsafeCharacters],
      ['email', undefined, m.emailInvalid],
      ['email', '', m.emailInvalid],
      ['email', 'not-an-address', m.emailInvalid],
      ['phone', '0123', phoneMessages.invalid],
      ['phone', 7911123456, phoneMessages.invalid],
      ['phone', longer(30), phoneMessages.tooLong],
      ['details', undefined, m.detailsTooShort],
      ['details', '  too short  ', m.detailsTooShort],
      ['details', longer(COMPLAINT_DETAILS_MAX_LENGTH), m.detailsTooLong],
      ['details', 'A bell\u0007 rang in the middle of this', kitMessages.unsafeCharacters],
    ];
    it.each(invalid)('refuses %s = %j with the shared message and writes nothing', async (field, value, message) => {
      await setup();
      const response = await submit({ ...validComplaint(), [field]: value });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().issues).toContainEqual({ path: field, message });
      expect(await rowCounts()).toEqual({ complaints: 0, messages: 0 });
    });

    it('answers a filled honeypot as a success with a reference, and stores and sends nothing', async () => {
      await setup();
      const response = await submit({ ...validComplaint(), website: 'http://spam.example' });
      expect(response.statusCode).toBe(201);
      expect(response.json<{ reference: string }>().reference).toMatch(REFERENCE);
      expect(await rowCounts()).toEqual({ complaints: 0, messages: 0 });
      const logged = t!.logs.lines.map((line) => JSON.parse(line)).find((line) => /honeypot/.test(line.msg));
      expect(logged?.level).toBe(30);
      // An empty honeypot is a person.
      expect((await submit({ ...validComplaint(), website: '' })).statusCode).toBe(201);
      expect((await rowCounts()).complaints).toBe(1);
    });

    it('limits submissions per client address with 429, a clear message and Retry-After', async () => {
      await setup({ limit: 2 });
      expect((await submit(validComplaint())).statusCode).toBe(201);
      expect((await submit({ ...validComplaint(), details: 'short' })).statusCode).toBe(400); // bad ones count too
      const limited = await submit(validComplaint());
      expectRefused(limited, 429, m.rateLimited);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await submit(validComplaint(), { ip: '198.51.100.9' })).statusCode).toBe(201);
      expect((await rowCounts()).complaints).toBe(2);
    });

    it('stores one complaint for a retried Idempotency-Key and refuses the key with another complaint', async () => {
      await setup();
      const headers = { 'idempotency-key': 'complaint-attempt-0001' };
      const first = await submit(validComplaint(), { headers });
      expect(first.statusCode, first.body).toBe(201);
      const again = await submit(validComplaint(), { headers });
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(await rowCounts()).toEqual({ complaints: 1, messages: 3 });

      expectRefused(
        await submit({ ...validComplaint(), details: 'Something else entirely.' }, { headers }),
        422,
        m.keyReused,
      );
      expectRefused(
        await submit(validComplaint(), { headers: { 'idempotency-key': 'short' } }),
        400,
        idempotencyMessages.invalidKey,
      );
      expect(await rowCounts()).toEqual({ complaints: 1, messages: 3 });
    });

    it('draws another reference when the one drawn is taken', async () => {
      await setup();
      await insert({ reference: 'DP-AAAAAA' });
      const drawn = ['DP-AAAAAA', 'DP-AAAAAA', 'DP-BBBBBB'];
      const created = await db().transaction((tx) =>
        createComplaint(
          tx,
          { outbox: t!.app.outbox, staffNotifyEmails: [], clock: () => NOW, newReference: () => drawn.shift()! },
          { name: 'Jo', email: 'jo@example.com', phone: null, details: 'Twice in one week.' },
        ),
      );
      expect(created.reference).toBe('DP-BBBBBB');
      expect((await complaints()).map((row) => row.reference).sort()).toEqual(['DP-AAAAAA', 'DP-BBBBBB']);
      const [receipt] = await messages();
      expect(receipt).toMatchObject({ complaintId: created.id, recipient: 'jo@example.com' });
    });
  });

  describe("staff's list and resolution", () => {
    it('lists open, resolved or all complaints, newest first, paginated, with both counts', async () => {
      await setup();
      const older = await insert({ name: 'Older', phone: '01507 123456' });
      const resolved = await insert({
        name: 'Resolved',
        status: 'resolved',
        resolutionNote: 'Deleted their number and replied.',
        resolvedAt: NOW,
        resolvedBy: adminId,
      });
      const newer = await insert({ name: 'Newer' });

      const open = await adminList();
      expect(open.statusCode, open.body).toBe(200);
      expect(open.headers['cache-control']).toBe('no-store');
      const openBody = open.json<AdminComplaintList>();
      expect(openBody.items.map((item) => item.id)).toEqual([newer.id, older.id]);
      expect(openBody).toMatchObject({ page: 1, total: 2, pageCount: 1, counts: { open: 2, resolved: 1 } });
      expect(openBody.items[1]).toEqual({
        id: older.id,
        reference: older.reference,
        name: 'Older',
        email: 'sam@example.com',
        phone: '01507 123456',
        details: 'Please tell me what you hold about me.',
        status: 'open',
        receivedAt: older.createdAt.toISOString(),
        resolutionNote: null,
        resolvedAt: null,
        resolvedBy: null,
      });

      const done = (await adminList('?status=resolved')).json<AdminComplaintList>();
      expect(done.items).toEqual([
        expect.objectContaining({
          id: resolved.id,
          status: 'resolved',
          resolutionNote: 'Deleted their number and replied.',
          resolvedAt: NOW.toISOString(),
          resolvedBy: adminName,
        }),
      ]);

      const all = (await adminList('?status=all&pageSize=2&page=2')).json<AdminComplaintList>();
      expect(all.items.map((item) => item.id)).toEqual([older.id]);
      expect(all).toMatchObject({ page: 2, pageSize: 2, total: 3, pageCount: 2 });

      expectRefused(await adminList('?status=closed'), 400, m.statusInvalid);
    });

    it('resolves an open complaint with the note, who and when; a second time is refused with 409', async () => {
      await setup();
      const complaint = await insert();
      const response = await resolve(complaint.id, { resolutionNote: '  Sent them a copy of their data.  ' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<AdminComplaint>()).toMatchObject({
        id: complaint.id,
        status: 'resolved',
        resolutionNote: 'Sent them a copy of their data.',
        resolvedAt: NOW.toISOString(),
        resolvedBy: adminName,
      });
      const [row] = await db()
        .select()
        .from(dataProtectionComplaints)
        .where(eq(dataProtectionComplaints.id, complaint.id));
      expect(row).toMatchObject({ status: 'resolved', resolvedBy: adminId, resolvedAt: NOW, updatedAt: NOW });
      expect((await adminList()).json<AdminComplaintList>().counts).toEqual({ open: 0, resolved: 1 });

      expectRefused(await resolve(complaint.id, { resolutionNote: 'Again' }), 409, m.alreadyResolved);
      const [after] = await complaints();
      expect(after!.resolutionNote).toBe('Sent them a copy of their data.');
    });

    it.each([
      ['no note', {}],
      ['a blank note', { resolutionNote: '   ' }],
      ['a note too long', { resolutionNote: 'x'.repeat(2001) }],
    ])('refuses a resolution with %s (400) and changes nothing', async (_label, body) => {
      await setup();
      const complaint = await insert();
      const response = await resolve(complaint.id, body);
      expect(response.statusCode, response.body).toBe(400);
      const expected =
        'resolutionNote' in body && body.resolutionNote.length > 2000 ? m.resolutionTooLong : m.resolutionRequired;
      expect(response.json().issues).toContainEqual({ path: 'resolutionNote', message: expected });
      const [row] = await complaints();
      expect(row).toMatchObject({ status: 'open', resolutionNote: null, resolvedAt: null, resolvedBy: null });
    });

    it('answers 404 for an unknown complaint and 400 for an id that is not one', async () => {
      await setup();
      expectRefused(
        await resolve('8f14e45f-ceea-467f-a1b2-0c5f3d0d3b8e', { resolutionNote: 'Replied' }),
        404,
        m.notFound,
      );
      expectRefused(await resolve('42', { resolutionNote: 'Replied' }), 400, m.invalidId);
    });

    it('gives one success and one 409 when two admins resolve at once', async () => {
      await setup();
      const complaint = await insert();
      const answers = await Promise.all([
        resolve(complaint.id, { resolutionNote: 'First' }),
        resolve(complaint.id, { resolutionNote: 'Second' }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    });

    it('refuses anonymous callers (401) and staff who are not admins (403)', async () => {
      await setup();
      const complaint = await insert();
      const anonymousList = await t!.app.inject({ method: 'GET', url: '/api/admin/complaints?status=all' });
      expect(anonymousList.statusCode).toBe(401);
      expect(anonymousList.body).not.toContain('sam@example.com');
      expect((await resolve(complaint.id, { resolutionNote: 'Replied' }, {})).statusCode).toBe(401);

      const staff = await seedUser(db(), hasher, { isAdmin: false });
      const staffCookie = await signedInCookie(t!.app, staff);
      const forbiddenList = await t!.app.inject({
        method: 'GET',
        url: '/api/admin/complaints',
        headers: { cookie: staffCookie },
      });
      expect(forbiddenList.statusCode).toBe(403);
      expect(forbiddenList.body).not.toContain('sam@example.com');
      expect((await resolve(complaint.id, { resolutionNote: 'Replied' }, { cookie: staffCookie })).statusCode).toBe(
        403,
      );
      const [row] = await complaints();
      expect(row!.status).toBe('open');
    });
  });
});
