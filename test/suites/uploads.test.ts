import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  carValuations,
  priceRevisionPhotos,
  purchasedVehicles,
  valuationDocuments,
  valuationOffers,
  voiceAudio,
} from '~/server/db/schema';
import { REVISION_PHOTO_MAX_BYTES, revisionMessages as rm } from '~/shared/price-revisions';
import { PUBLIC_UPLOAD_NAME } from '~/server/storage/public-uploads';
import {
  PURCHASED_VEHICLE_PHOTO_MAX_BYTES,
  PURCHASED_VEHICLE_PHOTOS_MAX,
  purchasedVehiclePhotoMessages as pm,
} from '~/shared/purchased-vehicles';
import {
  VALUATION_PHOTO_MAX_BYTES,
  VALUATION_PHOTOS_MAX,
  valuationPhotoMessages as m,
} from '~/shared/valuation-photos';
import { VOICE_AUDIO_MAX_BYTES, voiceMessageMessages as vm } from '~/shared/voice-messages';
import { photoShotMessages } from '~/shared/photo-shots';
import { documentMessages } from '~/shared/document-checklist';
import { DOCUMENT_MAX_BYTES, documentFileMessages as dm } from '~/shared/document-files';
import { createTestApp, type TestApp } from '../helpers/app';
import { cheapHasher, seedUser, signedInCookie, testClock } from '../helpers/auth';
import { count, suiteFigures } from '../helpers/figures';
import { multipart, smallJpeg, type Upload } from '../helpers/images';
import { storeKinds, testStores, type StoreKind, type TestStores } from '../helpers/stores';
import type { TestEngine } from '../helpers/database';
import { offerConditions, validValuation } from '../helpers/valuation';
import {
  exiftoolRead,
  exiftoolReadBytes,
  gpsPhotos,
  type GpsPhoto,
  gpsTags,
  HTML_PAYLOAD,
  id3Tag,
  id3ThenHtml,
  jpegWithHtmlComment,
  jpegZipPolyglot,
  metadataTags,
  mp3WithHtml,
  mpegHeaderThenHtml,
  mutants,
  noisyJpeg,
  noisyPng,
  paddedTo,
  PAYLOAD_MARKER,
  pixelFloodPng,
  pngWithHtmlText,
  rawMultipart,
  riffChunk,
  SVG_PAYLOAD,
  traversalNames,
  wav,
} from './hostile-files';
import { hostilePdfCatalogue } from './hostile-pdfs';

/**
 * Issue 17, Uploads: every upload endpoint (sellers' valuation photos, after submit and from their
 * own page; staff's purchased-vehicle form and photos; voice messages' audio) gets the whole
 * catalogue of hostile files, and each is either refused (4xx with the endpoint's own message,
 * nothing written, no row changed) or cleaned (stored re-encoded under a name the server made, not
 * the bytes sent, no hidden payload, no GPS).
 *
 * "Stored as sent" means the server kept the hostile part as the client sent it: for hostile
 * content, a stored file byte-identical to the upload or holding its hidden payload; for a hostile
 * name, a stored name built from it. Recordings are kept as uploaded by design (phones play them),
 * so for audio only the hostile part (an appended page, a hidden chunk, the name) must go.
 *
 * Every file the app writes lands in a fresh store of its own (a folder, or a prefix in an S3
 * bucket: the same checks hold for both); after each upload every area's listing is compared with
 * before, and at the end the places a climbing name would reach are checked.
 */

const ORIGIN = 'http://localhost';
/** Each endpoint's catalogue is many uploads in a row; the whole suite's time is reported as its figure. */
const SLOW = { timeout: 240_000 };
const NOW = new Date('2026-11-24T10:00:00Z');
const mp3 = fs.readFileSync(new URL('../fixtures/audio/tone-440hz.mp3', import.meta.url));

/** Why an endpoint refuses: each kind maps to the messages the endpoint may answer with. */
type RefusalKind = 'tooLarge' | 'tooMany' | 'parts' | 'notAccepted' | 'unreadable' | 'pixels' | 'pdf';
type Body = { payload: Buffer; contentType: string };

type Endpoint = {
  name: string;
  kind: 'image' | 'audio' | 'document';
  field: string;
  maxBytes: number;
  maxFiles: number;
  /** The text fields a valid request carries (the vehicle's details, the message type). */
  fields: Record<string, string>;
  /** Where its files go, relative to the suite's folder, and the shape of their names. */
  folder: string;
  storedName: RegExp;
  /** `pdf`: the refusals of a PDF's content (damaged, protected, active content, pages); documents only. */
  refusals: Record<RefusalKind, string[]>;
  /** Readies a fresh target (a valuation, a vehicle) and returns the sender for it. */
  prepare(): Promise<(body: Body) => Promise<LightMyRequestResponse>>;
  /** The rows the endpoint changes, as one comparable string. */
  rows(): Promise<string>;
};

type Outcome = 'refused' | 'cleaned' | 'either';

type HostileCase = {
  label: string;
  body: (endpoint: Endpoint) => Body;
  /** The uploaded bytes (of the hostile file) to compare stored files with. */
  sent?: Buffer;
  outcome: Outcome;
  refusal?: RefusalKind[];
  /** What makes it hostile: its content (default) or only its name. */
  hostile?: 'content' | 'name';
  gps?: boolean;
  /** A control case: a good file at the edge, counted as neither hostile nor GPS. */
  control?: boolean;
};

const withFields = (endpoint: Endpoint, uploads: Upload[]) =>
  multipart(
    uploads.map((u) => ({ field: endpoint.field, ...u })),
    endpoint.fields,
  );

const oneFile = (filename: string, content: Buffer, contentType?: string): HostileCase['body'] => {
  return (endpoint) => withFields(endpoint, [{ filename, content, ...(contentType ? { contentType } : {}) }]);
};

/**
 * Every area the app stores files in: private files (`files/<area>/`) and public uploads
 * (`uploads/<area>/`). The upload endpoints write to five of them; the others are watched too, so a
 * file written to the wrong area is seen.
 */
const FILE_AREAS = ['valuation-photos', 'valuation-documents', 'revision-photos', 'outbox'];
const UPLOAD_AREAS = ['purchased-vehicles', 'voice'];

/** Every file under `root`, by relative path, with what changes when it is written (folder store only). */
function snapshot(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const stat = fs.statSync(full);
        files.set(path.relative(root, full), `${stat.size}:${stat.mtimeMs}:${stat.ino}`);
      }
    }
  };
  walk(root);
  return files;
}

const stores = testStores();

/**
 * PGlite only: what happens to a file does not depend on the database engine, and the catalogue is
 * a few hundred uploads, too many to run once per engine within the suite's time. It does depend on
 * the store, so it runs with the folder and with S3 (issue 38: the same file tests on both).
 */
const cases: [TestEngine, StoreKind][] = storeKinds.map((kind) => ['pglite', kind]);

describe.each(cases)('uploads: hostile files on every upload endpoint (%s, %s store)', (engine, kind) => {
  let figures: ReturnType<typeof suiteFigures>;
  const tally = { hostile: 0, storedAsSent: 0, gps: 0, gpsKept: 0 };
  let t: TestApp;
  let s: TestStores;
  /** The suite's own folder: DATA_DIR's parent, which nothing may be written to. */
  let parent: string;
  let cookie: string;
  let endpoints: Endpoint[];
  let cwdBefore: string[];

  beforeAll(async () => {
    figures = suiteFigures('Uploads');
    parent = fs.mkdtempSync(path.join(os.tmpdir(), 'carbuy-hostile-uploads-'));
    cwdBefore = fs.readdirSync(process.cwd()).sort();
    s = await stores.create(kind);
    const hasher = cheapHasher();
    t = await createTestApp(engine, {
      // The suite's own synchronous checks (hashing, exiftool) stall the event loop, which the
      // overload guard would answer with 503: it is not what this suite tests.
      env: { DATA_DIR: path.join(parent, 'data'), OVERLOAD_EVENT_LOOP_DELAY_MS: '0', ...s.env },
      deps: {
        passwordHasher: hasher,
        clock: testClock(NOW),
        files: s.files,
        uploads: s.uploads,
        valuations: {
          submitLimit: { limit: 10_000, windowMs: 60_000 },
          photoCallsLimit: { limit: 10_000, windowMs: 60_000 },
        },
        documents: { callsLimit: { limit: 10_000, windowMs: 60_000 } },
        purchasedVehicles: { visibleMaxAgeMs: 0 },
      },
    });
    cookie = await signedInCookie(t.app, await seedUser(t.db.database.db, hasher, { isAdmin: true }));
    endpoints = [
      valuationPhotos(),
      sellerPagePhotos(),
      vehicleForm(),
      vehiclePhotos(),
      voiceAudioUpload(),
      guidedShot(),
      sellerDocument(),
      revisionPhoto(),
    ];
  });

  afterAll(async () => {
    figures.report(
      `${count(tally.hostile)} hostile files, ${tally.storedAsSent} stored as sent; ${count(tally.gps)} with GPS, ${tally.gpsKept} kept`,
      `${engine}, ${kind} store`,
    );
    await t?.close();
    await s?.cleanup();
    if (parent) fs.rmSync(parent, { recursive: true, force: true });
  });

  const db = () => t.db.database.db;

  /** Every stored file, as `files/<key>` or `uploads/<area>/<name>`: what the store holds, listed by it. */
  async function storedFiles(): Promise<Set<string>> {
    const keys = await Promise.all(FILE_AREAS.map((area) => s.fileKeys(area)));
    const names = await Promise.all(
      UPLOAD_AREAS.map(async (area) => (await s.uploadNames(area)).map((n) => `${area}/${n}`)),
    );
    return new Set([...keys.flat().map((key) => `files/${key}`), ...names.flat().map((name) => `uploads/${name}`)]);
  }

  /** A stored file's bytes, from the store itself (not through the app's routes). */
  async function storedBytes(file: string): Promise<Buffer> {
    const [top, area = '', name = ''] = file.split('/');
    if (top === 'files') return s.files.read(`${area}/${name}`);
    const { served } = s.uploads;
    if ('folder' in served) return fs.promises.readFile(path.join(served.folder, area, name));
    const found = await served.fetch(area, name, { body: true });
    if (!found?.body) throw new Error(`${file} is listed but cannot be fetched`);
    return buffer(found.body);
  }

  /** The folder store's own folder (undefined for S3), for the checks only a folder can have. */
  const storeFolder = () => ('folder' in s.uploads.served ? path.dirname(s.uploads.served.folder) : undefined);

  const admin = () => ({ cookie, origin: ORIGIN });
  const inject = (url: string, body: Body, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...headers, 'content-type': body.contentType },
    });

  function valuationPhotos(): Endpoint {
    return sellerPhotos('valuation photos', (id, uploadToken, body) =>
      inject(`/api/valuations/${id}/photos`, body, { authorization: `Bearer ${uploadToken}` }),
    );
  }

  /** The same photos from the seller's own page (issue 34), opened by the cookie, not a token. */
  function sellerPagePhotos(): Endpoint {
    return sellerPhotos("seller's page photos", (_id, secret, body) =>
      inject('/api/your-valuation/photos', body, { cookie: `seller=${secret}`, origin: ORIGIN }),
    );
  }

  /** One photo for a guided shot (issue 35): the same upload with a `shot` field before its one file. */
  function guidedShot(): Endpoint {
    const endpoint = sellerPagePhotos();
    return {
      ...endpoint,
      name: 'guided shot photo',
      fields: { shot: 'boot' },
      maxFiles: 1,
      refusals: {
        ...endpoint.refusals,
        tooMany: [photoShotMessages.oneFilePerShot],
        parts: [m.tooMany, m.onlyPhotos, photoShotMessages.oneFilePerShot],
      },
    };
  }

  /**
   * A seller's document from their page (issue 35): one PDF, JPEG or PNG of at most 10 MB, a PDF
   * rebuilt page by page, an image re-encoded, each with a JPEG preview; staff ask for it first.
   */
  function sellerDocument(): Endpoint {
    let current = '';
    return {
      name: 'seller document',
      kind: 'document',
      field: 'file',
      maxBytes: DOCUMENT_MAX_BYTES,
      maxFiles: 1,
      fields: {},
      folder: 'files/valuation-documents',
      storedName: /^[0-9a-f]{32}\.(pdf|jpg)$/,
      refusals: {
        tooLarge: [dm.tooLarge],
        tooMany: [documentMessages.oneFile],
        parts: [documentMessages.oneFile, documentMessages.noFile],
        notAccepted: [dm.notAccepted, dm.empty],
        unreadable: [dm.unreadable, dm.damaged],
        pixels: [dm.tooManyPixels],
        pdf: [dm.damaged, dm.encrypted, dm.activeContent, dm.tooManyPages],
      },
      async prepare() {
        const response = await t.app.inject({ method: 'POST', url: '/api/valuations', payload: validValuation() });
        expect(response.statusCode, response.body).toBe(201);
        const { id, uploadToken } = response.json<{ id: string; uploadToken: string }>();
        current = id;
        const asked = await t.app.inject({
          method: 'POST',
          url: `/api/admin/valuations/${id}/documents/request`,
          headers: admin(),
        });
        expect(asked.statusCode, asked.body).toBe(200);
        return (body) =>
          inject('/api/your-valuation/documents/v5c', body, { cookie: `seller=${uploadToken}`, origin: ORIGIN });
      },
      async rows() {
        const rows = await db().select().from(valuationDocuments).where(eq(valuationDocuments.valuationId, current));
        return JSON.stringify(rows);
      },
    };
  }

  /**
   * Staff's photo of a difference found at inspection (issue 37): one image, re-encoded without
   * metadata into the private store, on a request whose seller accepted an offer.
   */
  function revisionPhoto(): Endpoint {
    let current = '';
    return {
      name: 'price revision photo',
      kind: 'image',
      field: 'photo',
      maxBytes: REVISION_PHOTO_MAX_BYTES,
      maxFiles: 1,
      fields: {},
      folder: 'files/revision-photos',
      storedName: /^[0-9a-f]{32}\.jpg$/,
      refusals: {
        tooLarge: [rm.photoTooLarge],
        tooMany: [rm.onePhoto],
        parts: [rm.onePhoto, rm.photoRequired],
        notAccepted: [m.notAnImage, rm.photoEmpty],
        unreadable: [m.unreadable],
        pixels: [m.tooManyPixels],
        pdf: [],
      },
      async prepare() {
        const response = await t.app.inject({ method: 'POST', url: '/api/valuations', payload: validValuation() });
        expect(response.statusCode, response.body).toBe(201);
        const { id } = response.json<{ id: string }>();
        current = id;
        await db()
          .insert(valuationOffers)
          .values({
            valuationId: id,
            amountPence: 900_000,
            sendMethod: 'email',
            validUntil: new Date(NOW.getTime() + 7 * 86_400_000),
            conditions: offerConditions('no'),
            status: 'accepted',
            closedAt: NOW,
          });
        await db().update(carValuations).set({ status: 'offer_accepted' }).where(eq(carValuations.id, id));
        return (body) => inject(`/api/admin/valuations/${id}/revision-photos`, body, admin());
      },
      async rows() {
        const rows = await db()
          .select({ id: priceRevisionPhotos.id, fileKey: priceRevisionPhotos.fileKey })
          .from(priceRevisionPhotos)
          .where(eq(priceRevisionPhotos.valuationId, current));
        return JSON.stringify(rows);
      },
    };
  }

  function sellerPhotos(
    name: string,
    send: (id: string, secret: string, body: Body) => Promise<LightMyRequestResponse>,
  ): Endpoint {
    let current = '';
    return {
      name,
      kind: 'image',
      field: 'photos',
      maxBytes: VALUATION_PHOTO_MAX_BYTES,
      maxFiles: VALUATION_PHOTOS_MAX,
      fields: {},
      folder: 'files/valuation-photos',
      storedName: /^[0-9a-f]{32}\.jpg$/,
      refusals: {
        tooLarge: [m.tooLarge],
        tooMany: [m.tooMany],
        parts: [m.tooMany, m.onlyPhotos],
        notAccepted: [m.notAnImage],
        unreadable: [m.unreadable],
        pixels: [m.tooManyPixels],
        pdf: [],
      },
      async prepare() {
        const response = await t.app.inject({ method: 'POST', url: '/api/valuations', payload: validValuation() });
        expect(response.statusCode, response.body).toBe(201);
        const { id, uploadToken } = response.json<{ id: string; uploadToken: string }>();
        current = id;
        return (body) => send(id, uploadToken, body);
      },
      async rows() {
        const rows = await db()
          .select({ photoPaths: carValuations.photoPaths })
          .from(carValuations)
          .where(eq(carValuations.id, current));
        return JSON.stringify(rows);
      },
    };
  }

  const vehicleDetails = {
    make: 'Ford',
    model: 'Focus',
    year: '2019',
    registration: 'ab12 cde',
    fuelType: 'Petrol',
    engineSize: '1.0L',
    color: 'Blue',
    mileage: '45000',
    purchasePrice: '4250.5',
    location: 'Grimsby',
    description: 'One owner.',
    purchaseDate: '2026-11-20',
  };
  const vehicleRefusals = {
    tooLarge: [pm.tooLarge],
    tooMany: [pm.tooMany],
    parts: ['This form has too many fields.', 'Unexpected form field: f0'],
    notAccepted: [pm.notAnImage],
    unreadable: [pm.unreadable],
    pixels: [pm.tooManyPixels],
    pdf: [],
  };
  const vehicleRows = async () =>
    JSON.stringify(
      await db()
        .select({ id: purchasedVehicles.id, photoPaths: purchasedVehicles.photoPaths })
        .from(purchasedVehicles)
        .orderBy(purchasedVehicles.id),
    );

  function vehicleForm(): Endpoint {
    return {
      name: 'purchased-vehicle form',
      kind: 'image',
      field: 'photos',
      maxBytes: PURCHASED_VEHICLE_PHOTO_MAX_BYTES,
      maxFiles: PURCHASED_VEHICLE_PHOTOS_MAX,
      fields: vehicleDetails,
      folder: 'uploads/purchased-vehicles',
      storedName: PUBLIC_UPLOAD_NAME,
      refusals: vehicleRefusals,
      async prepare() {
        return (body) => inject('/api/admin/purchased-vehicles', body, admin());
      },
      rows: vehicleRows,
    };
  }

  function vehiclePhotos(): Endpoint {
    return {
      name: 'purchased-vehicle photos',
      kind: 'image',
      field: 'photos',
      maxBytes: PURCHASED_VEHICLE_PHOTO_MAX_BYTES,
      maxFiles: PURCHASED_VEHICLE_PHOTOS_MAX,
      fields: {},
      folder: 'uploads/purchased-vehicles',
      storedName: PUBLIC_UPLOAD_NAME,
      refusals: vehicleRefusals,
      async prepare() {
        const created = await inject('/api/admin/purchased-vehicles', multipart([], vehicleDetails), admin());
        expect(created.statusCode, created.body).toBe(201);
        const { id } = created.json<{ id: number }>();
        return (body) => inject(`/api/admin/purchased-vehicles/${id}/photos`, body, admin());
      },
      rows: vehicleRows,
    };
  }

  function voiceAudioUpload(): Endpoint {
    const onlyOne = 'Send one audio file and its message type only.';
    return {
      name: 'voice audio',
      kind: 'audio',
      field: 'audio',
      maxBytes: VOICE_AUDIO_MAX_BYTES,
      maxFiles: 1,
      fields: { type: 'welcome' },
      folder: 'uploads/voice',
      storedName: PUBLIC_UPLOAD_NAME,
      refusals: {
        tooLarge: [vm.tooLargeDetail],
        tooMany: [onlyOne],
        parts: [onlyOne, 'This form has no field "f0".'],
        notAccepted: [vm.notAudio],
        unreadable: [vm.notAudio],
        pixels: [],
        pdf: [],
      },
      async prepare() {
        return (body) => inject('/api/audio/upload', body, admin());
      },
      rows: async () => JSON.stringify(await db().select().from(voiceAudio)),
    };
  }

  /** Sends one hostile case to one endpoint and checks it was refused or cleaned; updates the tally. */
  async function attempt(endpoint: Endpoint, hostile: HostileCase) {
    const label = `${endpoint.name}: ${hostile.label}`;
    const send = await endpoint.prepare();
    const body = hostile.body(endpoint);
    const filesBefore = await storedFiles();
    const rowsBefore = await endpoint.rows();
    const response = await send(body);
    const added = [...(await storedFiles())].filter((file) => !filesBefore.has(file));
    if (!hostile.control) tally.hostile += 1;
    if (hostile.gps) tally.gps += 1;

    expect(response.statusCode, `${label}: ${response.body}`).toBeLessThan(500);
    const refused = response.statusCode >= 400;
    if (refused) {
      expect(hostile.outcome, `${label} was refused: ${response.body}`).not.toBe('cleaned');
      const allowed = (hostile.refusal ?? []).flatMap((kind) => endpoint.refusals[kind]);
      expect(allowed, `${label}: ${response.body}`).toContain(response.json<{ message: string }>().message);
      expect(added, `${label}: files written for a refused upload`).toEqual([]);
      expect(await endpoint.rows(), `${label}: rows changed by a refused upload`).toBe(rowsBefore);
      return;
    }
    expect(hostile.outcome, `${label} was stored: ${response.body}`).not.toBe('refused');
    expect(response.statusCode, label).toBe(201);
    expect(response.body, label).not.toContain(PAYLOAD_MARKER);
    expect(added.length, `${label}: nothing stored`).toBeGreaterThan(0);
    const asSent = await checkStored(endpoint, hostile, added, label);
    if (!hostile.control && asSent) tally.storedAsSent += 1;
    if (hostile.gps && asSent) tally.gpsKept += 1;
    expect(asSent, `${label}: stored as sent`).toBe(false);
  }

  /**
   * The stored files of an accepted upload: in the endpoint's folder under a name the server made,
   * decodable, without the hidden payload, and (hostile content) not the bytes sent. Images must
   * carry no GPS and no metadata at all. Returns true when anything was kept as sent.
   */
  async function checkStored(endpoint: Endpoint, hostile: HostileCase, added: string[], label: string) {
    let asSent = false;
    const images: { file: string; bytes: Buffer }[] = [];
    for (const file of added) {
      expect(path.dirname(file), `${label}: ${file}`).toBe(endpoint.folder);
      if (!endpoint.storedName.test(path.basename(file))) asSent = true;
      const bytes = await storedBytes(file);
      if (file.endsWith('.jpg')) images.push({ file, bytes });
      if (bytes.includes(PAYLOAD_MARKER) || bytes.includes(HTML_PAYLOAD.subarray(0, 20))) asSent = true;
      if (hostile.sent && hostile.hostile !== 'name' && !hostile.control && bytes.equals(hostile.sent)) asSent = true;
      if (file.startsWith('uploads/')) await expectServedAsMedia(file, bytes, label);
      if (endpoint.kind === 'document' && file.endsWith('.pdf')) {
        // Rebuilt by us: a PDF from its first byte, and nothing that runs.
        expect(bytes.subarray(0, 5).toString('latin1'), `${label}: ${file}`).toBe('%PDF-');
        if (/\/(JavaScript|JS|Launch|EmbeddedFile|OpenAction|AA)\b/.test(bytes.toString('latin1'))) asSent = true;
      }
      if (endpoint.kind === 'image' || (endpoint.kind === 'document' && file.endsWith('.jpg'))) {
        const meta = await sharp(bytes).metadata();
        expect(['jpeg', 'webp'], `${label}: ${file}`).toContain(meta.format);
        expect(meta.exif, `${label}: ${file} keeps EXIF`).toBeUndefined();
        expect(meta.xmp, `${label}: ${file} keeps XMP`).toBeUndefined();
        expect(bytes.length, `${label}: ${file} has bytes after its end`).toBe(encodedLength(bytes, meta.format!));
      }
    }
    if ((endpoint.kind === 'image' || endpoint.kind === 'document') && hostile.gps) {
      for (const tags of exiftoolReadStored(images)) {
        if (gpsTags(tags).length > 0) asSent = true;
        expect(gpsTags(tags), `${label}: ${String(tags.SourceFile)}`).toEqual([]);
        expect(metadataTags(tags), `${label}: ${String(tags.SourceFile)}`).toEqual([]);
      }
    }
    return asSent;
  }

  /** A public file is served as what it is (image or audio, never sniffed as a page) and as stored. */
  async function expectServedAsMedia(file: string, bytes: Buffer, label: string) {
    const served = await t.app.inject({ url: `/${file}` });
    expect(served.statusCode, `${label}: GET /${file}`).toBe(200);
    expect(served.headers['content-type'], `${label}: GET /${file}`).toMatch(/^(image\/(jpeg|webp)|audio\/(mpeg|wav))/);
    expect(served.headers['x-content-type-options'], `${label}: GET /${file}`).toBe('nosniff');
    expect(served.rawPayload.equals(bytes), `${label}: GET /${file}`).toBe(true);
  }

  /** Cases every endpoint gets: limits, lying types, and names that climb. */
  function commonCases(endpoint: Endpoint, good: Buffer, goodName: string): HostileCase[] {
    const over = paddedTo(good, endpoint.maxBytes + 1);
    const goodUpload = { filename: goodName, content: good };
    const many = Array.from({ length: endpoint.maxFiles + 1 }, (_, i) => ({
      ...goodUpload,
      filename: `${i}-${goodName}`,
    }));
    const manyFields = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, 'x']));
    return [
      {
        label: 'one byte over the size limit',
        body: oneFile(goodName, over),
        sent: over,
        outcome: 'refused',
        refusal: ['tooLarge'],
      },
      {
        label: `${endpoint.maxFiles + 1} files (one over the limit)`,
        body: (e) => withFields(e, many),
        sent: good,
        outcome: 'refused',
        refusal: ['tooMany'],
      },
      {
        label: 'a file and 40 text fields (too many parts)',
        body: (e) => multipart([{ ...goodUpload, field: e.field }], { ...e.fields, ...manyFields }),
        sent: good,
        outcome: 'refused',
        refusal: ['parts', 'tooMany'],
      },
      ...(
        [
          ['an HTML page named photo.jpg', 'photo.jpg', HTML_PAYLOAD, 'image/jpeg'],
          ['an HTML page named photo.png', 'photo.png', HTML_PAYLOAD, 'image/png'],
          ['an SVG with a script named photo.jpg', 'photo.jpg', SVG_PAYLOAD, 'image/jpeg'],
          ['an SVG named image.svg, sent as image/svg+xml', 'image.svg', SVG_PAYLOAD, 'image/svg+xml'],
          ['an HTML page named message.mp3', 'message.mp3', HTML_PAYLOAD, 'audio/mpeg'],
          ['an SVG named message.wav', 'message.wav', SVG_PAYLOAD, 'audio/wav'],
          ['an HTML page before a good file', goodName, Buffer.concat([HTML_PAYLOAD, good]), undefined],
          ['a file of zeros', goodName, Buffer.alloc(4096), undefined],
        ] as const
      ).map(([label, filename, content, type]): HostileCase => ({
        label,
        body: oneFile(filename, content, type),
        sent: content,
        outcome: 'refused',
        refusal: ['notAccepted'],
      })),
      ...traversalNames.map((name): HostileCase => ({
        label: `a good file named ${JSON.stringify(name)}`,
        body: oneFile(name, good),
        sent: good,
        outcome: 'cleaned',
        hostile: 'name',
      })),
      {
        label: 'a good file named by RFC 5987 as ..%2F..%2Fevil',
        body: (e) =>
          rawMultipart([
            ...Object.entries(e.fields).map(([name, value]) => ({
              disposition: `form-data; name="${name}"`,
              content: Buffer.from(value),
            })),
            {
              disposition: `form-data; name="${e.field}"; filename*=UTF-8''..%2F..%2F..%2Fevil.${goodName.split('.').pop()}`,
              content: good,
            },
          ]),
        sent: good,
        outcome: 'cleaned',
        hostile: 'name',
      },
      {
        label: 'a good file beside an HTML page: refused whole',
        body: (e) => withFields(e, [goodUpload, { filename: 'page.jpg', content: HTML_PAYLOAD }]),
        sent: good,
        outcome: 'refused',
        refusal: ['notAccepted', 'tooMany'],
      },
    ];
  }

  let gpsMade: Promise<GpsPhoto[]> | undefined;
  /** The GPS photos, made once by exiftool; each is checked to carry its position before it is sent. */
  function gpsInputs() {
    gpsMade ??= gpsPhotos().then((photos) => {
      for (const photo of photos) {
        const tags = exiftoolReadBytes(photo.content, photo.filename.split('.').pop()!.toLowerCase());
        expect(gpsTags(tags), `${photo.label} carries no GPS before upload`).not.toEqual([]);
      }
      return photos;
    });
    return gpsMade;
  }

  /** Polyglots, broken and mutated images, a pixel flood, and photos with a position. */
  async function imageCases(mutantCount: number): Promise<HostileCase[]> {
    const jpeg = await noisyJpeg();
    const png = await noisyPng();
    const cleaned = (label: string, filename: string, content: Buffer, gps = false): HostileCase => ({
      label,
      body: oneFile(filename, content),
      sent: content,
      outcome: 'cleaned',
      gps,
    });
    const broken = (label: string, content: Buffer): HostileCase => ({
      label,
      body: oneFile('photo.jpg', content),
      sent: content,
      outcome: 'either',
      refusal: ['unreadable', 'notAccepted', 'pixels'],
    });
    return [
      cleaned('a JPEG with an HTML page appended', 'photo.jpg', Buffer.concat([jpeg, HTML_PAYLOAD])),
      cleaned('a JPEG that is also a ZIP (GIFAR-like)', 'photo.jpg', jpegZipPolyglot(jpeg)),
      cleaned('a PNG with an HTML page in a tEXt chunk', 'photo.png', pngWithHtmlText(png)),
      cleaned('a JPEG with an HTML page in a comment segment', 'photo.jpg', jpegWithHtmlComment(jpeg)),
      broken('a JPEG cut in half', jpeg.subarray(0, jpeg.length >> 1)),
      broken('a PNG cut in half', png.subarray(0, png.length >> 1)),
      broken('a JPEG cut to its first 40 bytes', jpeg.subarray(0, 40)),
      ...mutants(jpeg, mutantCount, 17).map((content, i) =>
        broken(`a JPEG with random bytes changed (#${i + 1})`, content),
      ),
      ...mutants(png, mutantCount >> 1, 71).map((content, i) =>
        broken(`a PNG with random bytes changed (#${i + 1})`, content),
      ),
      {
        label: 'a pixel-flood PNG (30000 × 30000 declared)',
        body: oneFile('flood.png', pixelFloodPng()),
        sent: pixelFloodPng(),
        outcome: 'refused',
        refusal: ['pixels'],
      },
      ...(await gpsInputs()).map((photo) =>
        cleaned(`a photo with GPS: ${photo.label}`, photo.filename, photo.content, true),
      ),
    ];
  }

  /** Audio that hides a page or carries none at all. */
  async function audioCases(): Promise<HostileCase[]> {
    const jpeg = await smallJpeg();
    const html = riffChunk('LIST', Buffer.concat([Buffer.from('INFOICMT', 'latin1'), HTML_PAYLOAD]));
    const withList = wav(0.25, [html]);
    const wavThenHtml = Buffer.concat([wav(0.25), HTML_PAYLOAD]);
    const taggedMp3 = Buffer.concat([id3Tag(HTML_PAYLOAD), mp3]);
    const cases: HostileCase[] = [
      {
        label: 'an MP3 with an HTML page appended',
        body: oneFile('m.mp3', mp3WithHtml(mp3)),
        sent: mp3WithHtml(mp3),
        outcome: 'cleaned',
      },
      {
        label: 'an MPEG frame header and then an HTML page',
        body: oneFile('m.mp3', mpegHeaderThenHtml()),
        outcome: 'refused',
        refusal: ['notAccepted'],
      },
      {
        label: 'an ID3 tag and then an HTML page',
        body: oneFile('m.mp3', id3ThenHtml()),
        outcome: 'refused',
        refusal: ['notAccepted'],
      },
      {
        label: 'a WAV with an HTML page appended',
        body: oneFile('m.wav', wavThenHtml, 'audio/wav'),
        sent: wavThenHtml,
        outcome: 'cleaned',
      },
      {
        label: 'a WAV with an HTML page in a LIST chunk',
        body: oneFile('m.wav', withList, 'audio/wav'),
        sent: withList,
        outcome: 'cleaned',
      },
      {
        label: 'a JPEG named message.mp3',
        body: oneFile('message.mp3', jpeg),
        outcome: 'refused',
        refusal: ['notAccepted'],
      },
      {
        label: 'an MP3 behind an ID3 tag holding an HTML page',
        body: oneFile('m.mp3', taggedMp3),
        sent: taggedMp3,
        outcome: 'cleaned',
      },
    ];
    return cases;
  }

  it('valuation photos: refused or cleaned, never stored as sent, no GPS kept', SLOW, async () => {
    const endpoint = endpoints[0]!;
    for (const hostile of [...commonCases(endpoint, await smallJpeg(), 'photo.jpg'), ...(await imageCases(16))]) {
      await attempt(endpoint, hostile);
    }
  });

  it("seller's page photos: the same catalogue through the seller's cookie, with the same outcome", SLOW, async () => {
    const endpoint = endpoints[1]!;
    for (const hostile of [...commonCases(endpoint, await smallJpeg(), 'photo.jpg'), ...(await imageCases(8))]) {
      await attempt(endpoint, hostile);
    }
  });

  it('a guided shot’s photo: the same catalogue with its `shot` field, with the same outcome', SLOW, async () => {
    const endpoint = endpoints[5]!;
    for (const hostile of [...commonCases(endpoint, await smallJpeg(), 'boot.jpg'), ...(await imageCases(4))]) {
      await attempt(endpoint, hostile);
    }
  });

  it("seller's documents: the photo catalogue, JPEG and PNG only, and the PDF catalogue", SLOW, async () => {
    const endpoint = endpoints[6]!;
    const images = (await imageCases(4)).filter((hostile) => !/webp/i.test(hostile.label));
    const pdfs = (await hostilePdfCatalogue()).map((pdf): HostileCase => ({
      label: `PDF: ${pdf.name}`,
      body: oneFile(`${pdf.name.replace(/\W+/g, '-').slice(0, 40)}.pdf`, pdf.bytes, 'application/pdf'),
      sent: pdf.bytes,
      outcome: pdf.expected === 'accepted' ? 'cleaned' : 'refused',
      refusal: ['pdf', 'notAccepted', 'tooLarge', 'pixels', 'unreadable'],
    }));
    figures.report(`${pdfs.length} PDFs in the document catalogue`, `${engine}, ${kind} store`);
    for (const hostile of [...commonCases(endpoint, await smallJpeg(), 'licence.jpg'), ...images, ...pdfs]) {
      await attempt(endpoint, hostile);
    }
  });

  it(
    'price revision photos: the photo catalogue, refused or cleaned, never stored as sent, no GPS kept',
    SLOW,
    async () => {
      const endpoint = endpoints[7]!;
      for (const hostile of [...commonCases(endpoint, await smallJpeg(), 'dent.jpg'), ...(await imageCases(4))]) {
        await attempt(endpoint, hostile);
      }
    },
  );

  it('purchased-vehicle form and photos: refused or cleaned, never stored as sent, no GPS kept', SLOW, async () => {
    for (const endpoint of [endpoints[2]!, endpoints[3]!]) {
      for (const hostile of [...commonCases(endpoint, await smallJpeg(), 'car.jpg'), ...(await imageCases(8))]) {
        await attempt(endpoint, hostile);
      }
    }
  });

  it('voice audio: refused or cleaned, never stored as sent', SLOW, async () => {
    const endpoint = endpoints[4]!;
    const cases = [...commonCases(endpoint, mp3, 'message.mp3'), ...(await audioCases())];
    for (const hostile of cases) await attempt(endpoint, hostile);
  });

  it('takes a good file exactly at each size limit (the edge the one-byte-over case sits beside)', SLOW, async () => {
    for (const endpoint of endpoints) {
      const good = endpoint.kind === 'audio' ? mp3 : await smallJpeg();
      const atLimit = paddedTo(good, endpoint.maxBytes);
      await attempt(endpoint, {
        label: 'a good file exactly at the size limit',
        body: oneFile(endpoint.kind === 'audio' ? 'edge.mp3' : 'edge.jpg', atLimit),
        sent: atLimit,
        outcome: 'cleaned',
        control: true,
      });
    }
  });

  it('writes no file outside the upload roots, and none under a name a client chose', async () => {
    const roots = [
      'files/valuation-photos',
      'files/valuation-documents',
      'files/revision-photos',
      'uploads/purchased-vehicles',
      'uploads/voice',
    ];
    const stored = await storedFiles();
    for (const file of stored) {
      expect(roots, file).toContain(path.dirname(file));
      expect(path.basename(file), file).toMatch(/^[0-9a-f]{32}(-[a-z0-9]{1,12})?\.(jpg|jpeg|webp|mp3|wav|pdf)$/);
    }
    // A folder could also hold what no area lists (a climbing name, a half-written file): its whole
    // tree must be what the listing shows. A bucket has no folders to climb out of.
    const folder = storeFolder();
    if (folder) expect([...snapshot(folder).keys()].sort(), 'files the listing misses').toEqual([...stored].sort());
    // Where a climbing name would have put its file: from the store's roots, the suite's folder and
    // the working folder.
    const places = [
      parent,
      process.cwd(),
      ...(folder ? [folder, ...roots.map((root) => path.join(folder, root))] : []),
    ];
    for (const place of places) {
      for (const name of [...traversalNames, '../../../evil.jpg', '../../../evil.mp3']) {
        const target = path.resolve(place, name.replace(/\\/g, '/'));
        if (!folder || !target.startsWith(folder)) expect(fs.existsSync(target), target).toBe(false);
      }
    }
    expect(fs.existsSync('/tmp/x.jpg')).toBe(false);
    expect(fs.existsSync(path.join(parent, 'data')), 'DATA_DIR used').toBe(false);
    // Other runs share the working folder, so only what an upload could have made there is compared.
    const uploadLike = (names: string[]) =>
      names
        .filter((n) => /\.(jpe?g|png|webp|svg|html?|mp3|wav|partial)$|^(uploads|files|data|etc|tmp)$/i.test(n))
        .sort();
    expect(uploadLike(fs.readdirSync(process.cwd()))).toEqual(uploadLike(cwdBefore));
    expect(tally.hostile).toBeGreaterThan(0);
  });
});

/** exiftool's reading of stored images, copied under their own names to a temporary folder (a bucket has no paths). */
function exiftoolReadStored(images: { file: string; bytes: Buffer }[]): Record<string, unknown>[] {
  if (images.length === 0) return [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbuy-exif-'));
  try {
    const copies = images.map(({ file, bytes }) => {
      const copy = path.join(dir, path.basename(file));
      fs.writeFileSync(copy, bytes);
      return copy;
    });
    return exiftoolRead(copies);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The length an image's own structure gives (JPEG: to its end marker; WebP: RIFF's size). */
function encodedLength(bytes: Buffer, format: string): number {
  if (format === 'webp') return bytes.readUInt32LE(4) + 8;
  const end = bytes.lastIndexOf(Buffer.from([0xff, 0xd9]));
  return end + 2;
}
