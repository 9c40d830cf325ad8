import { z } from 'zod';
import { collectionMessages as m, collectionSlots, SLOT_CAPACITY_MAX, type SellerCollection } from './collections';

/**
 * The route schemas of collection day (issue 36). The seller's page: `GET`, `PUT` and `DELETE
 * /api/your-valuation/collection`. Staff: `GET /api/admin/collections`, the usual capacity, a day's
 * capacity, and booking or cancelling for a request. Words and rules are in ./collections.ts.
 */

export * from './collections';

const isoDate = z
  .string({ message: m.invalidDate })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: m.invalidDate })
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T12:00:00Z`)) && new Date(`${value}T12:00:00Z`).toISOString().startsWith(value),
    {
      message: m.invalidDate,
    },
  );

export const slotChoiceSchema = z.object({
  date: isoDate,
  slot: z.enum(collectionSlots, { message: m.unknownSlot }),
});

const slotSchema = z.enum(collectionSlots);

export const sellerCollectionSchema: z.ZodType<SellerCollection> = z.object({
  state: z.enum(['not_yet', 'choose', 'by_arrangement', 'booked', 'collected', 'closed']),
  booking: z
    .object({
      date: z.string(),
      slot: slotSchema,
      dayLabel: z.string(),
      slotLabel: z.string(),
      changeable: z.boolean(),
    })
    .nullable(),
  days: z.array(
    z.object({
      date: z.string(),
      dayLabel: z.string(),
      slots: z.array(z.object({ slot: slotSchema, free: z.boolean() })),
    }),
  ),
});

const capacity = z
  .number({ message: m.capacityRange })
  .int({ message: m.capacityRange })
  .min(0, { message: m.capacityRange })
  .max(SLOT_CAPACITY_MAX, { message: m.capacityRange });

export const usualCapacitySchema = z.object({ morning: capacity, afternoon: capacity });

export const dayCapacitySchema = z.object({
  morning: capacity,
  afternoon: capacity,
  note: z.string().trim().max(200, { message: m.noteTooLong }).default(''),
});

export const collectionDayParamsSchema = z.object({ date: isoDate });

export const collectionsQuerySchema = z.object({
  from: isoDate.optional(),
  days: z.coerce.number().int().min(1).max(60).default(14),
});
