import type { AdminPurchasedVehicle } from '~/shared/purchased-vehicles';

/** "2019 Ford Focus": how the cards, dialogs and alt texts name a vehicle. */
export const vehicleName = (vehicle: Pick<AdminPurchasedVehicle, 'year' | 'make' | 'model'>) =>
  `${vehicle.year} ${vehicle.make} ${vehicle.model}`;

/** "45,000 miles" ("1 mile"). */
export function formatMiles(miles: number): string {
  return `${miles.toLocaleString('en-GB')} ${miles === 1 ? 'mile' : 'miles'}`;
}

/** "2019 Ford Focus, photo 1 of 3": each photo's alt text says whose it is and which. */
export function photoAlt(
  vehicle: Pick<AdminPurchasedVehicle, 'year' | 'make' | 'model'>,
  index: number,
  count: number,
) {
  return `${vehicleName(vehicle)}, photo ${index + 1} of ${count}`;
}

/** "+2 more photos" under the first photo (SPEC section 3). */
export function morePhotosLabel(count: number): string | null {
  const more = count - 1;
  return more > 0 ? `+${more} more ${more === 1 ? 'photo' : 'photos'}` : null;
}
