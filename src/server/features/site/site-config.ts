import type { AppConfig } from '~/server/config';
import { promotionPhase, type PromotionPhase } from '~/shared/promotion';
import { parsePhone } from '~/shared/phone';
import { RETENTION_DEFAULTS, type RetentionPeriods } from '~/shared/retention';
import { COLLECTION_BASE_POSTCODE, OPENING_HOURS, type SiteConfig } from '~/shared/site-config';

export const DEFAULT_TRADING_NAME = 'CarBuy Direct';

/** Registered office and collection base given in SPEC: Louth, Lincolnshire, LN11 0LQ. */
const DEFAULT_ADDRESS = { lines: ['Louth', 'Lincolnshire'], postcode: COLLECTION_BASE_POSTCODE };

const UK_POSTCODE_AT_END = /\b([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})$/i;

/** "Unit 4, Fairfield Industrial Estate, Louth, LN11 0LQ" -> lines + postcode. */
function parseAddress(raw: string): SiteConfig['address'] {
  const parts = raw
    .split(/\s*[,\n]\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
  const last = parts.at(-1) ?? '';
  const match = UK_POSTCODE_AT_END.exec(last);
  if (!match) return { lines: parts, postcode: '' };
  const postcode = `${match[1]!.toUpperCase()} ${match[2]!.toUpperCase()}`;
  const rest = last.slice(0, match.index).trim();
  return { lines: rest ? [...parts.slice(0, -1), rest] : parts.slice(0, -1), postcode };
}

/**
 * "+44 (0)1507 123456" -> { display: "01507 123456", e164: "+441507123456" }. Parsed here, on the
 * server, so the browser gets both forms and never loads the phone library. A number that cannot
 * be parsed stops start-up: every tel: and WhatsApp link would be broken.
 */
function phone(raw: string | undefined, variable: string) {
  if (!raw) return undefined;
  const parsed = parsePhone(raw);
  if (!parsed) throw new Error(`${variable} is not a phone number we can link to: ${raw}`);
  return { display: parsed.display, e164: parsed.e164 };
}

/**
 * The site details as a function of the moment a page is made. Everything but
 * the promotion's phase is fixed for the life of the process, so it is built
 * once; only the phase, which depends on the day, is worked out per request
 * (and the browser reuses it when hydrating).
 */
export function siteConfigAt(
  config: Pick<AppConfig, 'site' | 'publicBaseUrl' | 'promotion' | 'demo'> & {
    calls?: Pick<AppConfig['calls'], 'recording'>;
    retention?: RetentionPeriods;
  },
): (now: Date) => SiteConfig {
  const s = config.site;
  const fixed: Omit<SiteConfig, 'promotion'> = {
    tradingName: s.SITE_TRADING_NAME ?? DEFAULT_TRADING_NAME,
    companyName: s.SITE_COMPANY_NAME,
    companyNumber: s.SITE_COMPANY_NUMBER,
    fcaNumber: s.SITE_FCA_NUMBER,
    icoNumber: s.SITE_ICO_NUMBER,
    address: s.SITE_ADDRESS ? parseAddress(s.SITE_ADDRESS) : DEFAULT_ADDRESS,
    phone: phone(s.SITE_PHONE, 'SITE_PHONE'),
    whatsapp: phone(s.SITE_WHATSAPP, 'SITE_WHATSAPP'),
    email: s.SITE_EMAIL,
    openingHours: OPENING_HOURS,
    publicBaseUrl: config.publicBaseUrl,
    demo: config.demo,
    callRecording: config.calls?.recording ?? false,
    retention: { ...(config.retention ?? RETENTION_DEFAULTS) },
  };
  // One object per phase, made once: every page view asks.
  const byPhase = new Map<PromotionPhase, SiteConfig>();
  return (now) => {
    const phase = promotionPhase(config.promotion, now);
    let site = byPhase.get(phase);
    if (!site) byPhase.set(phase, (site = { ...fixed, promotion: { ...config.promotion, phase } }));
    return site;
  };
}

/**
 * Variables a business must set before launch. Each is left off the pages
 * while unset; start-up logs one warning naming them.
 */
export function missingBusinessDetails(config: Pick<AppConfig, 'site'>): string[] {
  const required = [
    'SITE_COMPANY_NAME',
    'SITE_COMPANY_NUMBER',
    'SITE_FCA_NUMBER',
    'SITE_ICO_NUMBER',
    'SITE_PHONE',
    'SITE_EMAIL',
    'SITE_WHATSAPP',
  ] as const;
  return required.filter((name) => !config.site[name]);
}
