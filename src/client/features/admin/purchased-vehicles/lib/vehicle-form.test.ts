import { describe, expect, it } from 'vitest';
import {
  describePhoto,
  purchasedVehicleDetailsSchema,
  purchasedVehicleMessages as m,
  type AdminPurchasedVehicle,
} from '~/shared/purchased-vehicles';
import {
  emptyVehicleForm,
  tidyPounds,
  tidyWholeNumber,
  ukToday,
  vehicleFormResolver,
  vehicleFormValues,
  vehicleMultipart,
  vehicleUpdateBody,
  type VehicleFormValues,
} from './vehicle-form';

const filled: VehicleFormValues = {
  ...emptyVehicleForm('2026-11-20'),
  make: ' Ford ',
  model: 'Focus',
  year: '2019',
  registration: 'AB12 CDE',
  fuelType: 'Petrol',
  mileage: '45000',
  purchasePrice: '4250.5',
  location: 'Grimsby',
};

const vehicle: AdminPurchasedVehicle = {
  id: 7,
  make: 'Ford',
  model: 'Focus',
  year: 2019,
  fuelType: 'Petrol',
  engineSize: null,
  color: 'Blue',
  mileage: 45000,
  location: 'Grimsby',
  description: null,
  purchaseDate: '2026-11-20',
  photoPaths: [],
  photos: [describePhoto(`${'a'.repeat(32)}_1200x900`)!],
  registration: 'AB12CDE',
  purchasePricePence: 425050,
  isVisible: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('the price in pounds', () => {
  it('is tidied to pounds with 2 decimals as staff may type it', () => {
    expect(tidyPounds('4250')).toBe('4250.00');
    expect(tidyPounds('4250.5')).toBe('4250.50');
    expect(tidyPounds(' £4,250.50 ')).toBe('4250.50');
    expect(tidyPounds('£ 12,000')).toBe('12000.00');
    expect(tidyPounds('007')).toBe('7.00');
    expect(tidyPounds('0.99')).toBe('0.99');
  });

  it('is left as typed when it is not an amount, for the schema to say so', () => {
    expect(tidyPounds('')).toBe('');
    expect(tidyPounds('4250.505')).toBe('4250.505');
    expect(tidyPounds('about 4k')).toBe('about 4k');
    expect(tidyPounds('4,25')).toBe('4,25');
  });

  it('goes to the server as pounds and comes back from pence the same', () => {
    const sent = vehicleMultipart({ ...filled, purchasePrice: '4250.5' }, []);
    expect(sent.get('purchasePrice')).toBe('4250.50');
    // The server reads what the form sends with the shared schema: pounds become integer pence.
    const stored = purchasedVehicleDetailsSchema.parse(Object.fromEntries(sent));
    expect(stored.purchasePrice).toBe(425050);
    expect(vehicleFormValues({ ...vehicle, purchasePricePence: stored.purchasePrice }).purchasePrice).toBe('4250.50');
    expect(vehicleFormValues({ ...vehicle, purchasePricePence: 5 }).purchasePrice).toBe('0.05');
    expect(vehicleFormValues({ ...vehicle, purchasePricePence: null }).purchasePrice).toBe('');
  });
});

it('a mileage typed with thousands separators becomes digits', () => {
  expect(tidyWholeNumber('45,000')).toBe('45000');
  expect(tidyWholeNumber('1 045 000')).toBe('1045000');
  expect(tidyWholeNumber(' 900 ')).toBe('900');
  expect(tidyWholeNumber('45,00')).toBe('45,00');
});

it('the purchase date defaults to today in the UK, not in UTC', () => {
  // 23:30 UTC on 31 March 2026 is already 1 April in British Summer Time.
  expect(ukToday(new Date('2026-03-31T23:30:00Z'))).toBe('2026-04-01');
  expect(ukToday(new Date('2026-11-24T23:30:00Z'))).toBe('2026-11-24');
  expect(emptyVehicleForm('2026-11-24')).toMatchObject({ purchaseDate: '2026-11-24', isVisible: true });
});

describe('what the forms send', () => {
  it('the add form: every detail as text, visibility as "true"/"false", then the photos', () => {
    const photo = new File([new Uint8Array(10)], 'front.jpg', { type: 'image/jpeg' });
    const form = vehicleMultipart(filled, [photo, photo]);
    expect(form.get('make')).toBe('Ford');
    expect(form.get('registration')).toBe('AB12 CDE');
    expect(form.get('engineSize')).toBe('');
    expect(form.get('isVisible')).toBe('true');
    expect(form.getAll('photos')).toHaveLength(2);
    expect([...form.keys()].at(-1)).toBe('photos');
    expect(
      purchasedVehicleDetailsSchema.parse(Object.fromEntries([...form].filter(([k]) => k !== 'photos'))),
    ).toMatchObject({
      make: 'Ford',
      year: 2019,
      registration: 'AB12CDE',
      mileage: 45000,
      engineSize: null,
      purchaseDate: '2026-11-20',
      isVisible: true,
    });
  });

  it('the edit form: every detail, blank ones as null', () => {
    const body = vehicleUpdateBody(vehicleFormValues(vehicle));
    expect(body).toEqual({
      make: 'Ford',
      model: 'Focus',
      year: '2019',
      registration: 'AB12CDE',
      fuelType: 'Petrol',
      engineSize: null,
      color: 'Blue',
      mileage: '45000',
      purchasePrice: '4250.50',
      location: 'Grimsby',
      description: null,
      purchaseDate: '2026-11-20',
      isVisible: false,
    });
  });
});

describe('the form check', () => {
  const check = (values: VehicleFormValues) =>
    vehicleFormResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

  it('shows SPEC’s messages under the fields', async () => {
    const { errors } = await check({ ...emptyVehicleForm('2026-11-20'), mileage: 'lots', purchasePrice: '12.345' });
    expect(errors.make?.message).toBe(m.makeRequired);
    expect(errors.model?.message).toBe(m.modelRequired);
    expect(errors.year?.message).toBe(m.yearRequired);
    expect(errors.mileage?.message).toBe(m.mileage);
    expect(errors.purchasePrice?.message).toBe(m.purchasePrice);
  });

  it('says a year is wrong, not missing, when one was typed', async () => {
    const { errors } = await check({ ...filled, year: '19' });
    expect(errors.year?.message).toMatch(/^Year must be between 1900 and \d{4}$/);
  });

  it('hands on the values as typed, for the server to read', async () => {
    const result = await check(filled);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual(filled);
  });
});
