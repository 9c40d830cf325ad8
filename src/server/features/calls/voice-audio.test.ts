import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voiceAudio } from '~/server/db/schema';
import { VOICE_AUDIO_MAX_BYTES, voiceMessageMessages as vm } from '~/shared/voice-messages';
import { startFakeTwilio, type FakeTwilio } from '../../../../test/fakes/twilio/fake-twilio';
import { inboundCallParams, parseTwiml, signedRequest } from '../../../../test/fakes/twilio/voice-driver';
import { cheapHasher, seedUser, signedInCookie } from '../../../../test/helpers/auth';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { engineStoreCases, testStores, type TestStores } from '../../../../test/helpers/stores';
import { multipart } from '../../../../test/helpers/images';

const mp3 = fs.readFileSync(new URL('../../../../test/fixtures/audio/tone-440hz.mp3', import.meta.url));

/** A WAV of `seconds` of silence; `format` 1 is PCM (Twilio plays it), 2 is ADPCM (it does not). */
function wav(seconds = 0.5, format = 1): Buffer {
  const rate = 8000;
  const data = Buffer.alloc(Math.round(rate * seconds) * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(format, 20);
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

const stores = testStores();

describe.each(engineStoreCases())('voice messages (%s, %s storage)', (engine, kind) => {
  let t: TestApp;
  let store: TestStores;
  let fake: FakeTwilio;
  let cookie: string;
  const hasher = cheapHasher();

  beforeAll(async () => {
    fake = await startFakeTwilio();
    store = await stores.create(kind);
    t = await createTestApp(engine, {
      env: {
        ...store.env,
        TWILIO_ACCOUNT_SID: fake.accountSid,
        TWILIO_AUTH_TOKEN: fake.authToken,
        TWILIO_API_URL: fake.url,
        TWILIO_PHONE_NUMBER: '+441632960000',
        STAFF_PHONE_NUMBER: '+447700900001',
      },
      deps: { passwordHasher: hasher, uploads: store.uploads },
    });
    cookie = await signedInCookie(t.app, await seedUser(t.db.database.db, hasher, { isAdmin: true }));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    await store?.cleanup();
  });

  const upload = (type: string, content: Buffer, filename = 'message.mp3', contentType = 'audio/mpeg') => {
    const body = multipart([{ field: 'audio', filename, contentType, content }], { type });
    return t.app.inject({
      method: 'POST',
      url: '/api/audio/upload',
      headers: { cookie, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  const files = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/audio/files', headers: { cookie } })).json();
  const stored = () => t.db.database.db.select().from(voiceAudio);
  const ringIn = async () => {
    const callSid = fake.addInboundCall({ from: '+447911123456' });
    const response = await t.app.inject(
      signedRequest(
        'http://localhost/api/twilio/call-webhook',
        inboundCallParams({ callSid, accountSid: fake.accountSid, from: '+447911123456', to: '+441632960000' }),
        { authToken: fake.authToken },
      ),
    );
    return parseTwiml(response.body);
  };

  it('uses the defaults until a recording is uploaded, then plays the recording to callers', async () => {
    expect(await files()).toEqual({ welcome: null, voicemail: null, hold: null });
    expect((await ringIn())[0]!.name).toBe('Say');

    const response = await upload('welcome', mp3);
    expect(response.statusCode).toBe(201);
    const { url } = response.json();
    expect(url).toMatch(/^\/uploads\/voice\/[0-9a-f]{32}\.mp3$/);
    expect((await files()).welcome).toBe(url);

    // Public, because Twilio fetches it; the bytes as uploaded, as MP3.
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('audio/mpeg');
    expect(served.rawPayload.equals(mp3)).toBe(true);

    const twiml = await ringIn();
    expect(twiml[0]).toMatchObject({ name: 'Play', text: `http://localhost${url}` });
  });

  it('takes a PCM WAV for the hold music, and a new upload replaces the old file', async () => {
    const first = (await upload('hold', wav(), 'hold.wav', 'audio/wav')).json();
    expect(first.url).toMatch(/\.wav$/);
    const second = await upload('hold', wav(1), 'hold-2.wav', 'audio/wav');
    expect(second.statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: first.url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second.json().url })).statusCode).toBe(200);
    expect((await stored()).filter((row) => row.type === 'hold')).toHaveLength(1);
  });

  it('refuses what is not playable audio, whatever its name or type says, and keeps nothing', async () => {
    const before = await stored();
    const html = await upload('voicemail', Buffer.from('<html><script>alert(1)</script></html>'), 'evil.mp3');
    const adpcm = await upload('voicemail', wav(0.5, 2), 'adpcm.wav', 'audio/wav');
    const png = await upload('voicemail', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 'x.mp3');
    for (const response of [html, adpcm, png]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(vm.notAudio);
    }

    const tooBig = await upload('voicemail', Buffer.concat([mp3, Buffer.alloc(VOICE_AUDIO_MAX_BYTES)]));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(vm.tooLargeDetail);

    const unknownType = await upload('music', mp3);
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().message).toBe(vm.unknownType);

    expect(await stored()).toEqual(before);
    expect((await files()).voicemail).toBeNull();
  });

  it('reverts to the default when the recording is removed', async () => {
    const { url } = (await upload('voicemail', mp3)).json();
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/audio/voicemail', headers: { cookie } });
    expect(removed.statusCode).toBe(200);
    expect((await files()).voicemail).toBeNull();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const again = await t.app.inject({ method: 'DELETE', url: '/api/audio/voicemail', headers: { cookie } });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(vm.nothingToRemove);
  });
});
