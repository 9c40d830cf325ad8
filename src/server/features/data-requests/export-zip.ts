import { strToU8, zipSync, type Zippable } from 'fflate';
import type { OutboundMessage } from '~/server/db/schema';
import { FileNotFoundError, type FileStore } from '~/server/storage/file-store';
import { documentFileName, documentGuide } from '~/shared/documents';
import { countsOf, photoEntriesOf, type HeldData } from './data-requests-service';

/**
 * The subject access export (UK GDPR Art 15): one ZIP holding `data.json` (every row about the
 * person), their photos and documents, the files sent with messages about them, and a README
 * saying what each part is. Built in memory: one person's records are a few megabytes at most (photos are at most
 * 2048 px JPEGs, 20 a valuation).
 */

/**
 * The parts staff can hand over; security details of the system itself are left out (the seller's
 * secrets live in a table of their own, seller_secrets, which is never exported).
 */
const OMITTED_MESSAGE_FIELDS = ['leaseToken', 'leaseExpiresAt'] as const;

/** A file name safe in any unzip tool: no folders, no leading dots, nothing unprintable. */
export function safeFileName(name: string, fallback: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(-100);
  return cleaned || fallback;
}

function omit<T extends object, K extends keyof T>(row: T, keys: readonly K[]): Omit<T, K> {
  const copy = { ...row };
  for (const key of keys) delete copy[key];
  return copy;
}

export type ExportResult = { zip: Uint8Array; counts: ReturnType<typeof countsOf>; missingFiles: number };

export async function buildExportZip(files: FileStore, held: HeldData, now: Date, tradingName: string) {
  const entries: Zippable = {};
  const stored = { level: 0 } as const; // photos and PDFs are compressed already
  const missing: string[] = [];

  const read = async (key: string, path: string): Promise<boolean> => {
    try {
      entries[path] = [new Uint8Array(await files.read(key)), stored];
      return true;
    } catch (error) {
      if (!(error instanceof FileNotFoundError)) throw error;
      missing.push(path);
      return false;
    }
  };

  const messageRecord = async (message: OutboundMessage) => {
    const used = new Set<string>();
    const attachments = [];
    for (const [index, attachment] of message.attachments.entries()) {
      let name = safeFileName(attachment.filename, `attachment-${index + 1}`);
      if (used.has(name)) name = `${index + 1}-${name}`;
      used.add(name);
      const path = `attachments/${message.id}/${name}`;
      await read(attachment.storageKey, path);
      attachments.push({
        filename: attachment.filename,
        contentType: attachment.contentType,
        size: attachment.size,
        file: path,
      });
    }
    return { ...omit(message, OMITTED_MESSAGE_FIELDS), attachments };
  };

  const valuationIds = new Set(held.valuations.map((v) => v.id));
  const complaintIds = new Set(held.complaints.map((c) => c.id));
  const messagesOf = (belongs: (m: OutboundMessage) => boolean) =>
    Promise.all(held.messages.filter(belongs).map(messageRecord));

  // A price revision as the seller saw it (issue 37): each item and staff's photos of the car, as
  // files; which member of staff proposed or withdrew it, and the store's keys, are ours.
  const revisionRecords = async (valuationId: string) => {
    const records = [];
    for (const revision of held.priceRevisions.filter((r) => r.valuationId === valuationId)) {
      const { proposedByUserId: _by, closedByUserId: _closedBy, items, ...rest } = revision;
      const itemRecords = [];
      for (const item of items) {
        const photos = [];
        for (const photo of item.photos) {
          const path = `revision-photos/${valuationId}/${photo.id}.jpg`;
          await read(photo.fileKey, path);
          photos.push(path);
        }
        const { deductionId: _deduction, photos: _rows, ...fields } = item;
        itemRecords.push({ ...fields, photos });
      }
      records.push({ ...rest, items: itemRecords });
    }
    return records;
  };

  const valuations = [];
  for (const valuation of held.valuations) {
    const photos = [];
    for (const photo of photoEntriesOf(valuation)) {
      const path = `photos/${valuation.id}/${photo.id}.jpg`;
      await read(photo.full, path);
      photos.push(path);
    }
    // Each document as the person sent it (we made it again, as a clean PDF or JPEG); not its
    // preview, a small picture of the same thing. Staff's ids and the store's keys are ours.
    const documents = [];
    for (const document of held.documents.filter((d) => d.valuationId === valuation.id)) {
      const path = `documents/${valuation.id}/${documentFileName(document.kind, document.mediaType)}`;
      await read(document.fileKey, path);
      documents.push({
        kind: document.kind,
        label: documentGuide[document.kind].label,
        status: document.status,
        rejectionReason: document.rejectionReason,
        mediaType: document.mediaType,
        pages: document.pages,
        sizeBytes: document.sizeBytes,
        uploadedAt: document.uploadedAt,
        reviewedAt: document.reviewedAt,
        file: path,
      });
    }
    const { photoPaths: _keys, ...row } = valuation;
    valuations.push({
      ...row,
      photos,
      events: held.events.filter((e) => e.valuationId === valuation.id),
      offers: held.offers.filter((o) => o.valuationId === valuation.id),
      acceptances: held.acceptances.filter((a) => a.valuationId === valuation.id),
      // Who on our staff answered is left out: an id of ours, not the person's data.
      conversation: held.conversation
        .filter((m) => m.valuationId === valuation.id)
        .map(({ staffUserId: _staff, ...message }) => message),
      damageMarkers: held.damageMarkers.filter((d) => d.valuationId === valuation.id),
      documents,
      // Collection day (issue 36); the staff who recorded each step are ours, not the person's data.
      collectionBookings: held.collectionBookings
        .filter((b) => b.valuationId === valuation.id)
        .map(({ reminderMessageId: _reminder, ...booking }) => booking),
      handover:
        held.handovers
          .filter((h) => h.valuationId === valuation.id)
          .map(({ recordedByUserId: _staff, ...handover }) => handover)[0] ?? null,
      payments: held.payments
        .filter((p) => p.valuationId === valuation.id)
        .map(({ recordedByUserId: _staff, ...payment }) => payment),
      voucher:
        held.vouchers
          .filter((v) => v.valuationId === valuation.id)
          .map(({ sentByUserId: _staff, customerKey: _key, ...voucher }) => voucher)[0] ?? null,
      priceRevisions: await revisionRecords(valuation.id),
      messages: await messagesOf((m) => m.valuationId === valuation.id),
    });
  }
  const complaints = [];
  for (const complaint of held.complaints) {
    complaints.push({
      ...complaint,
      messages: await messagesOf((m) => m.complaintId === complaint.id && !valuationIds.has(m.valuationId ?? '')),
    });
  }
  const otherMessages = await messagesOf(
    (m) => !valuationIds.has(m.valuationId ?? '') && !complaintIds.has(m.complaintId ?? ''),
  );

  const counts = countsOf(held);
  const data = {
    exportedAt: now.toISOString(),
    exportedBy: tradingName,
    searchedBy: { [held.identifier.kind === 'email' ? 'email' : 'phone']: held.identifier.value },
    counts,
    valuations,
    complaints,
    otherMessages,
    calls: held.calls,
    reviews: held.reviews,
    ...(missing.length ? { filesNoLongerHeld: missing } : {}),
  };
  entries['data.json'] = strToU8(`${JSON.stringify(data, null, 2)}\n`);
  entries['README.txt'] = strToU8(readme(tradingName, now, missing.length, held.thirdParty.length));
  const zip = zipSync(entries, { mtime: now });
  return { zip, counts, missingFiles: missing.length } satisfies ExportResult;
}

function readme(tradingName: string, now: Date, missing: number, thirdParty: number): string {
  const lines = [
    `Your personal data held by ${tradingName}`,
    `Exported on ${now.toISOString().slice(0, 10)} in answer to a request to see your data (UK GDPR Article 15).`,
    '',
    'What is in this file:',
    '',
    'data.json',
    '  Every record we hold about you, as it is stored (times are UTC):',
    '  - valuations: each valuation request you sent, with its timeline (events), the offers',
    '    we made (amounts in pence), the documents you sent us for the sale and our checks of',
    '    them, any revised price we proposed at inspection with its items and our photos',
    '    (revision-photos/), the collection booked, what was recorded at the handover, the',
    '    payments we made for your car and any launch voucher, and the e-mails and text',
    '    messages about it;',
    '  - complaints: data-protection complaints you sent us, with our messages about them;',
    '  - otherMessages: other e-mails and text messages we sent to your address or number;',
    '  - calls: phone calls from or to your number (a recording, if one was made, is held',
    '    by our telephone provider, Twilio);',
    '  - reviews: reviews you wrote, and whether we published them.',
    '',
    'photos/<valuation id>/',
    '  The photos you uploaded with each valuation request (as we stored them: resized,',
    '  with location and camera details removed).',
    '',
    'documents/<valuation id>/',
    '  The documents you sent us for the sale (logbook, driving licence, service history,',
    '  finance settlement letter), as we stored them: made again as a plain PDF or JPEG.',
    '',
    'attachments/<message id>/',
    '  Files sent with those messages, such as the vehicle report sent to a dealer.',
    '',
    'What is not in this file:',
    '',
    '  Messages sent to your address or number about another person’s valuation request or',
    '  complaint (for example a vehicle report sent to you as a dealer) are that person’s',
    '  personal data, not yours, so they are not included.',
  ];
  if (thirdParty > 0) {
    lines.push(`  We hold ${thirdParty} such message(s), left out of this file.`);
  }
  if (missing > 0) {
    lines.push(
      '',
      `data.json lists under filesNoLongerHeld ${missing} file(s) its records mention that we no longer hold.`,
    );
  }
  return `${lines.join('\n')}\n`;
}
