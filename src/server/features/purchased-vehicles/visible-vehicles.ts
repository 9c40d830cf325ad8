import type { Db } from '~/server/db/client';
import { createKeptValue } from '~/server/lib/kept-value';
import { PUBLIC_VEHICLES_PAGE_SIZE, type PublicPurchasedVehicle } from '~/shared/purchased-vehicles';
import type { Paginated, PaginationQuery } from '~/shared/schema-kit';
import { listVisibleVehicles, vehiclesVersion } from './purchased-vehicles-service';

/** How long another process's change may take to show here (this process's shows at once). */
export const VISIBLE_VEHICLES_MAX_AGE_MS = 10_000;

export type VisibleVehiclesPage = Paginated<PublicPurchasedVehicle> & { version: string };

export type VisibleVehiclesSource = {
  /** A page of the public list, with the data version of the whole list. */
  page(query: PaginationQuery): Promise<VisibleVehiclesPage>;
  /** Forgets the kept first page: after any change to a vehicle here. */
  invalidate(): void;
};

/**
 * The public list of purchased vehicles. Its first page is what the home page (first 6) and most
 * visits to /recently-purchased show, on every view, so it is read once and kept for a few seconds
 * (lib/kept-value.ts); deeper pages are read when asked for.
 */
export function createVisibleVehicles(
  db: Db,
  options: { maxAgeMs?: number | undefined; monotonicMs?: () => number } = {},
): VisibleVehiclesSource {
  const read = async (query: PaginationQuery): Promise<VisibleVehiclesPage> => {
    const [version, list] = await Promise.all([vehiclesVersion(db), listVisibleVehicles(db, query)]);
    return { ...list, version };
  };
  const firstPage = createKeptValue(() => read({ page: 1, pageSize: PUBLIC_VEHICLES_PAGE_SIZE }), {
    maxAgeMs: options.maxAgeMs ?? VISIBLE_VEHICLES_MAX_AGE_MS,
    monotonicMs: options.monotonicMs,
  });
  return {
    async page(query) {
      if (query.page !== 1 || query.pageSize > PUBLIC_VEHICLES_PAGE_SIZE) return read(query);
      const kept = await firstPage.get();
      return {
        ...kept,
        items: kept.items.slice(0, query.pageSize),
        pageSize: query.pageSize,
        pageCount: Math.ceil(kept.total / query.pageSize),
      };
    },
    invalidate: () => firstPage.invalidate(),
  };
}
