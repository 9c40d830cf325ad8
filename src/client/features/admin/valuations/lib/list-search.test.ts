import { describe, expect, it } from 'vitest';
import { changeListSearch, isFiltered, noListSearch, parseListSearch, withListSearch } from './list-search';

const parse = (query: string) => parseListSearch(new URLSearchParams(query));

describe('parseListSearch', () => {
  it('reads page, search and status', () => {
    expect(parse('page=3&q=%20Ford%20Focus%20&status=contacted')).toEqual({
      page: 3,
      q: 'Ford Focus',
      status: 'contacted',
    });
  });

  it('falls back to the defaults for anything unreadable', () => {
    expect(parse('')).toEqual(noListSearch);
    expect(parse('page=0&status=archived')).toEqual(noListSearch);
    expect(parse('page=-2')).toEqual(noListSearch);
    expect(parse('page=2.5')).toEqual(noListSearch);
    expect(parse('page=abc&status=NEW')).toEqual(noListSearch);
  });

  it('cuts a search to the length the API takes', () => {
    expect(parse(`q=${'a'.repeat(150)}`).q).toHaveLength(100);
  });
});

describe('withListSearch', () => {
  it('leaves the defaults out, so the plain list has a plain address', () => {
    expect(withListSearch(new URLSearchParams('page=4&q=x&status=new'), noListSearch).toString()).toBe('');
  });

  it('writes what is set and keeps parameters that are not the list’s', () => {
    const next = withListSearch(new URLSearchParams('tab=x'), { page: 2, q: 'AB12 CDE', status: 'completed' });
    expect(next.toString()).toBe('tab=x&q=AB12+CDE&status=completed&page=2');
    expect(parseListSearch(next)).toEqual({ page: 2, q: 'AB12 CDE', status: 'completed' });
  });
});

describe('changeListSearch', () => {
  it('goes back to page 1 on a new search or filter, and keeps the rest', () => {
    expect(changeListSearch({ page: 5, q: 'ford', status: 'new' }, { q: 'vw' })).toEqual({
      page: 1,
      q: 'vw',
      status: 'new',
    });
  });

  it('keeps the filters on a page change', () => {
    expect(changeListSearch({ page: 1, q: 'ford', status: undefined }, { page: 2 })).toEqual({
      page: 2,
      q: 'ford',
      status: undefined,
    });
  });
});

describe('isFiltered', () => {
  it('is true with a search or a status, not for a page alone', () => {
    expect(isFiltered({ ...noListSearch, page: 3 })).toBe(false);
    expect(isFiltered({ ...noListSearch, q: 'x' })).toBe(true);
    expect(isFiltered({ ...noListSearch, status: 'new' })).toBe(true);
  });
});
