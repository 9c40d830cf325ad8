import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { DEFAULT_TRADING_NAME } from '~/server/features/site/site-config';
import { projectRoot } from '~/server/project-root';
import { authMessages } from '~/shared/auth-schemas';

/**
 * The server-side half of the password rules (the lengths are in the shared
 * schemas), applied wherever a password is set (ASVS 6.2.4 / 6.2.12). No
 * composition rules (ASVS 6.2.5). Two checks, cheapest first:
 *
 * 1. The list of the most common passwords and their obvious variants
 *    ("password1234", "Qwertyuiop!!"): "too common".
 * 2. zxcvbn-ts, which estimates how many guesses a cracker needs, spotting
 *    repeats, keyboard and number sequences, dates, dictionary words and l33t,
 *    and words we give it: the username, the trading name and the site's own
 *    words. Below score 3 (about 10^8 guesses, the "safely unguessable" level)
 *    is refused as "too easy to guess".
 */
export const MIN_ZXCVBN_SCORE = 3;

/**
 * zxcvbn's matching grows faster than the length (a 256-character repeat takes
 * about a second of the event loop), so only the first characters are scored.
 * A password whose first 64 characters are weak is weak enough to refuse.
 */
const SCORED_LENGTH = 64;

/** Words anyone guessing a password for this back office would try first. */
const SITE_WORDS = [
  'admin',
  'administrator',
  'backoffice',
  'staff',
  'login',
  'signin',
  'password',
  'car',
  'cars',
  'buy',
  'sell',
  'valuation',
];

export type PasswordContext = {
  /** The account's username: a password built from it is easy to guess. */
  username?: string;
  /** The business's trading name (config SITE_TRADING_NAME); the default name is always included. */
  tradingName?: string | undefined;
};

let commonPasswords: Set<string> | undefined;

function loadCommonPasswords(): Set<string> {
  const file = path.join(projectRoot, 'src', 'server', 'auth', 'common-passwords.txt');
  const lines = readFileSync(file, 'utf8').split('\n');
  return new Set(lines.filter((line) => line && !line.startsWith('#')));
}

/** "password1234" and "Qwertyuiop!!" are as weak as "password" and "qwertyuiop". */
function variants(password: string): string[] {
  const lower = password.normalize('NFC').toLowerCase();
  const core = lower.replace(/^[\d\W_]+|[\d\W_]+$/g, '');
  return [lower, core, lower.replace(/\s+/g, '')];
}

function commonPasswordReason(password: string, context: PasswordContext): string | null {
  commonPasswords ??= loadCommonPasswords();
  const [lower, core, squashed] = variants(password);
  if (new Set(lower).size <= 2) return authMessages.passwordTooCommon; // "aaaaaaaaaaaa", "abababababab"
  if ([lower, squashed].some((v) => commonPasswords!.has(v!))) return authMessages.passwordTooCommon;
  if (core!.length >= 4 && commonPasswords.has(core!)) return authMessages.passwordTooCommon;
  if (
    context.username &&
    lower!.includes(context.username.toLowerCase()) &&
    core!.length <= context.username.length + 4
  ) {
    return authMessages.passwordTooCommon;
  }
  return null;
}

/** Built once, on first use: the dictionaries take a moment to load and are not needed until a password is set. */
let zxcvbn: Promise<ZxcvbnFactory> | undefined;

async function loadZxcvbn(): Promise<ZxcvbnFactory> {
  const [{ ZxcvbnFactory }, common, en] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]);
  return new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
    maxLength: SCORED_LENGTH,
  });
}

/** "CarBuy Direct" -> "carbuy direct", "carbuydirect", "carbuy", "direct"; the same for a username like "margaret.h". */
function wordsOf(text: string): string[] {
  const lower = text.normalize('NFC').toLowerCase().trim();
  const parts = lower.split(/[^\p{L}\p{N}]+/u).filter((part) => part.length >= 3);
  return [lower, lower.replace(/[^\p{L}\p{N}]+/gu, ''), ...parts];
}

/** The account's and the business's own words, which a guesser tries first. */
function ownWords(context: PasswordContext): string[] {
  const words = new Set(wordsOf(DEFAULT_TRADING_NAME));
  for (const text of [context.tradingName, context.username]) {
    if (text) for (const word of wordsOf(text)) words.add(word);
  }
  return [...words].filter(Boolean);
}

/**
 * The password with the username and the trading name taken out. zxcvbn alone
 * scores "user1234x user1234x user1234x" or "CarBuyDirect CarBuyDirect!" as
 * fair (it counts them as three or two unrelated words), but a guesser who
 * knows whose account it is tries those first: what is left must be strong.
 */
function withoutOwnWords(squashedLower: string, words: string[]): string {
  let rest = squashedLower;
  for (const word of [...words].sort((a, b) => b.length - a.length)) {
    const squashedWord = word.replace(/[^\p{L}\p{N}]+/gu, '');
    if (squashedWord) rest = rest.split(squashedWord).join('');
  }
  return rest;
}

async function tooEasyReason(password: string, context: PasswordContext): Promise<string | null> {
  const estimator = await (zxcvbn ??= loadZxcvbn());
  const own = ownWords(context);
  const inputs = [...new Set([...SITE_WORDS, ...own])];
  const typed = password.normalize('NFC');
  // "letmein letmein" and "123456 123456" hide a repeat behind a space: score the squashed form too.
  const squashed = typed.replace(/[\s._-]+/g, '');
  const lettersAndDigits = squashed.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  const rest = withoutOwnWords(lettersAndDigits, own);
  const forms = new Set([typed, squashed]);
  if (rest !== lettersAndDigits) {
    if (rest.length === 0) return authMessages.passwordTooEasy;
    forms.add(rest);
  }
  const weakest = Math.min(...[...forms].map((form) => estimator.check(form, inputs).score));
  return weakest < MIN_ZXCVBN_SCORE ? authMessages.passwordTooEasy : null;
}

/** Returns the message to show, or null when the password is acceptable. */
export async function weakPasswordReason(password: string, context: PasswordContext = {}): Promise<string | null> {
  return commonPasswordReason(password, context) ?? (await tooEasyReason(password, context));
}
