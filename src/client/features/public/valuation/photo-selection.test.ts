import { describe, expect, it } from 'vitest';
import { valuationPhotoMessages as m, VALUATION_PHOTO_MAX_BYTES } from '~/shared/valuation-photos';
import { checkSelection, photoCount } from './photo-selection';

const photo = (name: string, size = 1000, type = 'image/jpeg') => new File([new Uint8Array(size)], name, { type });

describe('checkSelection', () => {
  it('takes photos within the limits', () => {
    const files = [photo('a.jpg'), photo('b.png', 10, 'image/png'), photo('c.webp', 10, 'image/webp')];
    expect(checkSelection(0, files)).toEqual({ accepted: files });
  });

  it('refuses a whole selection that would pass 20 photos, counting those already there', () => {
    const three = [photo('a.jpg'), photo('b.jpg'), photo('c.jpg')];
    expect(checkSelection(17, three).accepted).toHaveLength(3);
    expect(checkSelection(18, three)).toEqual({
      accepted: [],
      problem: { title: 'Too many files', description: 'Please select a maximum of 20 photos.' },
    });
    expect(
      checkSelection(
        0,
        Array.from({ length: 21 }, (_, i) => photo(`${i}.jpg`)),
      ).accepted,
    ).toEqual([]);
  });

  it('leaves out photos over 5MB and keeps the rest', () => {
    const small = photo('small.jpg');
    const result = checkSelection(0, [small, photo('big.jpg', VALUATION_PHOTO_MAX_BYTES + 1)]);
    expect(result).toEqual({
      accepted: [small],
      problem: { title: 'Files too large', description: 'Each photo must be 5MB or smaller.' },
    });
    expect(checkSelection(0, [photo('exact.jpg', VALUATION_PHOTO_MAX_BYTES)]).accepted).toHaveLength(1);
  });

  it('leaves out files that are not photos, with a word for iPhone HEIC', () => {
    const small = photo('small.jpg');
    expect(checkSelection(0, [small, photo('notes.pdf', 10, 'application/pdf')])).toMatchObject({
      accepted: [small],
      problem: { description: m.notAnImage },
    });
    expect(checkSelection(0, [photo('IMG_0001.HEIC', 10, '')]).problem?.description).toBe(m.heicUnsupported);
  });
});

it('photoCount says photo or photos', () => {
  expect([0, 1, 2].map(photoCount)).toEqual(['0 photos', '1 photo', '2 photos']);
});
