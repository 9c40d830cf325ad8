import { isAdvertised, promotionPeriod, voucherLabel } from '~/shared/promotion';
import { useSiteConfig } from './site-config';

/**
 * The launch promotion as pages show it. The phase was worked out by the
 * server for the day the page was made, so server and browser always agree.
 */
export function usePromotion() {
  const { promotion } = useSiteConfig();
  return {
    ...promotion,
    advertised: isAdvertised(promotion.phase),
    /** "1 July to 31 August 2025" */
    period: promotionPeriod(promotion),
    /** "£100 Love2Shop digital voucher" */
    voucher: voucherLabel(promotion),
  };
}
