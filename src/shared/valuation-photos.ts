import { z } from 'zod';
import { photoShots } from './photo-shots';
import { PHOTO_ID_PATTERN, VALUATION_PHOTOS_MAX, valuationPhotoMessages } from './valuation-photo-limits';

/**
 * The schemas of the seller's photo routes (SPEC section 8, issue 10). The limits and their words
 * are in the zod-free ./valuation-photo-limits.ts, for the valuation page; exported here too.
 */

export * from './valuation-photo-limits';

export const valuationPhotoParamsSchema = z.object({
  id: z.uuid({ message: valuationPhotoMessages.notFound }),
  photoPath: z.string().regex(PHOTO_ID_PATTERN, { message: valuationPhotoMessages.photoNotFound }),
});

/** `GET /api/valuations/:id/photos/:photoPath?size=full|thumb` (the admin's photo route takes the same). */
export const valuationPhotoQuerySchema = z.object({
  size: z.enum(['full', 'thumb'], { message: 'Size must be full or thumb.' }).default('full'),
});

/**
 * `GET /api/valuations/:id`, `POST /api/valuations/:id/photos`: the valuation's photos, oldest
 * first: `photoPaths` their ids (SPEC's field), `photos` the same with the guided shot each was
 * taken for (issue 35; null for other photos).
 */
export const valuationPhotosSchema = z.object({
  photoPaths: z.array(z.string().regex(PHOTO_ID_PATTERN)).max(VALUATION_PHOTOS_MAX),
  photos: z
    .array(z.object({ id: z.string().regex(PHOTO_ID_PATTERN), shot: z.enum(photoShots).nullable() }))
    .max(VALUATION_PHOTOS_MAX),
});

export type ValuationPhotos = z.infer<typeof valuationPhotosSchema>;
