import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { outboundMessages } from '~/server/db/schema';
import { messageMessages, type MessageDetail, type MessageListResponse } from '~/shared/messages';
import { RETENTION_DEFAULTS } from '~/shared/retention';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { cheapHasher, seedUser, signedInCookie, testClock } from '../../../../test/helpers/auth';
import { engineStoreCases, testStores, type TestStores } from '../../../../test/helpers/stores';
import { createRetention } from './retention-run';

/**
 * The Messages screen's API once retention has deleted a message's content: the row is still
 * listed, says when its content went, and its HTML, attachments and Retry answer plainly.
 */

const ORIGIN = 'http://localhost';
const PDF = Buffer.from('%PDF-1.4\n% a valuation report\n%%EOF\n');
const DAY_MS = 24 * 60 * 60 * 1000;

/** An e-mail as a feature queues one: subject, text, HTML and a PDF attachment. */
const reportEmail = {
  name: 'dealer-forward',
  email: () => ({
    subject: 'Valuation report',
    text: 'The report is attached.',
    html: '<p>The report is attached.</p>',
  }),
};

const stores = testStores();

describe.each(engineStoreCases())('Messages API after retention on %s, %s storage', (engine, kind) => {
  const hasher = cheapHasher();
  let t: TestApp | undefined;
  let store: TestStores | undefined;

  afterEach(async () => {
    await t?.close();
    await store?.cleanup();
    t = undefined;
    store = undefined;
  });

  it('shows the message without its content, refuses its HTML and attachments plainly, and will not retry it', async () => {
    const clock = testClock(new Date('2026-01-05T10:00:00.000Z'));
    store = await stores.create(kind);
    const { files } = store;
    // Held: no SMTP settings, so it is never sent and stays retryable until retention.
    t = await createTestApp(engine, { env: store.env, deps: { passwordHasher: hasher, clock, files } });
    const db = t.db.database.db;
    const admin = await seedUser(db, hasher);
    let cookie = await signedInCookie(t.app, admin);
    const get = (url: string) => t!.app.inject({ method: 'GET', url, headers: { cookie } });

    const held = await db.transaction((tx) =>
      t!.app.outbox.queueEmail(tx, {
        to: 'seller@example.com',
        template: reportEmail,
        data: {},
        attachments: [{ filename: 'report.pdf', contentType: 'application/pdf', content: PDF }],
      }),
    );
    const kept = await db.transaction((tx) =>
      t!.app.outbox.queueEmail(tx, { to: 'other@example.com', template: reportEmail, data: {} }),
    );
    const [stored] = await db
      .select({ attachments: outboundMessages.attachments })
      .from(outboundMessages)
      .where(eq(outboundMessages.id, held.id));
    const attachmentKey = stored!.attachments[0]!.storageKey;
    expect((await get(`/api/admin/messages/${held.id}/html`)).statusCode).toBe(200);
    expect((await get(`/api/admin/messages/${held.id}/attachments/0`)).statusCode).toBe(200);

    clock.advance((RETENTION_DEFAULTS.sentMessagesDays + 1) * DAY_MS);
    // The second one was queued later: still within its period.
    await db
      .update(outboundMessages)
      .set({ createdAt: new Date('2026-04-03T10:00:00.000Z') })
      .where(eq(outboundMessages.id, kept.id));
    const outcome = await createRetention({
      db,
      files,
      periods: RETENTION_DEFAULTS,
      clock,
      log: { info: () => {}, warn: () => {}, error: () => {} },
    }).runToday();
    expect(outcome).toMatchObject({ ran: true, deleted: { messageContents: 1, unsentMessages: 1 } });
    cookie = await signedInCookie(t.app, admin); // the first session ended long ago

    const list: MessageListResponse = (await get('/api/admin/messages')).json();
    const listed = list.items.find((item) => item.id === held.id);
    expect(listed).toMatchObject({
      subject: null,
      preview: '',
      status: 'failed',
      contentDeletedAt: clock().toISOString(),
    });
    expect(list.items.find((item) => item.id === kept.id)).toMatchObject({ contentDeletedAt: null });

    const detail: MessageDetail = (await get(`/api/admin/messages/${held.id}`)).json();
    expect(detail).toMatchObject({
      text: '',
      hasHtml: false,
      attachments: [],
      contentDeletedAt: clock().toISOString(),
    });
    expect(detail.lastError).toMatch(/^Never sent, and 90 days after it was queued its content was deleted/);

    for (const url of [`/api/admin/messages/${held.id}/html`, `/api/admin/messages/${held.id}/attachments/0`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ message: messageMessages.contentDeleted });
    }
    expect(await store.fileKeys(attachmentKey.split('/')[0]!)).not.toContain(attachmentKey);

    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/admin/messages/${held.id}/retry`,
      headers: { cookie, origin: ORIGIN },
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toMatchObject({ message: messageMessages.contentDeletedNotRetryable });
    expect((await get(`/api/admin/messages/${held.id}`)).json()).toMatchObject({ status: 'failed' });
  });
});
