import { describe, expect, it } from 'vitest';
import {
  distanceBadgeOf,
  distanceBandOf,
  distanceMessages,
  distanceProblemMessage,
  formatDistance,
  formatDuration,
} from './distance';

describe('distance bands (SPEC section 9)', () => {
  it.each([
    [0, 'Local', 'Local'],
    [50_000, 'Local', 'Local'],
    [50_001, 'Regional', 'Regional'],
    [150_000, 'Regional', 'Regional'],
    [150_001, 'Long Distance', 'Long'],
    [300_000, 'Long Distance', 'Long'],
    [300_001, 'Very Far', 'Very Far'],
    [1_200_000, 'Very Far', 'Very Far'],
  ])('%i m is %s, badge %s', (metres, band, badge) => {
    expect(distanceBandOf(metres)).toBe(band);
    expect(distanceBadgeOf({ status: 'OK', distanceValue: metres })).toBe(badge);
  });

  it('shows N/A without a distance', () => {
    expect(distanceBadgeOf(undefined)).toBe('N/A');
    expect(distanceBadgeOf({ status: 'ERROR' })).toBe('N/A');
    expect(distanceBadgeOf({ status: 'NOT_FOUND', distanceValue: 1000 })).toBe('N/A');
  });

  it("says SPEC's words when there is no distance", () => {
    expect(distanceProblemMessage('OK')).toBeUndefined();
    expect(distanceProblemMessage('ERROR')).toBe('Unable to calculate distance');
    expect(distanceProblemMessage('NOT_FOUND')).toBe('Distance unavailable');
    expect(distanceProblemMessage('ZERO_RESULTS')).toBe(distanceMessages.unavailable);
  });
});

describe('formatting', () => {
  it.each([
    [0, '0 m'],
    [850, '850 m'],
    [1_000, '1.0 km'],
    [4_240, '4.2 km'],
    [9_960, '10 km'],
    [999, '999 m'],
    [42_487, '42 km'],
    [251_300, '251 km'],
  ])('%i m is "%s"', (metres, text) => expect(formatDistance(metres)).toBe(text));

  it.each([
    [0, '1 min'],
    [60, '1 min'],
    [2_460, '41 mins'],
    [3_600, '1 hour'],
    [5_700, '1 hour 35 mins'],
    [7_260, '2 hours 1 min'],
    [12_000, '3 hours 20 mins'],
  ])('%i s is "%s"', (seconds, text) => expect(formatDuration(seconds)).toBe(text));
});
