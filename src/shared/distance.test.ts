import { describe, expect, it } from 'vitest';
import {
  distanceBadgeOf,
  distanceBandOf,
  distanceMessages,
  distanceProblemMessage,
  distanceSummary,
  formatDistance,
  formatDuration,
  formatMiles,
  roadDistanceText,
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

describe('distances for UK staff, in miles (issue 31)', () => {
  it.each([
    [0, 'Under 0.1 miles'],
    [50, 'Under 0.1 miles'],
    [150, '0.1 miles'],
    [644, '0.4 miles'],
    [1_000, '0.6 miles'],
    [1_609, '1 mile'],
    [2_414, '1.5 miles'],
    [3_200, '2 miles'],
    [16_000, '9.9 miles'],
    [16_093, '10 miles'],
    [42_487, '26 miles'],
    [251_300, '156 miles'],
    [2_000_000, '1,243 miles'],
  ])('%i m is "%s"', (metres, text) => expect(formatMiles(metres)).toBe(text));

  const base = { origin: 'LN11 0LQ', estimated: false };

  it('says so when the postcode is the base’s own, rather than "0 m"', () => {
    const here = { ...base, postcode: 'LN11 0LQ', distanceValue: 0 };
    expect(roadDistanceText(here)).toBe('Same postcode as the base');
    expect(roadDistanceText({ ...here, estimated: true, distanceValue: 1_000 })).toBe('Same postcode as the base');
  });

  it('does not give an estimate between two places of one postcode district a figure it cannot know', () => {
    const nearby = { ...base, estimated: true, distanceValue: 1_000 };
    expect(roadDistanceText({ ...nearby, postcode: 'LN11 8AB' })).toBe('Same postcode district as the base');
    expect(roadDistanceText({ ...nearby, postcode: 'LN11' })).toBe('Same postcode district as the base');
    expect(distanceSummary({ ...nearby, postcode: 'LN11 8AB' })).toBe('Same postcode district as the base');
  });

  it('gives a route service’s figure in miles, however small, and marks an estimate in the summary', () => {
    expect(roadDistanceText({ ...base, postcode: 'LN11 8AB', distanceValue: 0 })).toBe('Under 0.1 miles');
    expect(roadDistanceText({ ...base, postcode: 'LN11 9AA', distanceValue: 3_200 })).toBe('2 miles');
    const london = { ...base, postcode: 'SW1A 1AA', distanceValue: 251_300 };
    expect(distanceSummary(london)).toBe('156 miles');
    expect(distanceSummary({ ...london, estimated: true })).toBe('156 miles, estimated');
  });

  it('keeps SPEC’s bands in kilometres underneath: 50 km (31 miles) is still Local', () => {
    expect(distanceBandOf(50_000)).toBe('Local');
    expect(formatMiles(50_000)).toBe('31 miles');
  });
});
