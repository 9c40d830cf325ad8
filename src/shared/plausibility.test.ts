import { describe, expect, it } from 'vitest';
import {
  lastMotReading,
  MOT_DUE_SOON_DAYS,
  PLAUSIBILITY_LINKS_SHOWN,
  plausibilityFlags,
  plausibilityFlagSchema,
  plausibilityUnchecked,
  storedMotReading,
  V5C_RECENT_DAYS,
  type PlausibilityFacts,
  type RelatedRequest,
} from './plausibility';

/**
 * The plausibility checks' rules (issue 37), without a database: each flag, and where each stops
 * (the boundaries are "not flagged": 14 days' MOT left, a V5C 30 days old, the mileage equal).
 */

/** 10:00 on Monday 2 March 2026, UK time (GMT). */
const NOW = new Date('2026-03-02T10:00:00Z');

const clean: PlausibilityFacts = {
  registration: 'AB12CDE',
  mileage: 45_000,
  createdAt: new Date('2026-03-01T12:00:00Z'),
  motExpiryDate: '2026-09-01',
  motStatus: 'Valid',
  markedForExport: false,
  dateOfLastV5CIssued: '2021-05-20',
  outstandingFinance: 'no',
  settlementPence: null,
  motLastOdometerMiles: 40_000,
  motLastTestOn: '2025-09-03',
};
const none = { earlier: [], sameContact: [] };
const flagsOf = (facts: Partial<PlausibilityFacts>, now = NOW) => plausibilityFlags({ ...clean, ...facts }, none, now);
const kinds = (facts: Partial<PlausibilityFacts>, now = NOW) => flagsOf(facts, now).map((f) => f.kind);

const related = (n: number, overrides: Partial<RelatedRequest> = {}): RelatedRequest => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  reference: `CB-222-22${'ABCDEFGHJK'[n]}`,
  createdAt: new Date(Date.UTC(2026, 0, 1 + n, 9)),
  status: 'new',
  isArchived: false,
  samePhone: false,
  sameEmail: false,
  ...overrides,
});

describe('plausibility checks', () => {
  it('raise nothing for a request where everything adds up', () => {
    expect(flagsOf({})).toEqual([]);
  });

  it('flag a declared mileage below the last MOT reading, saying both and when; equal is fine', () => {
    const [flag] = flagsOf({ mileage: 42_000, motLastOdometerMiles: 48_210, motLastTestOn: '2026-03-03' });
    expect(flag).toEqual({
      kind: 'mileage_below_mot',
      severity: 'warning',
      message: expect.stringMatching(
        /^Declared mileage \(42,000\) is lower than the last MOT reading \(48,210 miles on 3 March 2026\)\. Ask the seller before making an offer/,
      ),
    });
    expect(kinds({ mileage: 48_210, motLastOdometerMiles: 48_210 })).toEqual([]);
    expect(kinds({ mileage: 48_209, motLastOdometerMiles: 48_210 })).toEqual(['mileage_below_mot']);
    // No reading known: not flagged, and said to be unchecked.
    expect(kinds({ mileage: 1, motLastOdometerMiles: null })).toEqual([]);
    expect(plausibilityUnchecked({ ...clean, motLastOdometerMiles: null }).map((u) => u.check)).toEqual(['mileage']);
  });

  it(`flag an MOT that has run out, or runs out within ${MOT_DUE_SOON_DAYS} days (not on the 14th day)`, () => {
    expect(kinds({ motExpiryDate: '2026-03-01' })).toEqual(['mot_expired']);
    expect(flagsOf({ motExpiryDate: '2026-02-20' })[0]?.message).toMatch(
      /^The MOT ran out on 20 February 2026 \(10 days ago\)/,
    );
    expect(flagsOf({ motExpiryDate: '2026-03-02' })[0]).toMatchObject({
      kind: 'mot_due_soon',
      severity: 'info',
      message: expect.stringContaining('2 March 2026, today'),
    });
    expect(flagsOf({ motExpiryDate: '2026-03-03' })[0]?.message).toContain('tomorrow');
    expect(flagsOf({ motExpiryDate: '2026-03-15' })[0]?.message).toContain('in 13 days');
    expect(kinds({ motExpiryDate: '2026-03-16' })).toEqual([]);
    // DVLA's "Not valid" with no date is an expired MOT too; no date and no such word: unchecked.
    expect(kinds({ motExpiryDate: null, motStatus: 'Not valid' })).toEqual(['mot_expired']);
    expect(kinds({ motExpiryDate: null, motStatus: 'No details held by DVLA' })).toEqual([]);
    expect(plausibilityUnchecked({ ...clean, motExpiryDate: null, motStatus: null }).map((u) => u.check)).toEqual([
      'mot',
    ]);
  });

  it('count the MOT days in UK time, from the app’s clock', () => {
    // 23:30 UTC on 1 June is 00:30 on 2 June in London (BST): the MOT that ran out on 1 June has.
    const lateEvening = new Date('2026-06-01T23:30:00Z');
    expect(kinds({ motExpiryDate: '2026-06-01' }, lateEvening)).toEqual(['mot_expired']);
    expect(kinds({ motExpiryDate: '2026-06-16' }, lateEvening)).toEqual([]);
    expect(kinds({ motExpiryDate: '2026-06-15' }, lateEvening)).toEqual(['mot_due_soon']);
  });

  it('flag a car marked for export; false or unknown is not', () => {
    expect(flagsOf({ markedForExport: true })).toEqual([
      { kind: 'marked_for_export', severity: 'warning', message: expect.stringContaining('marks this car for export') },
    ]);
    expect(kinds({ markedForExport: null })).toEqual([]);
    expect(plausibilityUnchecked({ ...clean, markedForExport: null }).map((u) => u.check)).toEqual(['export']);
  });

  it(`flag a V5C issued fewer than ${V5C_RECENT_DAYS} days before the request came in (UK days)`, () => {
    // Requested on 1 March 2026.
    expect(flagsOf({ dateOfLastV5CIssued: '2026-02-25' })[0]?.message).toMatch(
      /^The logbook \(V5C\) was issued on 25 February 2026, 4 days before this request\./,
    );
    expect(flagsOf({ dateOfLastV5CIssued: '2026-03-01' })[0]?.message).toContain('the day this request came in');
    expect(kinds({ dateOfLastV5CIssued: '2026-01-31' })).toEqual(['v5c_recent']); // 29 days
    expect(kinds({ dateOfLastV5CIssued: '2026-01-30' })).toEqual([]); // 30 days
    expect(kinds({ dateOfLastV5CIssued: null })).toEqual([]);
  });

  it('flag finance declared without a confirmed settlement figure', () => {
    expect(kinds({ outstandingFinance: 'yes' })).toEqual(['finance_without_settlement']);
    expect(kinds({ outstandingFinance: 'yes', settlementPence: 812_500 })).toEqual([]);
    expect(kinds({ outstandingFinance: 'no' })).toEqual([]);
  });

  it('link earlier requests for the registration, newest first, and say when another seller sent one', () => {
    const sameSeller = plausibilityFlags(clean, { earlier: [related(1, { samePhone: true })], sameContact: [] }, NOW);
    expect(sameSeller).toEqual([
      {
        kind: 'registration_seen_before',
        severity: 'info',
        message: expect.stringMatching(
          /^This car \(AB12 CDE\) was submitted before by the same seller, in 1 earlier request\./,
        ),
        links: [{ id: related(1).id, reference: 'CB-222-22B', label: 'received 2 January 2026, New, same seller' }],
      },
    ]);
    const earlier = [related(1, { sameEmail: true }), related(3, { status: 'lost', isArchived: true })];
    const [flag] = plausibilityFlags(clean, { earlier, sameContact: [] }, NOW);
    expect(flag).toMatchObject({ severity: 'warning', message: expect.stringContaining('2 earlier requests') });
    expect(flag?.links?.map((l) => l.label)).toEqual([
      'received 4 January 2026, Lost, archived, another seller',
      'received 2 January 2026, New, same seller',
    ]);
  });

  it('link the other open requests with the phone number or e-mail, and say "more than" past the links shown', () => {
    const sameContact = [related(1, { samePhone: true }), related(2, { sameEmail: true, samePhone: true })];
    const [flag] = plausibilityFlags(clean, { earlier: [], sameContact }, NOW);
    expect(flag).toMatchObject({
      kind: 'contact_on_open_requests',
      severity: 'info',
      message: expect.stringMatching(/^The same phone number or e-mail address is on 2 other open requests\./),
    });
    expect(flag?.links?.map((l) => l.label)).toEqual([
      'received 3 January 2026, New, same phone number and e-mail',
      'received 2 January 2026, New, same phone number',
    ]);
    const many = Array.from({ length: PLAUSIBILITY_LINKS_SHOWN + 1 }, (_, i) => related(i, { sameEmail: true }));
    const [more] = plausibilityFlags(clean, { earlier: [], sameContact: many }, NOW);
    expect(more?.message).toMatch(/^The same e-mail address is on more than 5 other open requests\./);
    expect(more?.links).toHaveLength(PLAUSIBILITY_LINKS_SHOWN);
  });

  it('give flags the API schema takes, in the checks’ order', () => {
    const flags = plausibilityFlags(
      { ...clean, mileage: 1_000, motExpiryDate: '2026-03-01', markedForExport: true, outstandingFinance: 'yes' },
      { earlier: [related(1)], sameContact: [related(2, { samePhone: true })] },
      NOW,
    );
    expect(flags.map((f) => f.kind)).toEqual([
      'mileage_below_mot',
      'mot_expired',
      'marked_for_export',
      'finance_without_settlement',
      'registration_seen_before',
      'contact_on_open_requests',
    ]);
    for (const flag of flags) expect(plausibilityFlagSchema.parse(flag)).toEqual(flag);
  });
});

describe('the last MOT reading', () => {
  const test = (
    completedDate: string,
    odometerValue: number | null,
    unit: 'mi' | 'km' | null = 'mi',
    type = 'READ',
  ) => ({
    completedDate,
    odometerValue,
    odometerUnit: odometerValue === null ? null : unit,
    odometerResultType: odometerValue === null ? type : 'READ',
  });

  it('is the newest read one, in whole miles rounded down, with its UK day', () => {
    const tests = [
      test('2025-03-02T10:00:00Z', 48_210),
      test('2026-03-01T10:00:00Z', null, null, 'UNREADABLE'),
      test('2024-03-01T10:00:00Z', 39_874),
    ];
    expect(lastMotReading(tests)).toMatchObject({ value: 48_210, miles: 48_210 });
    expect(storedMotReading([test('2025-06-30T23:30:00Z', 80_000, 'km')])).toEqual({
      miles: 49_709,
      testedOn: '2025-07-01',
    });
    expect(storedMotReading([test('2025-06-30T23:30:00Z', null, null, 'NO_ODOMETER')])).toBeUndefined();
    expect(storedMotReading([])).toBeUndefined();
  });
});
