import { describe, expect, it } from 'vitest';
import { PURCHASED_VEHICLE_PHOTO_MAX_BYTES, purchasedVehiclePhotoMessages as m } from '~/shared/purchased-vehicles';
import { checkPhotoSelection, photoCount } from './photo-selection';

const photo = (name: string, size = 1000, type = 'image/jpeg') => new File([new Uint8Array(size)], name, { type });

describe('choosing photos (at most 3 a vehicle)', () => {
  it('takes images that fit', () => {
    const files = [photo('a.jpg'), photo('b.png', 10, 'image/png'), photo('c.webp', 10, 'image/webp')];
    expect(checkPhotoSelection(0, files)).toEqual({ accepted: files });
    expect(checkPhotoSelection(2, files.slice(0, 1))).toEqual({ accepted: files.slice(0, 1) });
  });

  it('keeps only what fits under 3, the first chosen, with "Maximum 3 photos allowed"', () => {
    const four = ['1.jpg', '2.jpg', '3.jpg', '4.jpg'].map((name) => photo(name));
    expect(checkPhotoSelection(0, four)).toEqual({
      accepted: four.slice(0, 3),
      problem: { title: 'Maximum 3 photos allowed', description: 'Only the first 3 photos you chose were kept.' },
    });
    expect(checkPhotoSelection(2, four)).toEqual({
      accepted: four.slice(0, 1),
      problem: { title: m.tooMany, description: 'Only the first 1 photo you chose was kept.' },
    });
    expect(checkPhotoSelection(3, four.slice(0, 1))).toEqual({
      accepted: [],
      problem: { title: m.tooMany, description: 'There are already 3 photos: remove one to add another.' },
    });
  });

  it('refuses files that are not images, and images over 10MB', () => {
    const ok = photo('ok.jpg');
    expect(checkPhotoSelection(0, [ok, photo('notes.pdf', 10, 'application/pdf'), photo('odd', 10, '')])).toEqual({
      accepted: [ok],
      problem: { title: m.notAnImage },
    });
    expect(checkPhotoSelection(0, [photo('huge.jpg', PURCHASED_VEHICLE_PHOTO_MAX_BYTES + 1), ok])).toEqual({
      accepted: [ok],
      problem: { title: m.tooLarge },
    });
    expect(checkPhotoSelection(0, [photo('exact.jpg', PURCHASED_VEHICLE_PHOTO_MAX_BYTES)]).accepted).toHaveLength(1);
  });

  it('says every reason in one toast (one is shown at a time)', () => {
    const files = [photo('a.pdf', 10, 'application/pdf'), photo('big.jpg', PURCHASED_VEHICLE_PHOTO_MAX_BYTES + 1)];
    expect(checkPhotoSelection(0, files).problem).toEqual({ title: m.notAnImage, description: m.tooLarge });
    const withTooMany = checkPhotoSelection(2, [...files, photo('1.jpg'), photo('2.jpg')]);
    expect(withTooMany.accepted.map((f) => f.name)).toEqual(['1.jpg']);
    expect(withTooMany.problem?.title).toBe(m.tooMany);
    expect(withTooMany.problem?.description).toContain(m.notAnImage);
  });
});

it('photoCount says photo or photos', () => {
  expect([1, 2].map(photoCount)).toEqual(['1 photo', '2 photos']);
});
