import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import {
  callLogs,
  carValuations,
  customerReviews,
  dataProtectionComplaints,
  dataRequestLog,
  outboundMessages,
  valuationEvents,
  valuationOffers,
  offerAcceptances,
  valuationDamageMarkers,
  valuationDocuments,
  valuationPayments,
  collectionBookings,
  collectionHandovers,
  launchVouchers,
  valuationMessages,
  type CallLog,
  type CarValuation,
  type CustomerReview,
  type DataProtectionComplaint,
  type DataRequestKind,
  type OutboundMessage,
  type ValuationEvent,
  priceRevisionItems,
  priceRevisionPhotos,
  priceRevisions,
} from '~/server/db/schema';
import { deleteValuationRows, parsePhotoEntry, type ValuationFiles } from '~/server/features/valuations';
import type {
  DataRequestCounts,
  DataRequestIdentifier,
  DataRequestLog,
  DataRequestSearchResult,
  DataRequestThirdPartyMessage,
} from '~/shared/data-requests';
import type { PaginationQuery } from '~/shared/schema-kit';
import { recordingSidOf } from '~/server/features/calls';

/**
 * Everything held about one person (issue 18), found by the e-mail address or phone number they
 * gave, exactly: an address in any case, a number in its E.164 form (so "07911 123456" and
 * "+44 7911 123456" find the same records). Never a partial match: a@b.com does not find aa@b.com.
 *
 * Where it lives:
 * - valuation requests with that address or number, with their timeline, offers, messages and the
 *   seller's documents (issue 35: the rows and, in the file store, each file and its preview);
 * - messages sent to the address or number, and those about the person's valuations or complaints;
 * - phone calls from or to the number (their recordings are Twilio's: see calls/recording-eraser.ts);
 * - reviews written with the address;
 * - data-protection complaints with the address or number, with their messages.
 *
 * What is NOT theirs (issue 32): a message sent to the address or number but about another person's
 * valuation or complaint, such as the vehicle report e-mailed to a dealer (the seller's name,
 * e-mail, phone and postcode). That is the other person's data: it is listed apart, as a
 * third-party record for staff to review, and never exported or erased through this identifier.
 * Every other kind of record is matched on its own contact details (a valuation's, a complaint's,
 * a review's e-mail, a call's numbers) and links to no one else's record, so it is the identifier's.
 */

const iso = (date: Date) => date.toISOString();

export type ValuationOffer = typeof valuationOffers.$inferSelect;

type HeldRevision = typeof priceRevisions.$inferSelect & {
  items: (typeof priceRevisionItems.$inferSelect & { photos: (typeof priceRevisionPhotos.$inferSelect)[] })[];
};

export type HeldData = {
  identifier: DataRequestIdentifier;
  valuations: CarValuation[];
  events: ValuationEvent[];
  offers: ValuationOffer[];
  /** Their acceptances of our offers (issue 34): what, when, on which declarations, from where. */
  acceptances: (typeof offerAcceptances.$inferSelect)[];
  /** The conversation on their requests: what they wrote from their page, and staff's answers. */
  conversation: (typeof valuationMessages.$inferSelect)[];
  /** The damage they marked on the car diagram (issue 35). */
  damageMarkers: (typeof valuationDamageMarkers.$inferSelect)[];
  /** The documents they uploaded for the sale (issue 35: logbook, licence...), with staff's checks. */
  documents: (typeof valuationDocuments.$inferSelect)[];
  /** Collection day (issue 36): the slots booked, the handover at the door, the payments, the voucher. */
  collectionBookings: (typeof collectionBookings.$inferSelect)[];
  handovers: (typeof collectionHandovers.$inferSelect)[];
  payments: (typeof valuationPayments.$inferSelect)[];
  vouchers: (typeof launchVouchers.$inferSelect)[];
  /** Price revisions at inspection (issue 37), each with its items and staff's photos of the car. */
  priceRevisions: HeldRevision[];
  /** Every message about the person, each once: to them, or about their valuations or complaints. */
  messages: OutboundMessage[];
  calls: CallLog[];
  reviews: CustomerReview[];
  complaints: DataProtectionComplaint[];
  /** Messages sent to the address or number about someone else's valuation or complaint: theirs, not this person's. */
  thirdParty: DataRequestThirdPartyMessage[];
};

/** The conditions that pick the person's rows out of each table (undefined: the table has no such column). */
function matchers(identifier: DataRequestIdentifier) {
  const { kind, value } = identifier;
  if (kind === 'email') {
    // lower(email) is what the tables' indexes hold, and what makes the match ignore case.
    return {
      valuations: sql`lower(${carValuations.email}) = ${value}`,
      messages: sql`${outboundMessages.channel} = 'email' and lower(${outboundMessages.recipient}) = ${value}`,
      complaints: sql`lower(${dataProtectionComplaints.email}) = ${value}`,
      reviews: sql`lower(${customerReviews.email}) = ${value}` as SQL | undefined,
      calls: undefined as SQL | undefined,
    };
  }
  return {
    valuations: eq(carValuations.phoneE164, value),
    messages: sql`${outboundMessages.channel} = 'sms' and ${outboundMessages.recipient} = ${value}`,
    complaints: eq(dataProtectionComplaints.phoneE164, value),
    reviews: undefined as SQL | undefined,
    calls: or(eq(callLogs.fromNumber, value), eq(callLogs.toNumber, value)),
  };
}

/**
 * Which messages are the person's, and which were sent to them but are someone else's: the one
 * place that decides it, for the search, the export and the erasure alike.
 * - theirs: about their valuations or complaints, or sent to them and about no one's record;
 * - thirdParty: sent to them, but about a valuation or complaint that is not theirs (it was found
 *   by other contact details), so its content belongs to the person that record is about.
 */
function messageConditions(match: SQL, valuationIds: string[], complaintIds: string[]) {
  const aboutTheirs = or(
    valuationIds.length ? inArray(outboundMessages.valuationId, valuationIds) : undefined,
    complaintIds.length ? inArray(outboundMessages.complaintId, complaintIds) : undefined,
  );
  const aboutNoOne = and(isNull(outboundMessages.valuationId), isNull(outboundMessages.complaintId))!;
  return {
    theirs: or(aboutTheirs, and(match, aboutNoOne))!,
    // "is not true": a null link must count as "not theirs", never make the whole test unknown.
    thirdParty: and(match, sql`not (${aboutNoOne})`, aboutTheirs ? sql`(${aboutTheirs}) is not true` : undefined)!,
  };
}

/** The third-party messages, each with the reference of the record it is about (to review it there). */
async function findThirdParty(db: Db, condition: SQL): Promise<DataRequestThirdPartyMessage[]> {
  const rows = await db
    .select({
      id: outboundMessages.id,
      channel: outboundMessages.channel,
      templateName: outboundMessages.templateName,
      subject: outboundMessages.subject,
      createdAt: outboundMessages.createdAt,
      attachments: outboundMessages.attachments,
      valuationId: outboundMessages.valuationId,
      valuationReference: carValuations.reference,
      complaintId: outboundMessages.complaintId,
      complaintReference: dataProtectionComplaints.reference,
    })
    .from(outboundMessages)
    .leftJoin(carValuations, eq(carValuations.id, outboundMessages.valuationId))
    .leftJoin(dataProtectionComplaints, eq(dataProtectionComplaints.id, outboundMessages.complaintId))
    .where(condition)
    .orderBy(desc(outboundMessages.createdAt), desc(outboundMessages.id));
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    templateName: row.templateName,
    subject: row.subject,
    createdAt: iso(row.createdAt),
    attachmentCount: row.attachments.length,
    about:
      row.valuationId !== null
        ? { kind: 'valuation' as const, id: row.valuationId, reference: row.valuationReference ?? '' }
        : { kind: 'complaint' as const, id: row.complaintId!, reference: row.complaintReference ?? '' },
  }));
}

/** Reads everything held about the person, newest first in each group. */
export async function findHeldData(db: Db, identifier: DataRequestIdentifier): Promise<HeldData> {
  const match = matchers(identifier);
  const valuations = await db
    .select()
    .from(carValuations)
    .where(match.valuations)
    .orderBy(desc(carValuations.createdAt), desc(carValuations.id));
  const valuationIds = valuations.map((v) => v.id);
  const complaints = await db
    .select()
    .from(dataProtectionComplaints)
    .where(match.complaints)
    .orderBy(desc(dataProtectionComplaints.createdAt), desc(dataProtectionComplaints.id));
  const complaintIds = complaints.map((c) => c.id);
  const messageMatch = messageConditions(match.messages, valuationIds, complaintIds);
  const [events, offers, messages, calls, reviews, thirdParty] = await Promise.all([
    valuationIds.length
      ? db
          .select()
          .from(valuationEvents)
          .where(inArray(valuationEvents.valuationId, valuationIds))
          .orderBy(valuationEvents.createdAt, valuationEvents.id)
      : [],
    valuationIds.length
      ? db
          .select()
          .from(valuationOffers)
          .where(inArray(valuationOffers.valuationId, valuationIds))
          .orderBy(desc(valuationOffers.createdAt), desc(valuationOffers.id))
      : [],
    db
      .select()
      .from(outboundMessages)
      .where(messageMatch.theirs)
      .orderBy(desc(outboundMessages.createdAt), desc(outboundMessages.id)),
    match.calls
      ? db.select().from(callLogs).where(match.calls).orderBy(desc(callLogs.createdAt), desc(callLogs.id))
      : [],
    match.reviews
      ? db
          .select()
          .from(customerReviews)
          .where(match.reviews)
          .orderBy(desc(customerReviews.submittedAt), desc(customerReviews.id))
      : [],
    findThirdParty(db, messageMatch.thirdParty),
  ]);
  const [acceptances, conversation, damageMarkers, documents, collectionDay] = valuationIds.length
    ? await Promise.all([
        db
          .select()
          .from(offerAcceptances)
          .where(inArray(offerAcceptances.valuationId, valuationIds))
          .orderBy(offerAcceptances.acceptedAt),
        db
          .select()
          .from(valuationMessages)
          .where(inArray(valuationMessages.valuationId, valuationIds))
          .orderBy(valuationMessages.createdAt, valuationMessages.id),
        db
          .select()
          .from(valuationDamageMarkers)
          .where(inArray(valuationDamageMarkers.valuationId, valuationIds))
          .orderBy(valuationDamageMarkers.createdAt, valuationDamageMarkers.id),
        db
          .select()
          .from(valuationDocuments)
          .where(inArray(valuationDocuments.valuationId, valuationIds))
          .orderBy(valuationDocuments.uploadedAt, valuationDocuments.id),
        collectionDayOf(db, valuationIds),
      ])
    : [[], [], [], [], { collectionBookings: [], handovers: [], payments: [], vouchers: [], priceRevisions: [] }];
  return {
    identifier,
    valuations,
    events,
    offers,
    acceptances,
    conversation,
    damageMarkers,
    documents,
    ...collectionDay,
    messages,
    calls,
    reviews,
    complaints,
    thirdParty,
  };
}

/** Collection day's rows of the person's valuations (issue 36). */
async function collectionDayOf(db: Db, valuationIds: string[]) {
  const [bookings, handovers, payments, vouchers, revisions] = await Promise.all([
    db
      .select()
      .from(collectionBookings)
      .where(inArray(collectionBookings.valuationId, valuationIds))
      .orderBy(collectionBookings.createdAt, collectionBookings.id),
    db.select().from(collectionHandovers).where(inArray(collectionHandovers.valuationId, valuationIds)),
    db
      .select()
      .from(valuationPayments)
      .where(inArray(valuationPayments.valuationId, valuationIds))
      .orderBy(valuationPayments.paidAt, valuationPayments.id),
    db.select().from(launchVouchers).where(inArray(launchVouchers.valuationId, valuationIds)),
    revisionsOf(db, valuationIds),
  ]);
  return { collectionBookings: bookings, handovers, payments, vouchers, priceRevisions: revisions };
}

/** The price revisions of the person's valuations, oldest first, with their items and photos. */
async function revisionsOf(db: Db, valuationIds: string[]): Promise<HeldRevision[]> {
  const revisions = await db
    .select()
    .from(priceRevisions)
    .where(inArray(priceRevisions.valuationId, valuationIds))
    .orderBy(priceRevisions.createdAt, priceRevisions.id);
  if (revisions.length === 0) return [];
  const items = await db
    .select()
    .from(priceRevisionItems)
    .where(
      inArray(
        priceRevisionItems.revisionId,
        revisions.map((r) => r.id),
      ),
    )
    .orderBy(priceRevisionItems.position);
  const photos = items.length
    ? await db
        .select()
        .from(priceRevisionPhotos)
        .where(
          inArray(
            priceRevisionPhotos.itemId,
            items.map((i) => i.id),
          ),
        )
        .orderBy(priceRevisionPhotos.createdAt, priceRevisionPhotos.id)
    : [];
  return revisions.map((revision) => ({
    ...revision,
    items: items
      .filter((item) => item.revisionId === revision.id)
      .map((item) => ({ ...item, photos: photos.filter((photo) => photo.itemId === item.id) })),
  }));
}

/** A valuation's photos as stored entries we can read (anything else is never served). */
export function photoEntriesOf(valuation: Pick<CarValuation, 'photoPaths'>) {
  return valuation.photoPaths.flatMap((entry) => parsePhotoEntry(entry) ?? []);
}

export function countsOf(held: HeldData): DataRequestCounts {
  return {
    valuations: held.valuations.length,
    photos: held.valuations.reduce((sum, v) => sum + photoEntriesOf(v).length, 0),
    documents: held.documents.length,
    valuationEvents: held.events.length,
    offers: held.offers.length,
    messages: held.messages.length,
    attachments: held.messages.reduce((sum, m) => sum + m.attachments.length, 0),
    calls: held.calls.length,
    callRecordings: held.calls.filter((c) => c.recordingUrl).length,
    reviews: held.reviews.length,
    complaints: held.complaints.length,
  };
}

/** What the screen lists: enough to recognise each record, not the records themselves. */
export function summarise(held: HeldData): DataRequestSearchResult {
  return {
    identifier: held.identifier,
    counts: countsOf(held),
    valuations: held.valuations.map((v) => ({
      id: v.id,
      createdAt: iso(v.createdAt),
      registration: v.registration,
      make: v.make,
      model: v.model,
      status: v.status,
      isArchived: v.isArchived,
      photoCount: photoEntriesOf(v).length,
      marketingConsentAt: v.marketingConsentAt ? iso(v.marketingConsentAt) : null,
    })),
    messages: held.messages.map((m) => ({
      id: m.id,
      channel: m.channel,
      templateName: m.templateName,
      subject: m.subject,
      createdAt: iso(m.createdAt),
      status: m.status,
      attachmentCount: m.attachments.length,
      valuationId: m.valuationId,
    })),
    calls: held.calls.map((c) => ({
      id: c.id,
      direction: c.direction,
      status: c.status,
      startedAt: iso(c.startTime ?? c.createdAt),
      durationSeconds: c.duration,
      hasRecording: Boolean(c.recordingUrl),
    })),
    reviews: held.reviews.map((r) => ({
      id: r.id,
      submittedAt: iso(r.submittedAt),
      reviewTitle: r.reviewTitle,
      rating: r.rating,
      isPublished: r.isPublished,
    })),
    complaints: held.complaints.map((c) => ({
      id: c.id,
      reference: c.reference,
      createdAt: iso(c.createdAt),
      status: c.status,
    })),
    thirdPartyMessages: held.thirdParty,
  };
}

export type Actor = { id: number; username: string };

/**
 * The audit trail's entry: the kind, the counts, who and when. Never the identifier or anything
 * found: an erasure's entry must not bring back what it records deleting.
 */
export async function recordRequest(
  db: Db,
  entry: { kind: DataRequestKind; counts: Record<string, number>; actor: Actor; now: Date },
): Promise<number> {
  const [row] = await db
    .insert(dataRequestLog)
    .values({
      kind: entry.kind,
      counts: entry.counts,
      actorUserId: entry.actor.id,
      actorUsername: entry.actor.username,
      createdAt: entry.now,
    })
    .returning({ id: dataRequestLog.id });
  return row!.id;
}

/** Adds counts known only after the commit (recordings deleted at Twilio) to an entry. */
export async function addToRequestCounts(db: Db, id: number, extra: Record<string, number>): Promise<void> {
  await db
    .update(dataRequestLog)
    .set({ counts: sql`${dataRequestLog.counts} || ${JSON.stringify(extra)}::jsonb` })
    .where(eq(dataRequestLog.id, id));
}

/** A call whose recording Twilio holds: its id, and the recording's when the link names one. */
export type HeldRecording = { callSid: string; recordingSid: string | null };

export type Erasure = {
  counts: DataRequestCounts;
  /** The private files to remove once the transaction has committed. */
  files: ValuationFiles;
  recordings: HeldRecording[];
  /** Whether a review the public pages showed was among those erased. */
  publishedReviewErased: boolean;
  /** The audit entry, written in the same transaction. */
  logId: number;
};

/**
 * Erases everything held about the person in ONE transaction, with its audit entry: either all of
 * it goes (and the entry says so) or nothing does. Rows are deleted by the same conditions the
 * search uses, so a record added since the search goes too. Files are the caller's to remove after
 * the commit (a rolled-back erasure must not have taken them), as are Twilio's recordings.
 */
export async function eraseHeldData(
  db: Db,
  identifier: DataRequestIdentifier,
  actor: Actor,
  now: Date,
): Promise<Erasure> {
  const match = matchers(identifier);
  return db.transaction(async (tx) => {
    const valuationIds = (
      await tx.select({ id: carValuations.id }).from(carValuations).where(match.valuations).for('update')
    ).map((row) => row.id);
    const complaintIds = (
      await tx
        .select({ id: dataProtectionComplaints.id })
        .from(dataProtectionComplaints)
        .where(match.complaints)
        .for('update')
    ).map((row) => row.id);

    // Counted before they go: the valuations' timeline and offers cascade with them.
    const [events, offers] = valuationIds.length
      ? await Promise.all([
          tx.select({ n: count() }).from(valuationEvents).where(inArray(valuationEvents.valuationId, valuationIds)),
          tx.select({ n: count() }).from(valuationOffers).where(inArray(valuationOffers.valuationId, valuationIds)),
        ])
      : [[{ n: 0 }], [{ n: 0 }]];

    const messages = await tx
      .delete(outboundMessages)
      .where(messageConditions(match.messages, valuationIds, complaintIds).theirs)
      .returning({ attachments: outboundMessages.attachments });
    const valuations = await deleteValuationRows(tx, valuationIds);
    const complaints = complaintIds.length
      ? await tx
          .delete(dataProtectionComplaints)
          .where(inArray(dataProtectionComplaints.id, complaintIds))
          .returning({ id: dataProtectionComplaints.id })
      : [];
    const calls = match.calls
      ? await tx
          .delete(callLogs)
          .where(match.calls)
          .returning({ callSid: callLogs.callSid, recordingUrl: callLogs.recordingUrl })
      : [];
    const reviews = match.reviews
      ? await tx.delete(customerReviews).where(match.reviews).returning({ isPublished: customerReviews.isPublished })
      : [];

    const messageAttachmentKeys = messages.flatMap((m) => m.attachments.map((a) => a.storageKey));
    const attachmentKeys = [...messageAttachmentKeys, ...valuations.attachmentKeys];
    const recordings = calls
      .filter((call) => call.recordingUrl)
      .map((call) => ({ callSid: call.callSid, recordingSid: recordingSidOf(call.recordingUrl) }));
    const counts: DataRequestCounts = {
      valuations: valuations.count,
      photos: valuations.photoPaths.filter((entry) => parsePhotoEntry(entry)).length,
      documents: valuations.documents.length,
      valuationEvents: events[0]?.n ?? 0,
      offers: offers[0]?.n ?? 0,
      messages: messages.length,
      attachments: attachmentKeys.length,
      calls: calls.length,
      callRecordings: recordings.length,
      reviews: reviews.length,
      complaints: complaints.length,
    };
    const logId = await recordRequest(tx, { kind: 'erasure', counts, actor, now });
    return {
      counts,
      files: { photoPaths: valuations.photoPaths, attachmentKeys, documents: valuations.documents },
      recordings,
      publishedReviewErased: reviews.some((review) => review.isPublished),
      logId,
    };
  });
}

/** `GET /api/admin/data-requests/log`: newest first. */
export async function listRequestLog(db: Db, query: PaginationQuery): Promise<DataRequestLog> {
  const { page, pageSize } = query;
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: dataRequestLog.id,
        kind: dataRequestLog.kind,
        counts: dataRequestLog.counts,
        actorUsername: dataRequestLog.actorUsername,
        createdAt: dataRequestLog.createdAt,
      })
      .from(dataRequestLog)
      .orderBy(desc(dataRequestLog.createdAt), desc(dataRequestLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(dataRequestLog),
  ]);
  const totalCount = total?.n ?? 0;
  return {
    items: items.map((item) => ({ ...item, createdAt: iso(item.createdAt) })),
    page,
    pageSize,
    total: totalCount,
    pageCount: Math.ceil(totalCount / pageSize),
  };
}
