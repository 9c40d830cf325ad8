import { describe, expect, it } from 'vitest';
import { handoverMessages as m } from '~/shared/handover';
import { emptyHandover, handoverResolver, wholeNumber, type HandoverFormValues } from './handover-form';

const check = (values: Partial<HandoverFormValues>) =>
  handoverResolver({ ...emptyHandover, ...values }, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('the mileage as typed', () => {
  it('reads whole numbers written with or without grouping', () => {
    expect(wholeNumber('45210')).toBe(45_210);
    expect(wholeNumber(' 45,210 ')).toBe(45_210);
    expect(wholeNumber('45 210')).toBe(45_210);
    expect(wholeNumber('')).toBeUndefined();
    expect(wholeNumber('45.5')).toBeNaN();
    expect(wholeNumber('4,52,10')).toBeNaN();
  });
});

describe('the "At the door" check', () => {
  it('asks first whether the car is as declared', async () => {
    const { errors } = await check({});
    expect(errors.condition?.message).toBe(m.conditionRequired);
  });

  it('shows the route’s messages under each field when the car is as declared', async () => {
    const { errors } = await check({ condition: 'as_declared', mileage: 'lots' });
    expect(errors.mileage?.message).toBe(m.mileageRequired);
    expect(errors.keys?.message).toBe(m.keysRequired);
    expect(errors.v5cHandedOver?.message).toBe(m.v5cRequired);
    expect(errors.sellerIsKeeper?.message).toBe(m.keeperRequired);
    expect(errors.notes).toBeUndefined();
  });

  it('hands on the request as the route takes it', async () => {
    const { values, errors } = await check({
      condition: 'as_declared',
      mileage: '45,210',
      keys: '2',
      v5cHandedOver: 'yes',
      sellerIsKeeper: 'no',
      notes: '  ',
    });
    expect(errors).toEqual({});
    expect(values).toEqual({
      condition: 'as_declared',
      mileage: 45_210,
      keys: 2,
      v5cHandedOver: true,
      sellerIsKeeper: false,
      notes: null,
    });
  });

  it('needs a note when the car is not as declared, and sends nothing else', async () => {
    expect((await check({ condition: 'not_as_declared', mileage: '1' })).errors.notes?.message).toBe(
      m.notAsDeclaredNeedsNotes,
    );
    const { values } = await check({ condition: 'not_as_declared', mileage: '45210', notes: ' Bumper cracked ' });
    expect(values).toEqual({ condition: 'not_as_declared', notes: 'Bumper cracked' });
  });
});
