import { AppError } from '~/server/http/app-error';
import type { PageDataRegistry } from '~/server/render/page-data';
import {
  PUBLIC_VEHICLES_PAGE_SIZE,
  purchasedVehicleMessages as m,
  type PublicVehiclePage,
} from '~/shared/purchased-vehicles';
import type { VisibleVehiclesSource } from './visible-vehicles';

/** The route id of /recently-purchased (src/client/routes.tsx). */
export const RECENTLY_PURCHASED_ROUTE_ID = 'features/public/recently-purchased/recently-purchased-page';

/** `?page=2`: digits only; anything else is a page that does not exist. */
function pageNumber(url: URL): number {
  const value = url.searchParams.get('page');
  if (value === null) return 1;
  if (!/^[1-9]\d{0,4}$/.test(value)) throw new AppError('NOT_FOUND', m.pageNotFound);
  return Number(value);
}

/**
 * /recently-purchased's server data (docs/decisions/002-page-data.md): a page of the visible
 * vehicles, newest purchase first. A page past the last is a 404, not an empty grid.
 */
export function registerRecentlyPurchasedPageData(pageData: PageDataRegistry, visible: VisibleVehiclesSource) {
  pageData.register(RECENTLY_PURCHASED_ROUTE_ID, async ({ url }) => {
    const page = pageNumber(url);
    const { version, ...list } = await visible.page({ page, pageSize: PUBLIC_VEHICLES_PAGE_SIZE });
    if (page > 1 && page > list.pageCount) throw new AppError('NOT_FOUND', m.pageNotFound);
    const data: PublicVehiclePage = list;
    return { data, version };
  });
}
