import { and, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '~/server/db/client';
import { integerLiteral } from '~/server/db/prepared-statements';
import { carValuations, valuationSearchWords } from '~/server/db/schema';
import { parseValuationReference } from '~/shared/valuation-reference';

/**
 * Staff's search box (issue 37, decision 005): a request matches when every word typed begins a word
 * of its name, make or model, or its registration ("smith" finds Smith and Smithson, "jo smi" finds
 * Jo Smith, "ab12" finds AB12CDE); when an e-mail address, or its beginning, is typed ("jo.smith@");
 * or when the whole reference is typed. The words are kept in `valuation_search_words` by the
 * database (migration 0029), newest first per word, so a common name's page is twenty index entries
 * per word that begins with it, not a walk of the list.
 */

/** More words than this beginning with a term (a letter or two typed): the list is walked instead. */
export const SEARCH_VOCABULARY_MAX = 100;

/** Above every character: `word < term + this` keeps exactly the words that begin with `term`. */
const AFTER_EVERY_CHARACTER = '\u{10FFFF}';

/** How the index marks an e-mail address, kept whole: "@jo.smith87@example.com". */
const ADDRESS_MARK = '@';

/**
 * What staff typed, as the index holds the words of names, makes and models: lower-cased, split
 * wherever a character is not a letter or a digit, each once (as `valuation_search_words_of`).
 */
export function searchTerms(typed: string): string[] {
  return [...new Set(typed.toLowerCase().split(/[^\p{L}\p{N}]+/u))].filter(Boolean);
}

/**
 * The ways `typed` can match, each a list of terms that must all begin a word: the words typed;
 * when there are several, the same run together (a registration typed in parts, "AB12 C"); and
 * when it has no space but an "@" or a dot, an e-mail address beginning so.
 */
function alternativesOf(typed: string): string[][] {
  const terms = searchTerms(typed);
  const ways: string[][] = terms.length ? [terms] : [];
  if (terms.length > 1) ways.push([terms.join('')]);
  const address = typed.trim().toLowerCase();
  if (!/\s/.test(address) && /[@.]/.test(address)) ways.push([ADDRESS_MARK + address]);
  return ways;
}

/** The term of an alternative read from the index: the longest, as the least common. */
const leadTerm = (terms: string[]) => terms.reduce((longest, term) => (term.length > longest.length ? term : longest));

const v = carValuations;
/** The row's text its name, make and model words come from, as valuation_search_words_of joins it. */
const wordsText = sql`lower(concat_ws(' ', ${v.firstName}, ${v.lastName}, ${v.make}, ${v.model}))`;

/** LIKE's own wildcards taken literally, then "begins with". */
const beginsLike = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `term` begins one of the row's words, checked on the row itself (a walk of the list): a word of
 * its name, make or model, or its registration; or, for an address term, its e-mail address. Terms
 * other than addresses hold letters and digits only, so they go into the pattern as they are.
 */
function beginsWordOfRow(term: string): SQL {
  if (term.startsWith(ADDRESS_MARK)) return sql`lower(${v.email}) like ${beginsLike(term.slice(ADDRESS_MARK.length))}`;
  return sql`(${wordsText} ~ ${`(^|[^[:alnum:]])${term}`} or lower(${v.registration}) like ${`${term}%`})`;
}

/** `term` begins one of the row's words, through the index (a semi-join on the words' range). */
const beginsWordIndexed = (term: string): SQL =>
  sql`${v.id} in (select ${valuationSearchWords.valuationId} from ${valuationSearchWords}
    where ${valuationSearchWords.word} >= ${term} and ${valuationSearchWords.word} < ${term + AFTER_EVERY_CHARACTER})`;

/**
 * The search as a condition on car_valuations, for the board, the CSV export and any list that
 * filters rather than pages (`walk`: checked on each row read, for a walk of the list newest first).
 */
export function searchCondition(typed: string, { walk = false }: { walk?: boolean } = {}): SQL {
  const reference = parseValuationReference(typed);
  const begins = walk ? beginsWordOfRow : beginsWordIndexed;
  const ways = alternativesOf(typed).map((terms) => and(...terms.map(begins)));
  return or(reference ? sql`${v.reference} = ${reference}` : undefined, ...ways) ?? sql`false`;
}

/**
 * One alternative read from the index: the words beginning with its lead term (read beforehand by
 * planSearch, or in the page's own statement: searchInStatement), and its other terms.
 */
type IndexedAlternative = { words: string[] | SQL; otherTerms: string[] };

/** A search ready to page from the index, or `walk` when a term begins too many words to read each. */
export type SearchPlan = { kind: 'indexed'; reference?: string; alternatives: IndexedAlternative[] } | { kind: 'walk' };
export type IndexedSearch = Extract<SearchPlan, { kind: 'indexed' }>;

/**
 * Reads, for each alternative's lead term, the words of the index beginning with it, at most
 * SEARCH_VOCABULARY_MAX + 1, one index probe each (a loose index scan: each step asks for the first
 * word after the last). One statement for all alternatives.
 */
export async function planSearch(db: Db, typed: string): Promise<SearchPlan> {
  const alternatives = alternativesOf(typed);
  const reference = parseValuationReference(typed);
  const leads = [...new Set(alternatives.map(leadTerm))];
  const found = leads.length ? await vocabulary(db, leads) : new Map<string, string[]>();
  if ([...found.values()].some((words) => words.length > SEARCH_VOCABULARY_MAX)) return { kind: 'walk' };
  return {
    kind: 'indexed',
    ...(reference ? { reference } : {}),
    alternatives: alternatives.map((terms) => {
      const lead = leadTerm(terms);
      return { words: found.get(lead) ?? [], otherTerms: terms.filter((term) => term !== lead) };
    }),
  };
}

async function vocabulary(db: Db, leads: string[]): Promise<Map<string, string[]>> {
  const result = await db.execute<{ term: string; word: string }>(sql`
    select lead.term, found.word from unnest(${sql.param(leads)}::text[]) as lead(term)
    cross join lateral (${wordsBeginning(sql`lead.term`)}) as found`);
  const byTerm = new Map<string, string[]>(leads.map((lead) => [lead, []]));
  for (const { term, word } of result.rows) byTerm.get(term)!.push(word);
  return byTerm;
}

/**
 * The words of the index beginning with `term`, at most SEARCH_VOCABULARY_MAX + 1, in order: a
 * loose index scan, each step one probe for the first word after the last.
 */
function wordsBeginning(term: SQL): SQL {
  const w = valuationSearchWords;
  const end = sql`${term} || ${AFTER_EVERY_CHARACTER}`;
  return sql`with recursive next_word(word) as (
      (select ${w.word} from ${w} where ${w.word} >= ${term} order by ${w.word} limit 1)
      union all
      select (select ${w.word} from ${w} where ${w.word} > next_word.word order by ${w.word} limit 1)
      from next_word where next_word.word < ${end}
    )
    select word from next_word where word < ${end} limit ${integerLiteral(SEARCH_VOCABULARY_MAX + 1)}`;
}

/**
 * The search with its words read in the page's own statement, saving planSearch's round trip (a
 * tenth of a list page's time on the server: each round trip to PostgreSQL costs the app a write).
 * Each alternative's words are an array worked out once per statement; when any lead term begins
 * more than SEARCH_VOCABULARY_MAX words, every array is null and the search finds nothing here, so
 * a page that comes back empty is planned again with planSearch to tell that from no matches.
 */
export function searchInStatement(typed: string): IndexedSearch {
  const alternatives = alternativesOf(typed);
  const reference = parseValuationReference(typed);
  const leads = [...new Set(alternatives.map(leadTerm))];
  const arrays = leads.map((lead) => sql`array(${wordsBeginning(sql`${lead}::text`)})`);
  const withinMax = sql.join(
    leads.map((_, i) => sql`cardinality(${sql.raw(`w${i}`)}) <= ${integerLiteral(SEARCH_VOCABULARY_MAX)}`),
    sql` and `,
  );
  const vocabulary = sql.join(
    arrays.map((array, i) => sql`${array} as ${sql.raw(`w${i}`)}`),
    sql`, `,
  );
  const wordsOf = (lead: string) =>
    sql`(select case when ${withinMax} then ${sql.raw(`w${leads.indexOf(lead)}`)} end from (select ${vocabulary}) as vocabulary)`;
  return {
    kind: 'indexed',
    ...(reference ? { reference } : {}),
    alternatives: alternatives.map((terms) => {
      const lead = leadTerm(terms);
      return { words: wordsOf(lead), otherTerms: terms.filter((term) => term !== lead) };
    }),
  };
}

/** Where a search's matches are read from: the list's archive state, and its other filters if any. */
export type SearchScope = { archived: boolean; others?: SQL | undefined; newestFirst: boolean };

/**
 * The matching requests' ids and times in `scope`, at most `limit` from each word, in the scope's
 * order: for each word, its index entries newest (or oldest) first, until `limit` match the other
 * filters and the alternative's other terms (checked on the request's row, read by its id; with
 * neither, the index alone answers). The first n of all the matches are among the first n of every
 * word's, so a page or a capped count needs no more. A request may come from two words ("smith",
 * "smithson") or two alternatives: callers take each id once.
 */
export function searchCandidates(plan: IndexedSearch, scope: SearchScope, limit: number): SQL {
  const w = valuationSearchWords;
  const direction = scope.newestFirst ? sql`desc` : sql`asc`;
  const archived = scope.archived ? sql`true` : sql`false`;
  const branches = plan.alternatives
    .filter(({ words }) => !Array.isArray(words) || words.length > 0)
    .map(({ words, otherTerms }) => {
      const checks = [scope.others, ...otherTerms.map(beginsWordOfRow)].filter((check) => check !== undefined);
      const row = checks.length ? sql`join ${v} on ${v.id} = ${w.valuationId} and ${and(...checks)}` : sql``;
      const array = Array.isArray(words) ? sql`${sql.param(words)}::text[]` : words;
      return sql`select found.id, found.created_at from unnest(${array}) as lead(word)
      cross join lateral (
        select ${w.valuationId} as id, ${w.createdAt} as created_at from ${w} ${row}
        where ${w.word} = lead.word and ${w.isArchived} = ${archived}
        order by ${w.createdAt} ${direction}, ${w.valuationId} ${direction} limit ${integerLiteral(limit)}
      ) as found`;
    });
  if (plan.reference) {
    branches.push(sql`select ${v.id} as id, ${v.createdAt} as created_at from ${v}
      where ${v.reference} = ${plan.reference} and ${v.isArchived} = ${archived} and ${scope.others ?? sql`true`}`);
  }
  if (branches.length === 0) return sql`select null::uuid as id, null::timestamptz as created_at where false`;
  return sql.join(
    branches.map((branch) => sql`(${branch})`),
    sql` union all `,
  );
}
