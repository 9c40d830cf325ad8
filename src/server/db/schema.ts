/**
 * The database schema (SPEC section 3, DESIGN sections 5 and 6).
 *
 * Column names are spelled out in snake_case beside each camelCase property, rather than relying on
 * drizzle's `casing` option, so raw `sql` fragments, drizzle-kit output and psql all agree without
 * every `drizzle()` call having to repeat the same option.
 *
 * Change this file, then run `npx drizzle-kit generate --name <what_changed>` and commit the SQL in
 * ./drizzle. Generated migrations are never edited by hand.
 *
 * Conventions: times are `timestamptz` (stored UTC, DESIGN 6); calendar dates are `date` read as
 * 'YYYY-MM-DD' strings so no time zone can shift them; money is integer pence.
 */
import { relations, sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  boolean,
  char,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
  type ExtraConfigColumn,
} from 'drizzle-orm/pg-core';
import type { CarPanel, DamageKind } from '~/shared/car-diagram';
import { SLOT_CAPACITY_MAX, type CollectionBookingStatus, type CollectionSlot } from '~/shared/collections';
import { KEYS_MAX, type DocumentKind, type DocumentStatus } from '~/shared/document-checklist';
import type { HandoverCondition, Payee } from '~/shared/handover';
import type { VoucherStatus } from '~/shared/vouchers';
import { DEDUCTION_EVIDENCE_MAX_LENGTH, DEDUCTION_NAME_MAX_LENGTH } from '~/shared/deductions';
import { REVISION_QUANTITY_MAX, revisionStatuses, type RevisionStatus } from '~/shared/price-revisions';
import { messageChannels, messageStatuses } from '~/shared/messages';
import { contactChannels, type ContactChannel } from '~/shared/staff-pipeline';
import { offerStatuses, type OfferConditions, type OfferStatus } from '~/shared/offer-basics';
import { lostReasons, valuationStages, type LostReason } from '~/shared/valuation-lifecycle';
import { VALUATION_REFERENCE_LENGTH, VALUATION_REFERENCE_PATTERN } from '~/shared/valuation-reference';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => timestamptz('created_at').notNull().defaultNow();
const updatedAt = () =>
  timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const calendarDate = (name: string) => date(name, { mode: 'string' });
// drizzle's `.desc()` alone emits `DESC NULLS LAST`, which PostgreSQL will not use for a plain
// `ORDER BY x DESC` (that means NULLS FIRST), so descending index keys say nullsFirst explicitly.
const newestFirst = (column: ExtraConfigColumn) => column.desc().nullsFirst();
const textList = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

// ---------------------------------------------------------------------------------------------
// Admin users, sessions and login throttling (DESIGN 5)
// ---------------------------------------------------------------------------------------------

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: varchar('username', { length: 50 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    firstName: varchar('first_name', { length: 100 }),
    lastName: varchar('last_name', { length: 100 }),
    email: varchar('email', { length: 255 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // "Admin" and "admin" are the same person at the login box, so uniqueness ignores case.
  (t) => [uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    sid: varchar('sid', { length: 255 }).primaryKey(),
    sess: jsonb('sess').$type<Record<string, unknown>>().notNull(),
    expire: timestamp('expire', { precision: 6, withTimezone: true, mode: 'date' }).notNull(),
    // Cascade: deleting an admin must end every session they hold. Null only for a session
    // not (yet) tied to a signed-in user.
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_expire_idx').on(t.expire), index('sessions_user_id_idx').on(t.userId)],
);

export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Lower-cased by the app so the per-username limit cannot be dodged with capitals. */
    username: varchar('username', { length: 50 }).notNull(),
    ip: varchar('ip', { length: 45 }).notNull(),
    succeeded: boolean('succeeded').notNull(),
    attemptedAt: timestamptz('attempted_at').notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_username_attempted_at_idx').on(t.username, t.attemptedAt),
    index('login_attempts_ip_attempted_at_idx').on(t.ip, t.attemptedAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Valuation requests and their timeline (DESIGN 5 and 6)
// ---------------------------------------------------------------------------------------------

/**
 * A valuation's stage (DESIGN section 9, src/shared/valuation-lifecycle.ts). The column keeps its
 * first name, `status`, and SPEC's values keep their meaning; only the lifecycle module
 * (features/valuations/lifecycle.ts) writes it.
 */
export const valuationStatuses = valuationStages;
export type ValuationStatus = (typeof valuationStatuses)[number];
export const valuationStatus = pgEnum('valuation_status', valuationStatuses);

export const contactPreferences = ['call', 'text', 'whatsapp'] as const;
export type ContactPreference = (typeof contactPreferences)[number];

const trigramIndex = (name: string, expression: SQL) => index(name).using('gin', sql`${expression} gin_trgm_ops`);

export const carValuations = pgTable(
  'car_valuations',
  {
    // A UUID, never a sequence, so ids in links and upload calls cannot be guessed (DESIGN 5).
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * Short and readable, "CB-7K3-9QX" (issue 31): the seller quotes it and staff search by it. Drawn
     * at random by the valuations feature; it names the request but never opens it (not a key).
     */
    reference: varchar('reference', { length: VALUATION_REFERENCE_LENGTH })
      .notNull()
      .unique('car_valuations_reference_key'),
    /** Upper-case with no spaces (DESIGN 6). */
    registration: varchar('registration', { length: 10 }).notNull(),
    mileage: integer('mileage').notNull(),

    // Identified vehicle data merged in on submit (SPEC 3); all optional because the lookup may fail.
    make: varchar('make', { length: 100 }),
    model: varchar('model', { length: 100 }),
    year: integer('year'),
    fuelType: varchar('fuel_type', { length: 50 }),
    engineSize: varchar('engine_size', { length: 20 }),
    color: varchar('color', { length: 50 }),
    motStatus: varchar('mot_status', { length: 50 }),
    motExpiryDate: calendarDate('mot_expiry_date'),
    taxStatus: varchar('tax_status', { length: 50 }),
    taxDueDate: calendarDate('tax_due_date'),
    co2Emissions: integer('co2_emissions'),
    dateOfLastV5CIssued: calendarDate('date_of_last_v5c_issued'),
    markedForExport: boolean('marked_for_export'),

    // Condition answers (SPEC 5). Choice fields stay free text here; the shared zod schema owns
    // the vocabulary. Wheels and tyres are counts 0..4 with -1 meaning "not sure".
    overallCondition: varchar('overall_condition', { length: 50 }),
    scuffedWheels: smallint('scuffed_wheels'),
    tyresNeedReplacing: smallint('tyres_need_replacing'),
    cambeltChanged: varchar('cambelt_changed', { length: 50 }),
    cambeltDate: text('cambelt_date'),
    serviceHistory: varchar('service_history', { length: 50 }),
    mechanicalIssues: varchar('mechanical_issues', { length: 50 }),
    mechanicalDetails: text('mechanical_details'),
    outstandingFinance: varchar('outstanding_finance', { length: 50 }),
    financeAmountPence: integer('finance_amount_pence'),

    // The seller.
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    /** Upper-case with a single space (DESIGN 6). */
    postcode: varchar('postcode', { length: 8 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    /** As the seller typed it. */
    phone: varchar('phone', { length: 30 }).notNull(),
    /** Normalised for sending; null when the number could not be normalised. */
    phoneE164: varchar('phone_e164', { length: 16 }),
    contactPreference: textList('contact_preference').$type<ContactPreference[]>(),
    agreeToContact: boolean('agree_to_contact').notNull(),
    /**
     * When the seller ticked the separate, optional marketing box (PECR reg 22); null when they did
     * not, or withdrew it. `agreeToContact` is about this valuation only and is never marketing consent.
     */
    marketingConsentAt: timestamptz('marketing_consent_at'),

    photoPaths: textList('photo_paths'),
    status: valuationStatus('status').notNull().default('new'),
    /** Why it was lost, exactly when its stage is `lost` (a check says so). */
    lostReason: varchar('lost_reason', { length: 20 }).$type<LostReason>(),
    /**
     * When the request reached `completed` or `lost` (null while open): the seller's links keep
     * working for SELLER_LINK_DAYS_AFTER_CLOSE after it (issue 34). Set by the lifecycle; a closed
     * request without it (rows written before it existed, or by hand) counts from `updatedAt`.
     */
    closedAt: timestamptz('closed_at'),
    firstViewedAt: timestamptz('first_viewed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    isArchived: boolean('is_archived').notNull().default(false),
    archivedAt: timestamptz('archived_at'),
    /**
     * The indicative price found at submit (issue 34, features/comparables): the 25th and 75th
     * percentiles of our own recent offers for similar cars, and how many; null when there were too few.
     */
    indicativeLowPence: integer('indicative_low_pence'),
    indicativeHighPence: integer('indicative_high_pence'),
    indicativeOfferCount: integer('indicative_offer_count'),
    /**
     * Make and model as the indicative price compares them: upper case and trimmed, so DVLA's "FORD"
     * and a typed "Ford " are one make. Kept by PostgreSQL, so that car_valuations_comparables_idx
     * holds everything that query reads (an index-only scan: an index on the expressions cannot be).
     */
    makeKey: varchar('make_key', { length: 100 }).generatedAlwaysAs(sql`upper(trim(make))`),
    modelKey: varchar('model_key', { length: 100 }).generatedAlwaysAs(sql`upper(trim(model))`),
    /**
     * The seller's documents (issue 35, features/documents): when staff asked for them before an
     * offer was accepted (null: not asked early), how many keys the seller will hand over, and when
     * every needed document was checked ("Documents complete"; null until then).
     */
    documentsRequestedAt: timestamptz('documents_requested_at'),
    keysCount: smallint('keys_count'),
    documentsCompletedAt: timestamptz('documents_completed_at'),
    /**
     * The finance to settle on collection day (issue 36), from the seller's settlement letter as staff
     * confirm it: the lender, the figure, and the last day the letter's figure holds. `financeAmountPence`
     * above stays what the seller declared.
     */
    financeLender: varchar('finance_lender', { length: 100 }),
    settlementPence: integer('settlement_pence'),
    settlementValidUntil: calendarDate('settlement_valid_until'),
    financeConfirmedAt: timestamptz('finance_confirmed_at'),
    financeConfirmedByUserId: integer('finance_confirmed_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /**
     * The staff pipeline (issue 37, features/pipeline): who owns the request (null: nobody yet; set
     * null when that member of staff is deleted) and since when; when it got its first answer (the
     * first offer sent or contact logged: the 24-hour promise is kept when this is within
     * PROMISE_HOURS of `createdAt`); and when the 20-hour warning and the 24-hour breach alert were
     * queued, so each goes once.
     */
    assignedUserId: integer('assigned_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    assignedAt: timestamptz('assigned_at'),
    firstAnsweredAt: timestamptz('first_answered_at'),
    promiseWarningSentAt: timestamptz('promise_warning_sent_at'),
    promiseBreachSentAt: timestamptz('promise_breach_sent_at'),
    /**
     * The last MOT's odometer reading in miles and that test's day, from DVSA when the request came in
     * (issue 37's plausibility checks compare the declared mileage with it); null when unknown.
     */
    motLastOdometerMiles: integer('mot_last_odometer_miles'),
    motLastTestOn: calendarDate('mot_last_test_on'),
  },
  (t) => [
    // Similar cars for the indicative price (features/comparables): the same make, model and
    // condition, years and miles in a range, and the id to find each one's offers.
    index('car_valuations_comparables_idx').on(t.makeKey, t.modelKey, t.overallCondition, t.year, t.mileage, t.id),
    index('car_valuations_created_at_idx').on(t.createdAt),
    // Retention: requests nobody has touched for the retention period (with their events' times).
    index('car_valuations_updated_at_idx').on(t.updatedAt),
    // With the id (the order's tie-break), a page's ids come from the index alone, however deep.
    index('car_valuations_archived_created_at_id_idx').on(t.isArchived, newestFirst(t.createdAt), newestFirst(t.id)),
    index('car_valuations_status_idx').on(t.status),
    // The dashboard's status filter, newest first, on active or archived valuations (issue 11).
    index('car_valuations_archived_status_created_at_id_idx').on(
      t.isArchived,
      t.status,
      newestFirst(t.createdAt),
      newestFirst(t.id),
    ),
    // Requests for a registration, newest first: the plausibility checks' "submitted before" reads
    // only the few before a request's own time (issue 37), however often the car was sent. By the
    // registration alone, the oldest requests of a car sent a thousand times read all thousand. The
    // id breaks ties in the index's own order, so the few come out sorted, with no sort step.
    // is_archived last, after the order: a search by a whole registration (either list) counts and
    // pages its requests from the index alone, without visiting a row per request.
    index('car_valuations_registration_created_at_id_archived_idx').on(
      t.registration,
      newestFirst(t.createdAt),
      newestFirst(t.id),
      t.isArchived,
    ),
    // Who is calling: the latest valuation with the caller's number (features/calls).
    index('car_valuations_phone_e164_created_at_idx').on(t.phoneE164, newestFirst(t.createdAt)),
    // The dashboard's Popular Brands: an index-only scan of this (far smaller than the table)
    // groups every make by upper(make) without reading the rows (issue 11).
    index('car_valuations_make_idx').on(t.make),
    // The plausibility checks' "same e-mail on other open requests" (issue 37), in any case.
    index('car_valuations_email_lower_idx').on(sql`lower(${t.email})`),
    // "Mine": one owner's requests, newest first, as the main list's index is for everyone's.
    index('car_valuations_assigned_archived_created_at_id_idx').on(
      t.assignedUserId,
      t.isArchived,
      newestFirst(t.createdAt),
      newestFirst(t.id),
    ),
    // The 24-hour promise (issue 37): the open requests still waiting for a first answer, oldest
    // (least time left) first, for the dashboard's sort and the alert job; small however big the table.
    index('car_valuations_unanswered_created_at_id_idx')
      .on(t.createdAt, t.id)
      .where(
        sql`${t.firstAnsweredAt} IS NULL AND ${t.isArchived} = false AND ${t.status} NOT IN ('completed', 'lost')`,
      ),
    // The promise alert job's (issue 37): unanswered open requests whose breach alert has not gone,
    // oldest first. A request leaves it once alerted at 24 hours, so it holds about a day's requests;
    // the index above keeps every request never answered, and at a million rows the job read 141,000
    // of them every minute to find a few due (1.7 s on PostgreSQL, longer on PGlite, in the app's thread).
    index('car_valuations_promise_alert_due_idx')
      .on(t.createdAt, t.id)
      .where(
        sql`${t.promiseBreachSentAt} IS NULL AND ${t.firstAnsweredAt} IS NULL AND ${t.isArchived} = false AND ${t.status} NOT IN ('completed', 'lost')`,
      ),
    // The promise kept over the last 30 days: requests by day with their first answer, from the index alone.
    index('car_valuations_created_at_first_answered_at_idx').on(t.createdAt, t.firstAnsweredAt),
    check(
      'car_valuations_registration_normalised',
      sql`${t.registration} = upper(${t.registration}) AND ${t.registration} !~ '\\s'`,
    ),
    check('car_valuations_mileage_non_negative', sql`${t.mileage} >= 0`),
    check('car_valuations_scuffed_wheels_range', sql`${t.scuffedWheels} BETWEEN -1 AND 4`),
    check('car_valuations_tyres_range', sql`${t.tyresNeedReplacing} BETWEEN -1 AND 4`),
    check('car_valuations_finance_non_negative', sql`${t.financeAmountPence} >= 0`),
    check('car_valuations_settlement_non_negative', sql`${t.settlementPence} >= 0`),
    check('car_valuations_keys_count_range', sql`${t.keysCount} BETWEEN 1 AND ${sql.raw(String(KEYS_MAX))}`),
    check(
      'car_valuations_contact_preference_values',
      sql`${t.contactPreference} <@ ARRAY['call', 'text', 'whatsapp']::text[]`,
    ),
    check(
      'car_valuations_lost_reason',
      sql`${t.lostReason} IS NULL OR ${t.lostReason} IN (${sql.raw(lostReasons.map((r) => `'${r}'`).join(', '))})`,
    ),
    check('car_valuations_lost_has_reason', sql`(${t.status} = 'lost') = (${t.lostReason} IS NOT NULL)`),
    // Staff's search finds a typed reference by its stored form only (parseValuationReference).
    check(
      'car_valuations_reference_format',
      sql`${t.reference} ~ ${sql.raw(`'${VALUATION_REFERENCE_PATTERN.source}'`)}`,
    ),
  ],
);

/** Text compared byte by byte (collation "C"), so a word's prefix is one range of its index. */
const byteOrderedText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

/**
 * Staff's search index (issue 37, decision 005): each word of a request's name, make and model, its
 * registration, and its e-mail address whole (marked "@"), lower-cased, once per request, with the
 * request's time and archive state. A search for "smith" reads the words beginning with it
 * ("smith", "smithson") newest first from the index, twenty at a time, instead of checking every
 * request's text. Kept by the database itself: triggers on car_valuations (migration 0029,
 * `valuation_search_words_of`) add a request's words when it is made, replace them when its name,
 * address, car, time or archive state change or it is erased, and remove them with it. Nothing in
 * the app writes here.
 */
export const valuationSearchWords = pgTable(
  'valuation_search_words',
  {
    word: byteOrderedText('word').notNull(),
    /** The request's, so the active list's count of a word is read from the index alone. */
    isArchived: boolean('is_archived').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    valuationId: uuid('valuation_id').notNull(),
  },
  (t) => [
    uniqueIndex('valuation_search_words_word_archived_created_at_id_idx').on(
      t.word,
      t.isArchived,
      newestFirst(t.createdAt),
      newestFirst(t.valuationId),
    ),
  ],
);

export const valuationEventTypes = [
  'created',
  'viewed',
  'offer_sent',
  /** Sent to another dealer with the PDF report ({ dealerName, dealerEmail, messageId, includeContactDetails }). */
  'forwarded_to_dealer',
  'status_changed',
  'archived',
  'restored',
  /** The seller added photos after submitting ({ added: n }) or removed one. */
  'photos_added',
  'photo_removed',
  /** The seller told staff they no longer want marketing; staff recorded it (issue 18). */
  'marketing_consent_withdrawn',
  /** The seller's answers to an offer on their page (issue 34): { offerId, ... }. */
  'offer_accepted',
  'offer_declined',
  'fresh_offer_requested',
  /** A message on the request's conversation ({ messageId, author }). */
  'message_from_seller',
  'message_to_seller',
  /** "Lost your link?" sent the seller a new link. */
  'seller_link_resent',
  /** The seller's damage markers (issue 35): { markerId, panel, kind }. */
  'damage_marked',
  'damage_marker_changed',
  'damage_marker_removed',
  /** The seller's documents (issue 35): { documentId, kind, replaced }, { kind, reason }, { count }. */
  'document_uploaded',
  'document_verified',
  'document_rejected',
  'documents_requested',
  'keys_declared',
  /** Every needed document checked and the keys counted. */
  'documents_complete',
  /** Collection day (issue 36): { bookingId, date, slot, by }, and the old slot when moved. */
  'collection_booked',
  'collection_moved',
  'collection_cancelled',
  /** Staff confirmed the finance settlement: { lender, settlementPence, validUntil }. */
  'finance_confirmed',
  /** The handover at the door (issue 36): { mileage, keys, v5cHandedOver, sellerIsKeeper }, or why we did not buy. */
  'handover_recorded',
  'handover_refused',
  /** The Faster Payments that paid for the car: { payments: [{ payee, amountPence, reference, paidAt }] }. */
  'payment_recorded',
  /** The launch voucher: owed { voucherId, dueDate }, not owed { reason }, sent { voucherId }. */
  'voucher_owed',
  'voucher_not_owed',
  'voucher_sent',
  /** The staff pipeline (issue 37): the owner changed { fromUserId, toUserId, claimed }. */
  'assigned',
  /** Staff reached the seller: { contactId, channel, note }. */
  'contact_logged',
  /** The 24-hour promise's alerts: the 20-hour warning and the breach, { to: [...] }. */
  'promise_warning_sent',
  'promise_breached',
  /** A price revision at inspection (issue 37): { revisionId, ... }. */
  'price_revision_proposed',
  'price_revision_accepted',
  'price_revision_declined',
  /** Staff took back a revision before the seller answered: { revisionId, fromPence, toPence }. */
  'price_revision_withdrawn',
  /** The seller did not answer it in time; the accepted price stands: { revisionId, fromPence, toPence }. */
  'price_revision_lapsed',
] as const;
export type ValuationEventType = (typeof valuationEventTypes)[number];

export const valuationEvents = pgTable(
  'valuation_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    valuationId: uuid('valuation_id')
      .notNull()
      .references(() => carValuations.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 40 }).$type<ValuationEventType>().notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    // Set null, not cascade: the timeline outlives the admin who acted.
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('valuation_events_valuation_created_at_idx').on(t.valuationId, t.createdAt)],
);

/**
 * A contact staff logged with the seller (issue 37): the channel, what was said, who and when. The
 * first one (or the first offer) answers the request for the 24-hour promise.
 */
export const valuationContacts = pgTable(
  'valuation_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    valuationId: uuid('valuation_id')
      .notNull()
      .references(() => carValuations.id, { onDelete: 'cascade' }),
    channel: varchar('channel', { length: 12 }).$type<ContactChannel>().notNull(),
    note: text('note'),
    // Set null, not cascade: the record outlives the admin who made it.
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('valuation_contacts_valuation_created_at_idx').on(t.valuationId, t.createdAt),
    check(
      'valuation_contacts_channel',
      sql`${t.channel} IN (${sql.raw(contactChannels.map((c) => `'${c}'`).join(', '))})`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Public-site content
// ---------------------------------------------------------------------------------------------

export const purchasedVehicles = pgTable(
  'purchased_vehicles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    make: varchar('make', { length: 100 }).notNull(),
    model: varchar('model', { length: 100 }).notNull(),
    year: integer('year').notNull(),
    /** Internal only, never shown publicly; upper-cased. */
    registration: varchar('registration', { length: 20 }),
    fuelType: varchar('fuel_type', { length: 50 }),
    engineSize: varchar('engine_size', { length: 20 }),
    color: varchar('color', { length: 50 }),
    mileage: integer('mileage'),
    purchasePricePence: integer('purchase_price_pence'),
    location: varchar('location', { length: 100 }),
    description: text('description'),
    isVisible: boolean('is_visible').notNull().default(true),
    purchaseDate: calendarDate('purchase_date'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** `<photo id>_<width>x<height>` per photo, first shown first (src/shared/purchased-vehicle-basics.ts). */
    photoPaths: textList('photo_paths'),
  },
  (t) => [
    // The public list: visible ones, newest purchase first (undated last), then newest added.
    index('purchased_vehicles_public_order_idx')
      .on(t.purchaseDate.desc().nullsLast(), newestFirst(t.createdAt), newestFirst(t.id))
      .where(sql`${t.isVisible}`),
    // Staff's list: newest added first.
    index('purchased_vehicles_created_at_id_idx').on(newestFirst(t.createdAt), newestFirst(t.id)),
    check('purchased_vehicles_registration_upper', sql`${t.registration} = upper(${t.registration})`),
    check('purchased_vehicles_price_non_negative', sql`${t.purchasePricePence} >= 0`),
    check('purchased_vehicles_mileage_non_negative', sql`${t.mileage} >= 0`),
  ],
);

export const customerReviews = pgTable(
  'customer_reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    customerName: varchar('customer_name', { length: 255 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    rating: smallint('rating').notNull(),
    reviewTitle: varchar('review_title', { length: 255 }).notNull(),
    reviewText: text('review_text').notNull(),
    location: varchar('location', { length: 255 }),
    vehicleSold: varchar('vehicle_sold', { length: 255 }),
    isApproved: boolean('is_approved').notNull().default(false),
    isPublished: boolean('is_published').notNull().default(false),
    /** Set on rejection so a rejected review leaves the pending list without being deleted. */
    rejectedAt: timestamptz('rejected_at'),
    submittedAt: timestamptz('submitted_at').notNull().defaultNow(),
    approvedAt: timestamptz('approved_at'),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    /** The admin who rejected it (with rejectedAt); null while not rejected or once the account is gone. */
    rejectedBy: integer('rejected_by').references(() => users.id, { onDelete: 'set null' }),
    adminNotes: text('admin_notes'),
    /** Set on every change (submission and each moderation step): the public pages' data version. */
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Pending list: not approved (and not rejected), oldest or newest first.
    index('customer_reviews_pending_idx').on(t.isApproved, t.rejectedAt, t.submittedAt),
    // Public list: approved and published, newest first.
    index('customer_reviews_published_idx').on(t.isPublished, t.isApproved, newestFirst(t.submittedAt)),
    // The pages' data version: the latest change, read from the end of this index.
    index('customer_reviews_updated_at_idx').on(t.updatedAt),
    // Data requests: everything held about one e-mail address.
    index('customer_reviews_email_lower_idx').on(sql`lower(${t.email})`),
    check('customer_reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Analytics and telephony
// ---------------------------------------------------------------------------------------------

export const visitorAnalytics = pgTable(
  'visitor_analytics',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Already truncated by the app (DESIGN 7); never a full address. */
    ipAddress: varchar('ip_address', { length: 45 }),
    /** Daily-rotating hash, so visitors cannot be followed across days. */
    visitorHash: varchar('visitor_hash', { length: 64 }),
    userAgent: text('user_agent'),
    pagePath: varchar('page_path', { length: 2048 }).notNull(),
    referrer: text('referrer'),
    country: varchar('country', { length: 2 }),
    city: varchar('city', { length: 100 }),
    visitedAt: timestamptz('visited_at').notNull().defaultNow(),
  },
  // Only the retention clean-up reads raw rows (by age); staff's reports read the rollups below, so
  // every other index would only slow the writes.
  (t) => [index('visitor_analytics_visited_at_idx').on(t.visitedAt)],
);

/**
 * Visits rolled up by UK day (features/analytics): what staff's reports read, kept after the raw
 * rows are deleted. Unknown locations are '' (not NULL), so they can be part of a primary key.
 */
export const analyticsDailyTotals = pgTable('analytics_daily_totals', {
  day: calendarDate('day').primaryKey(),
  /** Unique visitors that day, across every page. */
  visitors: integer('visitors').notNull().default(0),
  pageViews: integer('page_views').notNull().default(0),
});

export const analyticsDailyPages = pgTable(
  'analytics_daily_pages',
  {
    day: calendarDate('day').notNull(),
    pagePath: varchar('page_path', { length: 2048 }).notNull(),
    views: integer('views').notNull().default(0),
    uniqueVisitors: integer('unique_visitors').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'analytics_daily_pages_pkey', columns: [t.day, t.pagePath] })],
);

export const analyticsDailyLocations = pgTable(
  'analytics_daily_locations',
  {
    day: calendarDate('day').notNull(),
    country: varchar('country', { length: 2 }).notNull(),
    city: varchar('city', { length: 100 }).notNull(),
    /** Unique visitors that day, each counted where their first view of the day came from. */
    visitors: integer('visitors').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'analytics_daily_locations_pkey', columns: [t.day, t.country, t.city] })],
);

/**
 * The visitor hashes already counted on a day (site-wide, and per page): a view adds a unique
 * visitor only when its hash is new here. Only today's and yesterday's are kept.
 */
export const analyticsDayVisitors = pgTable(
  'analytics_day_visitors',
  {
    day: calendarDate('day').notNull(),
    visitorHash: varchar('visitor_hash', { length: 64 }).notNull(),
  },
  (t) => [primaryKey({ name: 'analytics_day_visitors_pkey', columns: [t.day, t.visitorHash] })],
);

export const analyticsDayPageVisitors = pgTable(
  'analytics_day_page_visitors',
  {
    day: calendarDate('day').notNull(),
    pagePath: varchar('page_path', { length: 2048 }).notNull(),
    visitorHash: varchar('visitor_hash', { length: 64 }).notNull(),
  },
  (t) => [primaryKey({ name: 'analytics_day_page_visitors_pkey', columns: [t.day, t.pagePath, t.visitorHash] })],
);

/**
 * The day's random salt for visitor hashes, shared by every process. Each row is deleted once its
 * UK day is over, so no hash can be made again afterwards: visitors cannot be followed across days.
 */
export const analyticsSalts = pgTable('analytics_salts', {
  day: calendarDate('day').primaryKey(),
  salt: varchar('salt', { length: 64 }).notNull(),
});

/**
 * The recordings staff uploaded to replace a default voice message (features/calls, voice-audio.ts).
 * One row per message at most; the file is public under /uploads/voice/ with an unguessable name,
 * because Twilio fetches it.
 */
export const voiceAudio = pgTable('voice_audio', {
  type: varchar('type', { length: 20 }).primaryKey(),
  fileName: varchar('file_name', { length: 64 }).notNull(),
  contentType: varchar('content_type', { length: 50 }).notNull(),
  size: integer('size').notNull(),
  uploadedAt: timestamptz('uploaded_at').notNull().defaultNow(),
});

export const callLogs = pgTable(
  'call_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    callSid: varchar('call_sid', { length: 64 }).notNull().unique('call_logs_call_sid_key'),
    fromNumber: varchar('from_number', { length: 30 }),
    toNumber: varchar('to_number', { length: 30 }),
    status: varchar('status', { length: 20 }),
    direction: varchar('direction', { length: 20 }),
    /** Seconds. */
    duration: integer('duration'),
    recordingUrl: text('recording_url'),
    startTime: timestamptz('start_time'),
    endTime: timestamptz('end_time'),
    customerName: varchar('customer_name', { length: 200 }),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [
    index('call_logs_created_at_idx').on(t.createdAt),
    // Data requests: every call from or to one number.
    index('call_logs_from_number_idx').on(t.fromNumber),
    index('call_logs_to_number_idx').on(t.toNumber),
    // Hang Up looks for the calls still live, a handful among every call ever made.
    index('call_logs_live_idx')
      .on(t.status)
      .where(sql`status in ('queued', 'initiated', 'ringing', 'in-progress')`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Outbound e-mail and text messages: the outbox (src/server/features/messages)
// ---------------------------------------------------------------------------------------------

export const messageChannel = pgEnum('message_channel', messageChannels);
export const messageStatus = pgEnum('message_status', messageStatuses);

/** A file sent with an e-mail: a reference to the file store (src/server/storage), never the bytes. */
export type StoredAttachment = { filename: string; contentType: string; storageKey: string; size: number };

export const outboundMessages = pgTable(
  'outbound_messages',
  {
    // A UUID: ids appear in admin links, and nothing should be learnt from counting them.
    id: uuid('id').primaryKey().defaultRandom(),
    channel: messageChannel('channel').notNull(),
    /** An e-mail address, or an E.164 number for SMS. */
    recipient: varchar('recipient', { length: 320 }).notNull(),
    /** E-mail only. */
    subject: text('subject'),
    textBody: text('text_body').notNull(),
    /** E-mail only. */
    htmlBody: text('html_body'),
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    /** Which template rendered the content (src/server/features/messages/templates). */
    templateName: varchar('template_name', { length: 100 }).notNull(),
    valuationId: uuid('valuation_id').references(() => carValuations.id, { onDelete: 'cascade' }),
    /** The offer this message carries, so the offer history shows each message's delivery. */
    offerId: uuid('offer_id').references(() => valuationOffers.id, { onDelete: 'set null' }),
    /** The data-protection complaint the message is about; erasing the complaint erases its messages. */
    complaintId: uuid('complaint_id').references(() => dataProtectionComplaints.id, { onDelete: 'cascade' }),
    /**
     * When retention emptied the subject, bodies and attachments (the copy of what we sent); the
     * row stays so the Messages screen can still show that, when and how it was sent.
     */
    contentDeletedAt: timestamptz('content_deleted_at'),
    status: messageStatus('status').notNull().default('queued'),
    /** Attempts started, counted when a worker claims the message (so a crash mid-send counts). */
    attempts: smallint('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When a queued message may next be sent. */
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    /** While "sending": when another worker may take the message over (its worker died). */
    leaseExpiresAt: timestamptz('lease_expires_at'),
    /** While "sending": which claim holds it, so a worker whose lease ran out cannot overwrite a newer claim. */
    leaseToken: uuid('lease_token'),
    providerMessageId: varchar('provider_message_id', { length: 255 }),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The worker's claim query: due queued messages, and "sending" ones whose lease ran out.
    index('outbound_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'queued'`),
    index('outbound_messages_lease_idx')
      .on(t.leaseExpiresAt)
      .where(sql`${t.status} = 'sending'`),
    // The Messages screen: newest first, optionally of one status or channel.
    index('outbound_messages_created_at_idx').on(newestFirst(t.createdAt), newestFirst(t.id)),
    index('outbound_messages_status_created_at_idx').on(t.status, newestFirst(t.createdAt)),
    index('outbound_messages_channel_created_at_idx').on(t.channel, newestFirst(t.createdAt)),
    trigramIndex('outbound_messages_recipient_trgm_idx', sql`lower(${t.recipient})`),
    index('outbound_messages_valuation_idx').on(t.valuationId),
    index('outbound_messages_offer_idx').on(t.offerId),
    index('outbound_messages_complaint_idx').on(t.complaintId),
    // Retention: copies past their period whose content is still there.
    index('outbound_messages_content_kept_idx')
      .on(t.createdAt)
      .where(sql`${t.contentDeletedAt} is null`),
    check('outbound_messages_attempts_non_negative', sql`${t.attempts} >= 0`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Offers and road distances (issue 11)
// ---------------------------------------------------------------------------------------------

export const offerSendMethods = ['email', 'sms', 'both'] as const;
export type OfferSendMethod = (typeof offerSendMethods)[number];

/** A price offered to the seller by staff; its e-mail and SMS are outbound_messages with its id. */
export const valuationOffers = pgTable(
  'valuation_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    valuationId: uuid('valuation_id')
      .notNull()
      .references(() => carValuations.id, { onDelete: 'cascade' }),
    /** Integer pence (DESIGN 6). */
    amountPence: integer('amount_pence').notNull(),
    sendMethod: varchar('send_method', { length: 10 }).$type<OfferSendMethod>().notNull(),
    notes: text('notes'),
    // Set null, not cascade: the offer outlives the admin who made it.
    sentByUserId: integer('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** The instant it stops standing: 23:59:59 UK time, its validity in UK days after it was sent. */
    validUntil: timestamptz('valid_until').notNull(),
    /** The seller's declarations it rests on (OfferConditions), copied when it was made. */
    conditions: jsonb('conditions').$type<OfferConditions>().notNull(),
    /**
     * `open` until the seller answers, a newer offer supersedes it or it is found past its end
     * (`expired`); never edited otherwise (DESIGN section 9). An open offer past `validUntil` is
     * expired already, whether or not anything has written so yet.
     */
    status: varchar('status', { length: 12 }).$type<OfferStatus>().notNull().default('open'),
    /** When it stopped being open. */
    closedAt: timestamptz('closed_at'),
    /** What the seller gave as the reason when declining (optional). */
    declineReason: text('decline_reason'),
  },
  (t) => [
    index('valuation_offers_valuation_created_at_idx').on(t.valuationId, newestFirst(t.createdAt)),
    // At most one open offer per valuation: a new one supersedes it in the same transaction.
    uniqueIndex('valuation_offers_one_open_idx')
      .on(t.valuationId)
      .where(sql`${t.status} = 'open'`),
    // Staff's "Offer expired" filter: open offers by their end.
    index('valuation_offers_open_valid_until_idx')
      .on(t.validUntil)
      .where(sql`${t.status} = 'open'`),
    check('valuation_offers_amount_positive', sql`${t.amountPence} > 0`),
    check('valuation_offers_send_method', sql`${t.sendMethod} IN ('email', 'sms', 'both')`),
    check('valuation_offers_status', sql`${t.status} IN (${sql.raw(offerStatuses.map((v) => `'${v}'`).join(', '))})`),
    check('valuation_offers_closed_when_closed', sql`(${t.status} = 'open') = (${t.closedAt} IS NULL)`),
  ],
);

/**
 * The seller's acceptance of an offer (DESIGN section 9): what they accepted, when, on which
 * declarations, from where (the address truncated, as analytics does) and with what browser.
 */
export const offerAcceptances = pgTable(
  'offer_acceptances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => valuationOffers.id, { onDelete: 'cascade' })
      .unique('offer_acceptances_offer_key'),
    valuationId: uuid('valuation_id')
      .notNull()
      .references(() => carValuations.id, { onDelete: 'cascade' }),
    acceptedAt: timestamptz('accepted_at').notNull(),
    declarations: jsonb('declarations').$type<OfferConditions>().notNull(),
    /** IPv4 to its /24, IPv6 to its /48: enough to evidence, not to single out. */
    clientAddress: varchar('client_address', { length: 64 }).notNull(),
    userAgent: varchar('user_agent', { length: 512 }).notNull(),
  },
  (t) => [index('offer_acceptances_valuation_idx').on(t.valuationId)],
);

/**
 * The seller's secrets (DESIGN section 9): 256 bits each, only their SHA-256 kept. The first is the
 * upload token the success screen holds; every later message to the seller carries a new one (we
 * cannot send one we do not keep), and "Lost your link?" makes another. Each opens the seller's
 * page while the request is open and for a while after it closes.
 */
export const sellerSecrets = pgTable(
  'seller_secrets',
  {
    secretHash: char('secret_hash', { length: 64 }).primaryKey(),
    valuationId: uuid('valuation_id')
      .notNull()
      .references(() => carValuations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('seller_secrets_valuation_idx').on(t.valuationId),
    check('seller_secrets_hash_hex', sql`${t.secretHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

export const conversationAuthors = ['seller', 'staff'] as const;
export type ConversationAuthor = (typeof conversationAuthors)[number];

/** The conversation on a request: what the seller wrote from their page, and staff's answers. */
export const valuationMessages = pgTable(
  'valuation_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    valuationId: uuid('valuation_id')
      .notNull()
      .references(() => carValuations.id, { onDelete: 'cascade' }),
    author: varchar('author', { length: 10 }).$type<ConversationAuthor>().notNull(),
    // Set null, not cascade: the conversation outlives the admin who answered.
    staffUserId: integer('staff_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('valuation_messages_valuation_created_at_idx').on(t.valuationId, t.createdAt),
    check('valuation_messages_author', sql`${t.author} IN ('seller', 'staff')`),
  ],
);

/**
 * The seller's damage markers on the car diagram (issue 35; src/shared/car-diagram.ts): a panel, a
 * point on the drawing (fractions of its width and height), what kind of damage, a description,
 * and one of the request's photos as its close-up (by photo id; a removed photo simply drops out).
 */
export const valuationDamageMarkers = pgTable(
  'valuation_damage_markers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    valuationId: uuid('valuation_id')
      .notNull()
      .references(() => carValuations.id, { onDelete: 'cascade' }),
    panel: varchar('panel', { length: 30 }).$type<CarPanel>().notNull(),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    kind: varchar('kind', { length: 20 }).$type<DamageKind>().notNull(),
    description: text('description').notNull().default(''),
    photoId: varchar('photo_id', { length: 32 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('valuation_damage_markers_valuation_created_at_idx').on(t.valuationId, t.createdAt),
    check('valuation_damage_markers_place', sql`${t.x} BETWEEN 0 AND 1 AND ${t.y} BETWEEN 0 AND 1`),
    check('valuation_damage_markers_kind', sql`${t.kind} IN ('wheel', 'windscreen', 'dent', 'scratch', 'other')`),
  ],
);

/**
 * The seller's documents (issue 35, features/documents): at most one current file per kind and
 * request (a replacement takes the row's place), stored privately under random names as we rebuilt
 * it (a PDF re-made page by page, an image re-encoded: media/uploaded-document.ts), with a JPEG of
 * its first page for staff. A rejected one keeps its reason until the seller sends another.
 */
export const valuationDocuments = pgTable(
  'valuation_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    valuationId: uuid('valuation_id')
      .notNull()
      .references(() => carValuations.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 30 }).$type<DocumentKind>().notNull(),
    status: varchar('status', { length: 20 }).$type<DocumentStatus>().notNull().default('pending'),
    fileKey: text('file_key').notNull(),
    previewKey: text('preview_key').notNull(),
    mediaType: varchar('media_type', { length: 40 }).$type<'application/pdf' | 'image/jpeg'>().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    pages: smallint('pages').notNull(),
    rejectionReason: text('rejection_reason'),
    // Set null, not cascade: the record of a check outlives the admin who made it.
    reviewedByUserId: integer('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamptz('reviewed_at'),
    uploadedAt: timestamptz('uploaded_at').notNull(),
  },
  (t) => [
    uniqueIndex('valuation_documents_valuation_kind_key').on(t.valuationId, t.kind),
    check(
      'valuation_documents_kind',
      sql`${t.kind} IN ('v5c', 'driving_licence', 'service_history', 'settlement_letter')`,
    ),
    check('valuation_documents_status', sql`${t.status} IN ('pending', 'verified', 'rejected')`),
    check(
      'valuation_documents_rejected_has_reason',
      sql`(${t.status} = 'rejected') = (${t.rejectionReason} IS NOT NULL)`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Collection day (issue 36, features/collections)
// ---------------------------------------------------------------------------------------------

/** How many collections a working day takes in each slot unless the day says otherwise: one row. */
export const collectionSettings = pgTable(
  'collection_settings',
  {
    id: smallint('id').primaryKey().default(1),
    morningCapacity: smallint('morning_capacity').notNull(),
    afternoonCapacity: smallint('afternoon_capacity').notNull(),
    updatedAt: updatedAt(),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('collection_settings_one_row', sql`${t.id} = 1`),
    check(
      'collection_settings_capacity',
      sql`${t.morningCapacity} BETWEEN 0 AND ${sql.raw(String(SLOT_CAPACITY_MAX))} AND ${t.afternoonCapacity} BETWEEN 0 AND ${sql.raw(String(SLOT_CAPACITY_MAX))}`,
    ),
  ],
);

/** A day whose capacity staff changed (0 and 0: no collections that day), with why. */
export const collectionDays = pgTable(
  'collection_days',
  {
    date: calendarDate('date').primaryKey(),
    morningCapacity: smallint('morning_capacity').notNull(),
    afternoonCapacity: smallint('afternoon_capacity').notNull(),
    note: varchar('note', { length: 200 }).notNull().default(''),
    updatedAt: updatedAt(),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check(
      'collection_days_capacity',
      sql`${t.morningCapacity} BETWEEN 0 AND ${sql.raw(String(SLOT_CAPACITY_MAX))} AND ${t.afternoonCapacity} BETWEEN 0 AND ${sql.raw(String(SLOT_CAPACITY_MAX))}`,
    ),
  ],
);

/**
 * A collection slot held for a request: `booked` while it stands, `moved` when the seller took
 * another (a new row), `cancelled`, or `collected` once the car is ours. At most one `booked` per
 * request; the slot's count is the `booked` rows of its date and slot. The SMS reminder queued for
 * it is named so that moving or cancelling can take it back out of the outbox.
 */
export const collectionBookings = pgTable(
  'collection_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    valuationId: uuid('valuation_id')
      .notNull()
      .references(() => carValuations.id, { onDelete: 'cascade' }),
    date: calendarDate('date').notNull(),
    slot: varchar('slot', { length: 20 }).$type<CollectionSlot>().notNull(),
    status: varchar('status', { length: 20 }).$type<CollectionBookingStatus>().notNull().default('booked'),
    /** The seller's distance band when booked (it decided the earliest day), if known. */
    distanceBand: varchar('distance_band', { length: 20 }),
    bookedBy: varchar('booked_by', { length: 10 }).$type<'seller' | 'staff'>().notNull(),
    reminderMessageId: uuid('reminder_message_id'),
    createdAt: createdAt(),
    endedAt: timestamptz('ended_at'),
  },
  (t) => [
    uniqueIndex('collection_bookings_one_booked_key')
      .on(t.valuationId)
      .where(sql`${t.status} = 'booked'`),
    index('collection_bookings_booked_date_slot_idx')
      .on(t.date, t.slot)
      .where(sql`${t.status} = 'booked'`),
    index('collection_bookings_valuation_idx').on(t.valuationId, t.createdAt),
    check('collection_bookings_slot', sql`${t.slot} IN ('morning', 'afternoon')`),
    check('collection_bookings_status', sql`${t.status} IN ('booked', 'moved', 'cancelled', 'collected')`),
  ],
);

/**
 * What was recorded at the door on collection day (issue 36): the car as declared, with the mileage
 * read, the keys and the V5C handed over and whether the seller is the keeper the V5C names; or not
 * as declared, with why (the request is then lost: we did not buy it). One per request.
 */
export const collectionHandovers = pgTable(
  'collection_handovers',
  {
    valuationId: uuid('valuation_id')
      .primaryKey()
      .references(() => carValuations.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').references(() => collectionBookings.id, { onDelete: 'set null' }),
    condition: varchar('condition', { length: 20 }).$type<HandoverCondition>().notNull(),
    mileage: integer('mileage'),
    keys: smallint('keys'),
    v5cHandedOver: boolean('v5c_handed_over'),
    sellerIsKeeper: boolean('seller_is_keeper'),
    notes: varchar('notes', { length: 500 }),
    recordedByUserId: integer('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    recordedAt: timestamptz('recorded_at').notNull(),
  },
  (t) => [
    check('collection_handovers_condition', sql`${t.condition} IN ('as_declared', 'not_as_declared')`),
    check(
      'collection_handovers_as_declared',
      sql`${t.condition} <> 'as_declared' OR (${t.mileage} IS NOT NULL AND ${t.keys} IS NOT NULL AND ${t.v5cHandedOver} IS NOT NULL AND ${t.sellerIsKeeper} IS NOT NULL)`,
    ),
  ],
);

/**
 * A Faster Payment that paid for a car (issue 36): to the seller, or to the lender to settle the
 * finance; at most one of each per request, with the reference sent and the time it was sent.
 */
export const valuationPayments = pgTable(
  'valuation_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    valuationId: uuid('valuation_id')
      .notNull()
      .references(() => carValuations.id, { onDelete: 'cascade' }),
    payee: varchar('payee', { length: 10 }).$type<Payee>().notNull(),
    amountPence: integer('amount_pence').notNull(),
    reference: varchar('reference', { length: 18 }).notNull(),
    paidAt: timestamptz('paid_at').notNull(),
    recordedByUserId: integer('recorded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('valuation_payments_payee_key').on(t.valuationId, t.payee),
    check('valuation_payments_payee', sql`${t.payee} IN ('seller', 'lender')`),
    check('valuation_payments_amount', sql`${t.amountPence} > 0`),
  ],
);

/**
 * The launch voucher a completed sale earned (issue 36; SPEC section 1): owed until staff send it,
 * due within the promotion's working days. One per customer: `customer_key` is the seller's
 * e-mail address, lower-cased, and unique.
 */
export const launchVouchers = pgTable(
  'launch_vouchers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    valuationId: uuid('valuation_id')
      .notNull()
      .references(() => carValuations.id, { onDelete: 'cascade' }),
    customerKey: varchar('customer_key', { length: 255 }).notNull(),
    amountPounds: integer('amount_pounds').notNull(),
    brand: varchar('brand', { length: 100 }).notNull(),
    owedOn: calendarDate('owed_on').notNull(),
    dueDate: calendarDate('due_date').notNull(),
    status: varchar('status', { length: 10 }).$type<VoucherStatus>().notNull().default('owed'),
    code: varchar('code', { length: 64 }),
    sentAt: timestamptz('sent_at'),
    sentByUserId: integer('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('launch_vouchers_valuation_key').on(t.valuationId),
    uniqueIndex('launch_vouchers_customer_key').on(t.customerKey),
    index('launch_vouchers_owed_due_idx')
      .on(t.dueDate)
      .where(sql`${t.status} = 'owed'`),
    index('launch_vouchers_sent_idx')
      .on(t.sentAt)
      .where(sql`${t.status} = 'sent'`),
    check('launch_vouchers_status', sql`${t.status} IN ('owed', 'sent')`),
    check(
      'launch_vouchers_sent_has_code',
      sql`${t.status} = 'owed' OR (${t.code} IS NOT NULL AND ${t.sentAt} IS NOT NULL)`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Evidenced price revisions (issue 37, features/revisions)
// ---------------------------------------------------------------------------------------------

/**
 * The deductions table staff keep and `/how-we-value` publishes: an item, its amount (fixed when
 * `min_pence = max_pence`, else a range; per unit) and the evidence it needs, in the order shown.
 * Items are retired, never deleted: the revisions that used one still point at it.
 */
export const deductionItems = pgTable(
  'deduction_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: DEDUCTION_NAME_MAX_LENGTH }).notNull(),
    minPence: integer('min_pence').notNull(),
    maxPence: integer('max_pence').notNull(),
    evidence: varchar('evidence', { length: DEDUCTION_EVIDENCE_MAX_LENGTH }).notNull(),
    /** Its place in the table; only the items in use are ordered by it. */
    position: integer('position').notNull(),
    retiredAt: timestamptz('retired_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('deduction_items_in_use_position_idx')
      .on(t.position)
      .where(sql`${t.retiredAt} IS NULL`),
    // One item of a name in use at a time, whatever its case: the seller reads them as one list.
    uniqueIndex('deduction_items_in_use_name_key')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.retiredAt} IS NULL`),
    check('deduction_items_amounts', sql`${t.minPence} > 0 AND ${t.maxPence} >= ${t.minPence}`),
  ],
);

/**
 * A price revision staff proposed on an accepted offer (DESIGN section 9): the price agreed before it
 * and the revised price, until when it stands, and the seller's answer. `open` until the seller
 * accepts or declines it, staff withdraw it, or it is found past its end (`lapsed`); at most one is
 * open per request. An accepted one's `to_pence` is the agreed price from then on.
 */
export const priceRevisions = pgTable(
  'price_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    valuationId: uuid('valuation_id')
      .notNull()
      .references(() => carValuations.id, { onDelete: 'cascade' }),
    /** The accepted offer it revises. */
    offerId: uuid('offer_id')
      .notNull()
      .references(() => valuationOffers.id, { onDelete: 'cascade' }),
    fromPence: integer('from_pence').notNull(),
    toPence: integer('to_pence').notNull(),
    status: varchar('status', { length: 12 }).$type<RevisionStatus>().notNull().default('open'),
    validUntil: timestamptz('valid_until').notNull(),
    proposedByUserId: integer('proposed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    closedAt: timestamptz('closed_at'),
    /** Who withdrew it (staff); the seller's answers have no user. */
    closedByUserId: integer('closed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    declineReason: text('decline_reason'),
    /** The seller's acceptance, evidenced as an offer's is: the address truncated, and the browser. */
    clientAddress: varchar('client_address', { length: 64 }),
    userAgent: varchar('user_agent', { length: 512 }),
  },
  (t) => [
    index('price_revisions_valuation_created_at_idx').on(t.valuationId, newestFirst(t.createdAt)),
    uniqueIndex('price_revisions_one_open_key')
      .on(t.valuationId)
      .where(sql`${t.status} = 'open'`),
    check('price_revisions_lowers', sql`${t.toPence} > 0 AND ${t.toPence} < ${t.fromPence}`),
    check('price_revisions_status', sql`${t.status} IN (${sql.raw(revisionStatuses.map((v) => `'${v}'`).join(', '))})`),
    check('price_revisions_closed_when_closed', sql`(${t.status} = 'open') = (${t.closedAt} IS NULL)`),
  ],
);

/**
 * One difference from the seller's declarations: the deductions table's item (its name and evidence
 * copied as they read then), how many units at what amount each, and staff's note.
 */
export const priceRevisionItems = pgTable(
  'price_revision_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    revisionId: uuid('revision_id')
      .notNull()
      .references(() => priceRevisions.id, { onDelete: 'cascade' }),
    deductionId: uuid('deduction_id')
      .notNull()
      .references(() => deductionItems.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: DEDUCTION_NAME_MAX_LENGTH }).notNull(),
    evidence: varchar('evidence', { length: DEDUCTION_EVIDENCE_MAX_LENGTH }).notNull(),
    quantity: smallint('quantity').notNull(),
    unitPence: integer('unit_pence').notNull(),
    note: text('note').notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [
    index('price_revision_items_revision_idx').on(t.revisionId, t.position),
    index('price_revision_items_deduction_idx').on(t.deductionId),
    check('price_revision_items_quantity', sql`${t.quantity} BETWEEN 1 AND ${sql.raw(String(REVISION_QUANTITY_MAX))}`),
    check('price_revision_items_amount', sql`${t.unitPence} > 0`),
  ],
);

/**
 * Staff's photos of the differences, private like the seller's (re-encoded, no metadata, random
 * names): uploaded one by one as the form fills, then tied to an item when the revision is made.
 */
export const priceRevisionPhotos = pgTable(
  'price_revision_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    valuationId: uuid('valuation_id')
      .notNull()
      .references(() => carValuations.id, { onDelete: 'cascade' }),
    /** Null until the revision that uses it is made. */
    itemId: uuid('item_id').references(() => priceRevisionItems.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    uploadedByUserId: integer('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('price_revision_photos_valuation_idx').on(t.valuationId, t.createdAt),
    index('price_revision_photos_item_idx').on(t.itemId),
  ],
);

/**
 * Road distance and time from the collection base to a postcode, kept for a day (SPEC 9): from
 * Google's Routes API when it is configured, otherwise estimated from postcode-district centroids.
 */
export const distanceLookups = pgTable(
  'distance_lookups',
  {
    /** The destination postcode, upper-case with a single space (DESIGN 6). */
    postcode: varchar('postcode', { length: 8 }).notNull(),
    /** The collection base it was measured from, same form; a changed base misses the cache. */
    origin: varchar('origin', { length: 8 }).notNull(),
    /** The distance result as the API answers it. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    fetchedAt: timestamptz('fetched_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postcode, t.origin] }), index('distance_lookups_expires_at_idx').on(t.expiresAt)],
);

// ---------------------------------------------------------------------------------------------
// Vehicle lookups, idempotent requests and request limits (issue 10)
// ---------------------------------------------------------------------------------------------

/**
 * DVLA/DVSA answers kept for a day per registration: lookups cost money and have quotas, and a
 * seller often types the same registration twice. "Not found" is kept too, for a shorter time.
 */
export const vehicleLookups = pgTable(
  'vehicle_lookups',
  {
    /** Upper-case with no spaces (DESIGN 6). */
    registration: varchar('registration', { length: 10 }).primaryKey(),
    found: boolean('found').notNull(),
    /** The lookup result as the API answers it; null when the vehicle was not found. */
    data: jsonb('data').$type<Record<string, unknown>>(),
    fetchedAt: timestamptz('fetched_at').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('vehicle_lookups_expires_at_idx').on(t.expiresAt)],
);

/**
 * The back office's vehicle information (DVLA tab): DVLA's record and DVSA's MOT history combined,
 * kept for an hour ("not found" for 15 minutes) so that every server process, not only the one
 * that asked, reuses it (features/vehicle-data/vehicle-info-service.ts).
 */
export const vehicleInfoCache = pgTable(
  'vehicle_info_cache',
  {
    /** Upper-case with no spaces (DESIGN 6). */
    registration: varchar('registration', { length: 10 }).primaryKey(),
    /** `{ found: false }`, or `{ found: true, result }` with the answer as the API gives it. */
    outcome: jsonb('outcome').notNull().$type<Record<string, unknown>>(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('vehicle_info_cache_expires_at_idx').on(t.expiresAt)],
);

/**
 * A request sent again with the same Idempotency-Key (a double tap, a retry on a bad connection)
 * gets the first answer instead of doing the work twice. Keys are stored hashed, per scope.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Which operation, e.g. "POST /api/valuations". */
    scope: varchar('scope', { length: 100 }).notNull(),
    /** SHA-256 hex of the client's key. */
    keyHash: varchar('key_hash', { length: 64 }).notNull(),
    /** SHA-256 hex of the request body: the same key with a different body is refused. */
    requestHash: varchar('request_hash', { length: 64 }).notNull(),
    /** Null while the first request is still being handled. */
    responseStatus: smallint('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.keyHash] }), index('idempotency_keys_expires_at_idx').on(t.expiresAt)],
);

/** Requests per client in fixed windows, for limits that hold across server processes. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** Which limit, e.g. "vehicle-lookup". */
    bucket: varchar('bucket', { length: 50 }).notNull(),
    /** Usually the client address. */
    clientKey: varchar('client_key', { length: 100 }).notNull(),
    windowStart: timestamptz('window_start').notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.bucket, t.clientKey, t.windowStart] }),
    index('rate_limit_counters_window_start_idx').on(t.windowStart),
  ],
);

// ---------------------------------------------------------------------------------------------
// Privacy operations (issue 18): complaints, data requests, retention runs
// ---------------------------------------------------------------------------------------------

export const complaintStatuses = ['open', 'resolved'] as const;
export type ComplaintStatus = (typeof complaintStatuses)[number];

/**
 * A data-protection complaint sent with the contact page's form (DPA 2018 s.164A): staff are told,
 * the sender gets an acknowledgement, and staff mark it resolved once they have replied.
 */
export const dataProtectionComplaints = pgTable(
  'data_protection_complaints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Short and readable, quoted in the acknowledgement and by staff, e.g. "DP-7K3M9Q". */
    reference: varchar('reference', { length: 12 }).notNull().unique('data_protection_complaints_reference_key'),
    name: varchar('name', { length: 100 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    /** As typed; optional. */
    phone: varchar('phone', { length: 30 }),
    /** Normalised, for finding everything held about a number; null when absent or not normalisable. */
    phoneE164: varchar('phone_e164', { length: 16 }),
    details: text('details').notNull(),
    status: varchar('status', { length: 10 }).$type<ComplaintStatus>().notNull().default('open'),
    /** What staff did about it, written when they resolve it. */
    resolutionNote: text('resolution_note'),
    resolvedAt: timestamptz('resolved_at'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Staff's list: open ones first is a filter on this, newest first.
    index('data_protection_complaints_status_created_at_idx').on(t.status, newestFirst(t.createdAt), newestFirst(t.id)),
    index('data_protection_complaints_created_at_idx').on(newestFirst(t.createdAt), newestFirst(t.id)),
    index('data_protection_complaints_email_lower_idx').on(sql`lower(${t.email})`),
    index('data_protection_complaints_phone_e164_idx').on(t.phoneE164),
    check('data_protection_complaints_status', sql`${t.status} IN ('open', 'resolved')`),
  ],
);

export const dataRequestKinds = ['export', 'erasure'] as const;
export type DataRequestKind = (typeof dataRequestKinds)[number];

/**
 * The audit trail of subject access (export) and erasure requests staff carried out: who, when,
 * what kind, and how many records of each sort. Never the person's e-mail, phone or any erased
 * data: the entry must not bring back what it records deleting.
 */
export const dataRequestLog = pgTable(
  'data_request_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: varchar('kind', { length: 10 }).$type<DataRequestKind>().notNull(),
    /** Records found (export) or erased (erasure), by sort: { valuations: 2, photos: 5, ... }. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull(),
    // Set null, not cascade: the trail outlives the admin who acted; the name is kept beside it.
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorUsername: varchar('actor_username', { length: 50 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('data_request_log_created_at_idx').on(newestFirst(t.createdAt), newestFirst(t.id)),
    check('data_request_log_kind', sql`${t.kind} IN ('export', 'erasure')`),
  ],
);

/**
 * One row per UK day the retention clean-up ran: the unique day is the claim, so with several
 * server processes it runs once a day (whichever inserts the row first), and the row keeps what
 * it deleted for the back office.
 */
export const retentionRuns = pgTable('retention_runs', {
  day: calendarDate('day').primaryKey(),
  startedAt: timestamptz('started_at').notNull(),
  finishedAt: timestamptz('finished_at'),
  /** What was deleted, by sort: { valuations: 3, photos: 7, messageContents: 120, ... }. */
  deleted: jsonb('deleted').$type<Record<string, number>>().notNull().default({}),
  /** Why the run stopped early, if it did (shutdown, an error). */
  error: text('error'),
});

// ---------------------------------------------------------------------------------------------
// Relations (for `db.query.*` only; they create nothing in the database)
// ---------------------------------------------------------------------------------------------

export const usersRelations = relations(users, ({ many }) => ({
  sessions: many(sessions),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const carValuationsRelations = relations(carValuations, ({ many }) => ({
  events: many(valuationEvents),
}));

export const valuationEventsRelations = relations(valuationEvents, ({ one }) => ({
  valuation: one(carValuations, { fields: [valuationEvents.valuationId], references: [carValuations.id] }),
  actor: one(users, { fields: [valuationEvents.actorUserId], references: [users.id] }),
}));

export const customerReviewsRelations = relations(customerReviews, ({ one }) => ({
  approver: one(users, { fields: [customerReviews.approvedBy], references: [users.id] }),
}));

// ---------------------------------------------------------------------------------------------
// Row types
// ---------------------------------------------------------------------------------------------

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type LoginAttempt = typeof loginAttempts.$inferSelect;
export type NewLoginAttempt = typeof loginAttempts.$inferInsert;
export type CarValuation = typeof carValuations.$inferSelect;
export type NewCarValuation = typeof carValuations.$inferInsert;
export type ValuationEvent = typeof valuationEvents.$inferSelect;
export type NewValuationEvent = typeof valuationEvents.$inferInsert;
export type PurchasedVehicle = typeof purchasedVehicles.$inferSelect;
export type NewPurchasedVehicle = typeof purchasedVehicles.$inferInsert;
export type CustomerReview = typeof customerReviews.$inferSelect;
export type NewCustomerReview = typeof customerReviews.$inferInsert;
export type VisitorAnalytic = typeof visitorAnalytics.$inferSelect;
export type NewVisitorAnalytic = typeof visitorAnalytics.$inferInsert;
export type CallLog = typeof callLogs.$inferSelect;
export type OutboundMessage = typeof outboundMessages.$inferSelect;
export type VehicleLookupRow = typeof vehicleLookups.$inferSelect;
export type IdempotencyKey = typeof idempotencyKeys.$inferSelect;
export type NewOutboundMessage = typeof outboundMessages.$inferInsert;
export type NewCallLog = typeof callLogs.$inferInsert;
export type DataProtectionComplaint = typeof dataProtectionComplaints.$inferSelect;
export type DataRequestLogEntry = typeof dataRequestLog.$inferSelect;
export type RetentionRun = typeof retentionRuns.$inferSelect;
