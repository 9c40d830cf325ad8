import { isbot } from 'isbot';

type Headers = Record<string, string | string[] | undefined>;

/**
 * isbot's verdicts by user agent: every public page view asks, and a site sees few distinct user
 * agents, so most answers are a map lookup rather than isbot's long regular expression. Emptied when
 * it grows past its size, so a stream of made-up user agents cannot fill memory.
 */
const botVerdicts = new Map<string, boolean>();
const BOT_VERDICTS_MAX = 1_000;

function isBot(userAgent: string): boolean {
  let verdict = botVerdicts.get(userAgent);
  if (verdict === undefined) {
    if (botVerdicts.size >= BOT_VERDICTS_MAX) botVerdicts.clear();
    verdict = isbot(userAgent);
    botVerdicts.set(userAgent, verdict);
  }
  return verdict;
}

const header = (headers: Headers, name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Why a request for a public page is not counted as a visit, or null when it is one:
 * - `bot`: crawlers, link previews and scripts (the isbot package), and requests naming no browser;
 * - `prefetch`: the browser fetching a page the visitor may never open (speculation rules, link
 *   prefetch, Firefox's and Safari's older headers);
 * - `opted-out`: the browser asks not to be tracked (`DNT: 1`) or sends Global Privacy Control
 *   (`Sec-GPC: 1`), which the privacy policy names as the way to object.
 */
export function whyNotCounted(headers: Headers): 'bot' | 'prefetch' | 'opted-out' | null {
  if (header(headers, 'dnt') === '1' || header(headers, 'sec-gpc') === '1') return 'opted-out';
  const purpose = `${header(headers, 'sec-purpose') ?? ''} ${header(headers, 'purpose') ?? ''}`;
  if (/prefetch|prerender/i.test(purpose) || header(headers, 'x-moz') === 'prefetch') return 'prefetch';
  const userAgent = header(headers, 'user-agent');
  if (!userAgent || isBot(userAgent)) return 'bot';
  return null;
}
