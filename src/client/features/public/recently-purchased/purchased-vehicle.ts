/**
 * A purchased vehicle as the public pages show it (SPEC section 3): visible ones
 * only, without the registration or the price paid. The API that serves them
 * arrives with the Purchased vehicles issue; until then the pages get an empty list.
 */
export type PublicPurchasedVehicle = {
  id: number;
  make: string;
  model: string;
  year: number;
  fuelType?: string | null;
  engineSize?: string | null;
  color?: string | null;
  mileage?: number | null;
  /** The seller's area, e.g. "Grimsby". */
  location?: string | null;
  description?: string | null;
  /** Stored file names, served under /uploads/. */
  photoPaths: string[];
};

/** SPEC section 9: the home page shows at most 6. */
export const HOME_VEHICLES_SHOWN = 6;
