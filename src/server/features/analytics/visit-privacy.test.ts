import { describe, expect, it } from 'vitest';
import { referrerHost, truncateAddress, visitorHash } from './visit-privacy';

describe('what is kept of a visitor', () => {
  it.each([
    ['81.2.69.142', '81.2.69.0'],
    ['::ffff:81.2.69.142', '81.2.69.0'],
    ['2a02:c7f:1234:5678:9abc:def0:1234:5678', '2a02:c7f:1234::'],
    ['2a02:0c7f:0000::1', '2a02:c7f:0::'],
    ['::1', '0:0:0::'],
    ['fe80::1%eth0', 'fe80:0:0::'],
    ['not an address', null],
    [undefined, null],
  ])('cuts %s to %s', (address, kept) => {
    expect(truncateAddress(address)).toBe(kept);
  });

  it('keeps only the host of a referrer, and nothing of other schemes', () => {
    expect(referrerHost('https://www.google.com/search?q=sell+my+car')).toBe('www.google.com');
    expect(referrerHost('http://localhost:3000/reviews')).toBe('localhost');
    expect(referrerHost('android-app://com.google.android.gm/')).toBeNull();
    expect(referrerHost('nonsense')).toBeNull();
    expect(referrerHost(undefined)).toBeNull();
  });

  it('gives a browser a different id with another salt, address or browser', () => {
    const id = visitorHash('salt-a', '81.2.69.142', 'Firefox');
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(visitorHash('salt-a', '81.2.69.142', 'Firefox')).toBe(id);
    expect(visitorHash('salt-b', '81.2.69.142', 'Firefox')).not.toBe(id);
    expect(visitorHash('salt-a', '81.2.69.143', 'Firefox')).not.toBe(id);
    expect(visitorHash('salt-a', '81.2.69.142', 'Safari')).not.toBe(id);
  });
});
