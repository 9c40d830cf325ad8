import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '~/client/lib/api-client';
import { adminPurchasedVehicleSchema, type AdminPurchasedVehicle } from '~/shared/purchased-vehicles';
import { adminVehiclesQueryKey, showSavedVehicle } from './list-vehicles';
import { sendFormData } from '../../lib/send-form-data';

const photosUrl = (id: number) => `${adminVehiclesQueryKey[0]}/${id}/photos`;

/** POST /api/admin/purchased-vehicles/{id}/photos (multipart, repeated `photos`) → 201, the vehicle. */
export async function addVehiclePhotos(input: {
  id: number;
  photos: readonly File[];
  onProgress?: (sent: number) => void;
}): Promise<AdminPurchasedVehicle> {
  const body = new FormData();
  for (const photo of input.photos) body.append('photos', photo, photo.name);
  return adminPurchasedVehicleSchema.parse(await sendFormData(photosUrl(input.id), body, input.onProgress));
}

/** DELETE /api/admin/purchased-vehicles/{id}/photos/{photoId} → the vehicle without it. */
export async function removeVehiclePhoto({
  id,
  photoId,
}: {
  id: number;
  photoId: string;
}): Promise<AdminPurchasedVehicle> {
  const answer = await apiRequest<unknown>('DELETE', `${photosUrl(id)}/${encodeURIComponent(photoId)}`);
  return adminPurchasedVehicleSchema.parse(answer);
}

export function useAddVehiclePhotos() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addVehiclePhotos, onSuccess: (saved) => showSavedVehicle(queryClient, saved) });
}

export function useRemoveVehiclePhoto() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeVehiclePhoto, onSuccess: (saved) => showSavedVehicle(queryClient, saved) });
}
