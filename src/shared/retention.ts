/**
 * How long we keep personal data (UK GDPR Art 5(1)(e)), shown word for word in the privacy
 * policy's "How Long We Keep It" (src/client/features/public/legal/privacy-policy-page.tsx).
 *
 * RETENTION_DEFAULTS are the periods the daily retention job enforces
 * (src/server/features/retention): once a UK day, it deletes what is past its period. Each one
 * can be changed with its RETENTION_* setting (src/server/config.ts, README); the server hands
 * the periods in force to the pages (SiteConfig.retention), so the policy shows the very numbers
 * the job uses. AUTOMATIC_DELETION holds the fixed periods of back-office sign-in data, deleted by
 * the sign-in clean-up job every few minutes.
 *
 * Proposed by SECURITY.md section 2; the business should confirm them.
 */
export const RETENTION_DEFAULTS = {
  /**
   * Valuation requests nobody has touched for this long (their last change or timeline event,
   * archiving included), with their photos, documents, offers, timeline and messages.
   * RETENTION_VALUATION_MONTHS.
   */
  valuationLeadsMonths: 12,
  /**
   * Copies of e-mails and text messages we sent: their subject, text, HTML and attachments are
   * emptied this long after they were queued; the row stays (when, to whom, whether it went).
   * RETENTION_MESSAGE_CONTENT_DAYS.
   */
  sentMessagesDays: 90,
  /**
   * Raw page-visit records (features/analytics); after this only daily totals remain. The day's
   * visitor ids and the salt that made them go when the day is over, whatever this says.
   * RETENTION_VISIT_RECORDS_DAYS.
   */
  visitRecordsDays: 30,
  /**
   * Our reference to a call recording or voicemail (call_logs.recording_url), this long after the
   * call; the back office can no longer play it. RETENTION_CALL_RECORDINGS_DAYS.
   */
  callRecordingsDays: 90,
  /**
   * Copies of the seller's documents (issue 35: V5C logbook, driving licence, service history,
   * settlement letter), with their previews, this long after the request closed (completed or
   * lost). Long enough to deal with a disputed sale (a keeper who was not the seller, a finance
   * company still owed); short, because a licence and a logbook are identity documents we need
   * only to buy the car. The checklist's state (complete, the number of keys) stays with the
   * request. RETENTION_DOCUMENTS_DAYS.
   */
  sellerDocumentsDays: 90,
  /** Customer reviews not published, this long after they were sent. RETENTION_UNPUBLISHED_REVIEW_MONTHS. */
  unpublishedReviewsMonths: 12,
  /** Data-protection complaints, this long after staff resolved them. RETENTION_RESOLVED_COMPLAINT_MONTHS. */
  resolvedComplaintsMonths: 24,
} as const;

/** The periods in force: the defaults above, or what the RETENTION_* settings say. */
export type RetentionPeriods = { readonly [K in keyof typeof RETENTION_DEFAULTS]: number };

/**
 * Every period the privacy policy states, at its default. Beside the job's periods, two that no
 * job of this system enforces: records of cars we bought live in the accounts, not here, and
 * server logs are kept by the host (the server writes them to standard output and stores none).
 */
export const RETENTION = {
  ...RETENTION_DEFAULTS,
  /** Records of cars we bought: what company and tax law require (six years after the financial year). */
  purchaseRecordsYears: 6,
  /** Server logs. */
  serverLogsDays: 30,
} as const;

/**
 * Back-office sign-in data, deleted automatically by the sign-in clean-up job (src/server/jobs).
 * The session store and the sign-in limits use these very numbers, so the privacy policy cannot
 * drift from what the system does.
 */
export const AUTOMATIC_DELETION = {
  /** Failed sign-in attempts (username and address): all the limits need, plus a day's record. */
  failedSignInHours: 24,
  /**
   * Successful sign-ins (username and address): they tell which addresses a user
   * really signs in from, which are exempt from the slower per-username limit.
   */
  successfulSignInDays: 30,
  /** A staff session ends (and is deleted) at the latest this long after signing in. */
  sessionMaxHours: 12,
} as const;

/** Answering a request to see or erase your data (UK GDPR Art 12(3)). */
export const RIGHTS_RESPONSE = { normalMonths: 1, extendedMonths: 2 } as const;
