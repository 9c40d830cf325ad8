/**
 * How long we keep personal data (UK GDPR Art 5(1)(e)), shown word for word in
 * the privacy policy (src/client/features/public/legal/privacy-policy-page.tsx).
 *
 * No job deletes any of these yet: they are the periods we commit to, and the
 * policy says that, until automated deletion arrives (the privacy operations
 * issue), staff delete such records by hand. What is deleted automatically today
 * is only back-office sign-in data: expired sessions and sign-in attempt records,
 * removed by the clean-up job in src/server/jobs (periods in
 * src/server/auth/sessions.ts and login-throttle.ts), which the policy lists
 * separately. When a job starts enforcing one of the periods below, move it to
 * the policy's "deleted automatically" list.
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
  /** Raw page-visit records; after this only daily totals remain. */
  visitRecordsDays: 30,
  /** Server logs. */
  serverLogsDays: 30,
  /** Call recordings and voicemail. */
  callRecordingsDays: 90,
  /** Customer reviews we publish stay until the author asks us to remove them; unpublished ones this long. */
  unpublishedReviewsMonths: 12,
} as const;

/** Answering a request to see or erase your data (UK GDPR Art 12(3)). */
export const RIGHTS_RESPONSE = { normalMonths: 1, extendedMonths: 2 } as const;
