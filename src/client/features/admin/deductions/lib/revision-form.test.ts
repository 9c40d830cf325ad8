import { describe, expect, it } from 'vitest';
import type { DeductionItem } from '~/shared/deductions';
import { revisionMessages as m } from '~/shared/price-revisions';
import {
  emptyItem,
  readRevision,
  runningPrice,
  serverItemErrors,
  withDeduction,
  type ItemDraft,
} from './revision-form';

const dent: DeductionItem = {
  id: '8f14e45f-ceea-467f-a1b2-0c5f3d0d3b8e',
  name: 'Dent, per panel',
  minPence: 6_000,
  maxPence: 18_000,
  evidence: 'A photo of each dent',
  retiredAt: null,
  updatedAt: '2027-05-10T09:00:00.000Z',
};
const key: DeductionItem = {
  ...dent,
  id: '9f14e45f-ceea-467f-a1b2-0c5f3d0d3b8e',
  name: 'Missing second key',
  minPence: 20_000,
  maxPence: 20_000,
};
const photo = (id: string) => ({
  key: id,
  name: `${id}.jpg`,
  previewUrl: '',
  status: 'done' as const,
  progress: 1,
  id,
});

const filled = (overrides: Partial<ItemDraft> = {}): ItemDraft => ({
  ...emptyItem(),
  deductionId: dent.id,
  quantity: '2',
  amount: '90',
  note: 'Two dents',
  photos: [photo('a')],
  ...overrides,
});

describe('the Revise the price form', () => {
  it('runs the revised price as the form fills, counting unfinished items as nothing', () => {
    expect(runningPrice(900_000, [filled(), filled({ quantity: '1', amount: '60.50' })])).toEqual({
      deductedPence: 24_050,
      revisedPence: 875_950,
    });
    expect(runningPrice(900_000, [filled({ amount: 'ninety' }), filled({ quantity: '0' })]).deductedPence).toBe(0);
  });

  it('fills in a fixed amount when its item is chosen, and keeps a typed one for a range', () => {
    expect(withDeduction(filled({ amount: '' }), key)).toMatchObject({ deductionId: key.id, amount: '200' });
    expect(withDeduction(filled({ amount: '75' }), dent)).toMatchObject({ amount: '75' });
  });

  it('sends the items in the server’s shape, or says on each field what is wrong, in the server’s words', () => {
    expect(readRevision([filled()], [dent], 900_000)).toEqual({
      body: { items: [{ deductionId: dent.id, quantity: 2, amount: '90', note: 'Two dents', photoIds: ['a'] }] },
    });
    const empty = emptyItem();
    expect(readRevision([empty], [dent], 900_000)).toEqual({
      errors: {
        [empty.key]: {
          deductionId: m.deductionRequired,
          amount: m.amountRequired,
          note: m.noteRequired,
          photos: m.photosRequired,
        },
      },
    });
    const outside = filled({ amount: '200' });
    expect(readRevision([outside], [dent], 900_000)).toEqual({
      errors: { [outside.key]: { amount: m.amountOutside(dent.name, dent) } },
    });
    const uploading = filled({ photos: [{ ...photo('b'), status: 'uploading' }] });
    expect(readRevision([uploading], [dent], 900_000)).toMatchObject({
      errors: { [uploading.key]: { photos: m.photosUploading } },
    });
    expect(readRevision([filled({ quantity: '50', amount: '180' })], [dent], 900_000)).toEqual({
      errors: {},
      whole: m.notBelowZero(900_000, 900_000),
    });
  });

  it('puts the server’s item issues on the right item', () => {
    const items = [filled(), filled()];
    expect(
      serverItemErrors(
        [
          { path: 'items.1.photoIds', message: m.photoUsedTwice },
          { path: 'items', message: 'The items come to too much' },
        ],
        items,
      ),
    ).toEqual({ errors: { [items[1]!.key]: { photos: m.photoUsedTwice } }, whole: 'The items come to too much' });
  });
});
