import { describe, expect, it } from 'vitest';
import { DEFAULT_PROMOTION, isAdvertised, promotionPeriod, promotionPhase, ukDate, voucherLabel } from './promotion';

describe('the launch promotion', () => {
  const at = (iso: string) => promotionPhase(DEFAULT_PROMOTION, new Date(iso));

  it('is hidden before it is announced, advertised from the announcement to the last day, then ended', () => {
    expect(at('2025-05-31T22:59:59Z')).toBe('not-announced'); // 23:59:59 BST on 31 May
    expect(at('2025-05-31T23:00:00Z')).toBe('announced'); // midnight BST, 1 June
    expect(at('2025-07-01T00:30:00+01:00')).toBe('running');
    expect(at('2025-08-31T23:59:00+01:00')).toBe('running'); // inclusive, UK time
    expect(at('2025-09-01T00:00:00+01:00')).toBe('ended');
    expect(isAdvertised(at('2025-06-15T12:00:00Z'))).toBe(true);
    expect(isAdvertised(at('2026-11-22T12:00:00Z'))).toBe(false);
  });

  it('reads the same everywhere', () => {
    expect(promotionPeriod(DEFAULT_PROMOTION)).toBe('1 July to 31 August 2025');
    expect(promotionPeriod({ startDate: '2025-12-01', endDate: '2026-01-31' })).toBe(
      '1 December 2025 to 31 January 2026',
    );
    expect(voucherLabel(DEFAULT_PROMOTION)).toBe('£100 Love2Shop digital voucher');
    expect(ukDate(new Date('2025-03-30T23:30:00Z'))).toBe('2025-03-31');
  });

  it('gives the UK date of any instant, asked again within the hour or not', () => {
    // Summer: midnight is 23:00 UTC. Winter: 00:00 UTC. Each asked twice, the second from what is kept.
    for (let round = 0; round < 2; round += 1) {
      expect(ukDate(new Date('2026-06-30T22:59:59.999Z'))).toBe('2026-06-30');
      expect(ukDate(new Date('2026-06-30T23:00:00Z'))).toBe('2026-07-01');
      expect(ukDate(new Date('2026-06-30T23:59:59Z'))).toBe('2026-07-01');
      expect(ukDate(new Date('2026-12-31T23:59:59Z'))).toBe('2026-12-31');
      expect(ukDate(new Date('2027-01-01T00:00:00Z'))).toBe('2027-01-01');
      // The clocks go back at 01:00 UTC on 25 October 2026: still the 25th either side.
      expect(ukDate(new Date('2026-10-25T00:30:00Z'))).toBe('2026-10-25');
      expect(ukDate(new Date('2026-10-25T01:30:00Z'))).toBe('2026-10-25');
    }
  });
});
