/**
 * How long we keep personal data (UK GDPR Art 5(1)(e)), shown word for word in
 * the privacy policy (src/client/features/public/legal/privacy-policy-page.tsx).
 *
 * No job deletes any of these yet: they are the periods we commit to, and the
 * policy says that, until automated deletion arrives (the privacy operations
 * issue), staff delete such records by hand. What is deleted automatically today
 * is in AUTOMATIC_DELETION below: back-office sign-in data (expired sessions and
 * sign-in records) and raw page-visit records, removed by the clean-up jobs in
 * src/server/jobs, which the policy lists separately. When a job starts enforcing one of the periods in
 * RETENTION, move it to AUTOMATIC_DELETION and the policy's "deleted
 * automatically" list.
 *
 * Proposed by SECURITY.md section 2; the business should confirm them.
 */
export const RETENTION = {
  /** Valuation requests that did not lead to a sale. */
  valuationLeadsMonths: 12,
  /** Records of cars we bought: what company and tax law require (six years after the financial year). */
  purchaseRecordsYears: 6,
  /** Copies of e-mails and text messages we sent. */
  sentMessagesDays: 90,
  /** Server logs. */
  serverLogsDays: 30,
  /** Call recordings and voicemail. */
  callRecordingsDays: 90,
  /** Customer reviews we publish stay until the author asks us to remove them; unpublished ones this long. */
  unpublishedReviewsMonths: 12,
} as const;

/**
 * Data deleted automatically by the clean-up jobs. The server's session store,
 * sign-in limits and visit records' clean-up use these very numbers, so the
 * privacy policy cannot drift from what the system does.
 */
export const AUTOMATIC_DELETION = {
  /**
   * Raw page-visit records (features/analytics); after this only daily totals remain. The
   * day's visitor ids and the salt that made them go when the day is over.
   */
  visitRecordsDays: 30,
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
