/**
 * How long we keep personal data (UK GDPR Art 5(1)(e)). One list, used by the
 * clean-up jobs and shown word for word in the privacy policy, so the policy
 * can never promise something the system does not do.
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
