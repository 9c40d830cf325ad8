import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '~/server/config';
import { RETENTION_DEFAULTS } from '~/shared/retention';

/** The RETENTION_* settings: one source for the job's periods and the privacy policy's numbers. */

function problemsFor(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('retention periods from the environment', () => {
  it('are the defaults of src/shared/retention.ts when unset or empty', () => {
    expect(loadConfig({}).retention).toEqual(RETENTION_DEFAULTS);
    expect(loadConfig({ RETENTION_VALUATION_MONTHS: '' }).retention.valuationLeadsMonths).toBe(12);
    expect(RETENTION_DEFAULTS).toEqual({
      valuationLeadsMonths: 12,
      sentMessagesDays: 90,
      visitRecordsDays: 30,
      unpublishedReviewsMonths: 12,
      callRecordingsDays: 90,
      sellerDocumentsDays: 90,
      resolvedComplaintsMonths: 24,
    });
  });

  it('take whole numbers for each period', () => {
    expect(
      loadConfig({
        RETENTION_VALUATION_MONTHS: '18',
        RETENTION_MESSAGE_CONTENT_DAYS: '60',
        RETENTION_VISIT_RECORDS_DAYS: ' 14 ',
        RETENTION_UNPUBLISHED_REVIEW_MONTHS: '6',
        RETENTION_CALL_RECORDINGS_DAYS: '30',
        RETENTION_DOCUMENTS_DAYS: '180',
        RETENTION_RESOLVED_COMPLAINT_MONTHS: '36',
      }).retention,
    ).toEqual({
      valuationLeadsMonths: 18,
      sentMessagesDays: 60,
      visitRecordsDays: 14,
      unpublishedReviewsMonths: 6,
      callRecordingsDays: 30,
      sellerDocumentsDays: 180,
      resolvedComplaintsMonths: 36,
    });
  });

  it('name the setting and say what is wrong, every one at once', () => {
    expect(
      problemsFor({
        RETENTION_VALUATION_MONTHS: '0',
        RETENTION_MESSAGE_CONTENT_DAYS: 'ninety',
        RETENTION_VISIT_RECORDS_DAYS: '2.5',
        RETENTION_RESOLVED_COMPLAINT_MONTHS: '121',
        RETENTION_CALL_RECORDINGS_DAYS: '-1',
        RETENTION_UNPUBLISHED_REVIEW_MONTHS: '99999',
        RETENTION_DOCUMENTS_DAYS: '3651',
      }),
    ).toEqual([
      'RETENTION_VALUATION_MONTHS: must be a whole number of months from 1 to 120 (got "0")',
      'RETENTION_MESSAGE_CONTENT_DAYS: must be a whole number of days from 1 to 3650 (got "ninety")',
      'RETENTION_VISIT_RECORDS_DAYS: must be a whole number of days from 1 to 3650 (got "2.5")',
      'RETENTION_UNPUBLISHED_REVIEW_MONTHS: must be a whole number of months from 1 to 120 (got "99999")',
      'RETENTION_CALL_RECORDINGS_DAYS: must be a whole number of days from 1 to 3650 (got "-1")',
      'RETENTION_DOCUMENTS_DAYS: must be a whole number of days from 1 to 3650 (got "3651")',
      'RETENTION_RESOLVED_COMPLAINT_MONTHS: must be a whole number of months from 1 to 120 (got "121")',
    ]);
  });
});

describe('RETENTION_DOCUMENTS_DAYS', () => {
  it('is 90 days when unset or empty, and takes 1 to 3650 whole days', () => {
    expect(loadConfig({}).retention.sellerDocumentsDays).toBe(90);
    expect(loadConfig({ RETENTION_DOCUMENTS_DAYS: '' }).retention.sellerDocumentsDays).toBe(90);
    expect(loadConfig({ RETENTION_DOCUMENTS_DAYS: '1' }).retention.sellerDocumentsDays).toBe(1);
    expect(loadConfig({ RETENTION_DOCUMENTS_DAYS: '3650' }).retention.sellerDocumentsDays).toBe(3650);
    expect(problemsFor({ RETENTION_DOCUMENTS_DAYS: '0' })).toEqual([
      'RETENTION_DOCUMENTS_DAYS: must be a whole number of days from 1 to 3650 (got "0")',
    ]);
    expect(problemsFor({ RETENTION_DOCUMENTS_DAYS: 'ninety' })).toEqual([
      'RETENTION_DOCUMENTS_DAYS: must be a whole number of days from 1 to 3650 (got "ninety")',
    ]);
  });
});
