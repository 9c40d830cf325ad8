import { ApiError, apiRequest } from '~/client/lib/api-client';
import { uploadWithProgress } from '~/client/lib/upload-with-progress';
import type { PhotoShot } from '~/shared/photo-shots';
import { valuationPhotosSchema, type ValuationPhotos } from '~/shared/valuation-photos';

/**
 * The seller's photo calls after submit (issue 10). On the success screen each carries the upload
 * token that `POST /api/valuations` handed out; on the seller's own page (issue 34) their cookie,
 * which the browser sends to /api/your-valuation, does instead. The server answers 404 to anyone
 * with neither.
 */
export type PhotoAccess = { valuationId: string; uploadToken: string } | { sellerPage: true };

/** The list's address, and the photos' under which each one is. */
function addresses(access: PhotoAccess): { list: string; photos: string } {
  if ('sellerPage' in access) return { list: '/api/your-valuation/photos', photos: '/api/your-valuation/photos' };
  const base = `/api/valuations/${encodeURIComponent(access.valuationId)}`;
  return { list: base, photos: `${base}/photos` };
}
const bearer = (access: PhotoAccess): Record<string, string> =>
  'uploadToken' in access ? { Authorization: `Bearer ${access.uploadToken}` } : {};

/** A stored photo: its id, and the guided shot it was taken for (null for other photos). */
export type SellerPhoto = ValuationPhotos['photos'][number];

/** The valuation's photos so far, oldest first. */
export async function listPhotos(access: PhotoAccess): Promise<SellerPhoto[]> {
  const body = await apiRequest<ValuationPhotos>('GET', addresses(access).list, undefined, {
    headers: bearer(access),
  });
  return body.photos;
}

export async function deletePhoto(access: PhotoAccess, photoId: string): Promise<void> {
  await apiRequest('DELETE', `${addresses(access).photos}/${encodeURIComponent(photoId)}`, undefined, {
    headers: bearer(access),
  });
}

/**
 * A stored photo's thumbnail as an object URL for an <img>. The image route needs the token in a
 * header, so a plain `src` cannot load it; the caller revokes the URL when it is done with it.
 */
export async function photoThumbnailUrl(access: PhotoAccess, photoId: string): Promise<string> {
  const response = await fetch(`${addresses(access).photos}/${encodeURIComponent(photoId)}?size=thumb`, {
    headers: bearer(access),
  });
  if (!response.ok) throw new ApiError(response.status, response.statusText, undefined);
  return URL.createObjectURL(await response.blob());
}

/**
 * Sends the photos in one multipart request (repeated field `photos`) and reports the share sent
 * so far, from 0 to 1. Resolves with the valuation's photos after the upload; rejects with an
 * ApiError carrying the server's message, or one without a body when the connection failed. With
 * `shot` (issue 35), one photo taken for that guided shot, replacing any earlier one of it.
 */
export async function uploadPhotos(
  access: PhotoAccess,
  files: readonly File[],
  onProgress: (sent: number) => void,
  options: { signal?: AbortSignal; shot?: PhotoShot } = {},
): Promise<SellerPhoto[]> {
  const { signal, shot } = options;
  const form = new FormData();
  if (shot) form.append('shot', shot); // before the file: the server reads the parts in order
  for (const file of files) form.append('photos', file, file.name);
  const body = await uploadWithProgress(addresses(access).photos, form, onProgress, {
    expected: 201,
    headers: bearer(access),
    signal,
  });
  const photos = valuationPhotosSchema.safeParse(body);
  if (!photos.success) throw new ApiError(201, JSON.stringify(body), undefined);
  return photos.data.photos;
}
