import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { defaultVehicleImage, describePhoto, type AdminPurchasedVehicle } from '~/shared/purchased-vehicles';
import { VehicleCard } from './vehicle-card';

const photo = (letter: string) => describePhoto(`${letter.repeat(32)}_1200x900`)!;

const focus: AdminPurchasedVehicle = {
  id: 42,
  make: 'Ford',
  model: 'Focus',
  year: 2019,
  fuelType: 'Petrol',
  engineSize: '1.6L',
  color: 'Blue',
  mileage: 45000,
  location: 'Grimsby',
  description: 'One owner, full service history.',
  purchaseDate: '2026-11-20',
  photoPaths: [],
  photos: [photo('a'), photo('b'), photo('c')],
  registration: 'AB12CDE',
  purchasePricePence: 425050,
  isVisible: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const render = (vehicle: AdminPurchasedVehicle) =>
  renderToString(<VehicleCard vehicle={vehicle} toggling={false} onAction={() => undefined} />).replaceAll(
    '<!-- -->',
    '',
  );

describe('a vehicle card', () => {
  it('shows the first photo as WebP or JPEG at its real size, named for the car, and how many more', () => {
    const html = render(focus);
    expect(html).toContain(`<source type="image/webp" srcSet="${focus.photos[0]!.srcSet.webp}"`);
    expect(html).toMatch(
      new RegExp(
        `<img src="${focus.photos[0]!.url}" srcSet="[^"]+-400.jpg 400w[^"]*" sizes="[^"]+" width="1200" height="900" alt="2019 Ford Focus, photo 1 of 3"`,
      ),
    );
    expect(html).toContain('+2 more photos');
    expect(render({ ...focus, photos: focus.photos.slice(0, 2) })).toContain('+1 more photo<');
    expect(render({ ...focus, photos: focus.photos.slice(0, 1) })).not.toContain('more photo');
  });

  it('shows the default image when there is no photo, and says so', () => {
    const html = render({ ...focus, photos: [] });
    expect(html).toContain(`src="${defaultVehicleImage(42)}"`);
    expect(html).toContain('No photos yet');
    expect(html).not.toContain('<picture>');
  });

  it('names the car, its visibility and facts, with the internal details labelled as such', () => {
    const html = render(focus);
    expect(html).toContain('<h3');
    expect(html).toContain('2019 Ford Focus</h3>');
    expect(html).toContain('Visible on website');
    expect(html).toContain('45,000 miles');
    expect(html).toContain('Bought in Grimsby');
    expect(html).toContain('20 Nov 2026');
    expect(html).toContain('Internal only, never on the website');
    expect(html).toContain('AB12CDE');
    expect(html).toContain('£4,250.50');
    expect(html).toContain('aria-label="Hide: 2019 Ford Focus"');
    expect(html).toContain('aria-label="Edit: 2019 Ford Focus"');
    expect(html).toContain('aria-label="Delete: 2019 Ford Focus"');
  });

  it('says when the website hides it, and what was not recorded', () => {
    const html = render({
      ...focus,
      isVisible: false,
      registration: null,
      purchasePricePence: null,
      mileage: 1,
      fuelType: null,
      location: null,
      description: null,
    });
    expect(html).toContain('Hidden from website');
    expect(html).not.toContain('Visible on website');
    expect(html).toContain('aria-label="Show: 2019 Ford Focus"');
    expect(html).toContain('1 mile<');
    expect(html).not.toContain('Bought in');
    expect(html.match(/Not recorded/g)).toHaveLength(3);
  });
});
