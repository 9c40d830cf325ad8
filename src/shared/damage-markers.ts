import { z } from 'zod';
import {
  carPanels,
  DAMAGE_DESCRIPTION_MAX_LENGTH,
  DAMAGE_MARKERS_MAX,
  damageKinds,
  damageMessages as m,
} from './car-diagram';
import { storableCharacters } from './schema-kit';
import { PHOTO_ID_PATTERN } from './valuation-photo-limits';

/**
 * The seller's damage markers (issue 35): `GET`, `POST /api/your-valuation/damage`, and `PATCH`,
 * `DELETE /api/your-valuation/damage/{markerId}`; staff read them in the valuation's detail.
 */

const place = z.number({ message: m.place }).min(0, m.place).max(1, m.place);

const fields = {
  panel: z.enum(carPanels, { message: m.unknownPanel }),
  /** Where on the drawing, as fractions of its width and height; the point must be on `panel`. */
  x: place,
  y: place,
  kind: z.enum(damageKinds, { message: m.unknownKind }),
  description: storableCharacters(z.string({ message: m.descriptionTooLong }).trim()).pipe(
    z.string().max(DAMAGE_DESCRIPTION_MAX_LENGTH, m.descriptionTooLong),
  ),
  /** One of the request's own photos, as the close-up; null for none. */
  photoId: z.string({ message: m.notYourPhoto }).regex(PHOTO_ID_PATTERN, m.notYourPhoto).nullable(),
};

/** A marker as the seller places it: on a panel, at a point of the drawing, with what it is. */
export const damageMarkerInputSchema = z.object({
  ...fields,
  description: fields.description.default(''),
  photoId: fields.photoId.default(null),
});
export type DamageMarkerInput = z.input<typeof damageMarkerInputSchema>;

/** A change: any of the same fields, the rest kept (moving it sends panel, x and y together). */
export const damageMarkerChangeSchema = z.object(fields).partial();

export const damageMarkerParamsSchema = z.object({ markerId: z.uuid({ message: m.markerNotFound }) });

export const damageMarkerSchema = z.object({
  id: z.uuid(),
  panel: z.enum(carPanels),
  x: z.number(),
  y: z.number(),
  kind: z.enum(damageKinds),
  description: z.string(),
  /** The close-up, if it is still one of the request's photos. */
  photoId: z.string().nullable(),
  createdAt: z.string(),
});
export type DamageMarker = z.infer<typeof damageMarkerSchema>;

/** The seller's markers, oldest first (numbered 1, 2, … in that order), and whether they may change them. */
export const damageMarkersSchema = z.object({
  markers: z.array(damageMarkerSchema).max(DAMAGE_MARKERS_MAX),
  editable: z.boolean(),
});
export type DamageMarkers = z.infer<typeof damageMarkersSchema>;

/**
 * A stored marker as the seller's and staff's calls answer it: its close-up only while that is
 * still one of the request's photos (`photos`, their ids).
 */
export function damageMarkerFromRow(
  row: Omit<DamageMarker, 'createdAt'> & { createdAt: Date },
  photos: readonly string[],
): DamageMarker {
  return {
    id: row.id,
    panel: row.panel,
    x: row.x,
    y: row.y,
    kind: row.kind,
    description: row.description,
    photoId: row.photoId && photos.includes(row.photoId) ? row.photoId : null,
    createdAt: row.createdAt.toISOString(),
  };
}
