import type { Promotion, PromotionPhase } from './promotion';
import type { RetentionPeriods } from './retention';

/**
 * Business details as the public pages see them. Built once on the server from
 * the environment (src/server/features/site/site-config.ts) and handed to the
 * browser with the page, so every place that shows a phone number or an
 * address reads the same values.
 *
 * Optional members are left out of the pages when unset: we never invent a
 * company, FCA or ICO number, nor contact details the business has not given.
 */
export type PhoneNumber = {
  /** As people read it, e.g. "01507 123456". */
  display: string;
  /** E.164 for tel: and wa.me links, e.g. "+441507123456". */
  e164: string;
};

export type OpeningHours = { days: string; hours: string };

export type SiteConfig = {
  tradingName: string;
  companyName?: string;
  companyNumber?: string;
  fcaNumber?: string;
  icoNumber?: string;
  address: { lines: string[]; postcode: string };
  phone?: PhoneNumber;
  whatsapp?: PhoneNumber;
  email?: string;
  openingHours: OpeningHours[];
  /** The launch promotion, and where it stands on the day the page was made. */
  promotion: Promotion & { phase: PromotionPhase };
  /** Origin used for canonical links and absolute URLs, without a trailing slash. */
  publicBaseUrl: string;
  /** Demo mode (`npm run demo`): a "Demo" ribbon on every page, the fake DVLA's registrations listed. */
  demo: boolean;
  /** Whether staff's calls are recorded (CALL_RECORDING): the privacy policy says which. */
  callRecording: boolean;
  /**
   * The retention periods in force (RETENTION_*): the privacy policy shows these, the numbers the
   * daily retention job deletes by. The server always sends them; a page made without them (a
   * component test's hand-made config) shows the defaults, RETENTION_DEFAULTS.
   */
  retention?: RetentionPeriods;
};

/** Where collected cars go; distances are measured from here (SPEC section 9). */
export const COLLECTION_BASE_POSTCODE = 'LN11 0LQ';

export const OPENING_HOURS: OpeningHours[] = [
  { days: 'Monday to Saturday', hours: '09:00 to 20:00' },
  { days: 'Sunday', hours: '10:00 to 16:00' },
];

export function addressAsOneLine(config: Pick<SiteConfig, 'address'>): string {
  return [...config.address.lines, config.address.postcode].join(', ');
}
