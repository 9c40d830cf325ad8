import { describe, expect, it } from 'vitest';
import {
  changeFilters,
  hasActiveFilters,
  noFilters,
  parseMessageFilters,
  parseOpenMessage,
  showsNewMessage,
  withMessageFilters,
} from './message-search';

const params = (query: string) => new URLSearchParams(query);

describe('parseMessageFilters: the list filters from the address', () => {
  it('reads every filter', () => {
    expect(parseMessageFilters(params('page=3&status=failed&channel=sms&recipient=%20gmail%20'))).toEqual({
      page: 3,
      status: 'failed',
      channel: 'sms',
      recipient: 'gmail',
    });
  });

  it('gives the plain list for an empty address', () => {
    expect(parseMessageFilters(params(''))).toEqual(noFilters);
  });

  it.each([['page=0'], ['page=-1'], ['page=2.5'], ['page=1e3'], ['page=abc'], ['page=99999'], ['page= 2']])(
    'reads %s as page 1',
    (query) => {
      expect(parseMessageFilters(params(query)).page).toBe(1);
    },
  );

  it('ignores statuses and channels it does not know, and capitals', () => {
    expect(parseMessageFilters(params('status=lost&channel=fax'))).toEqual(noFilters);
    expect(parseMessageFilters(params('status=Failed&channel=EMAIL'))).toEqual(noFilters);
  });

  it('cuts a search to the 100 characters the API takes', () => {
    expect(parseMessageFilters(params(`recipient=${'a'.repeat(150)}`)).recipient).toHaveLength(100);
  });
});

describe('withMessageFilters: the address for a set of filters', () => {
  it('leaves the defaults out', () => {
    expect(withMessageFilters(params('page=4&status=held'), noFilters).toString()).toBe('');
  });

  it('writes the filters and keeps the open message', () => {
    const next = withMessageFilters(params('message=abc'), {
      page: 2,
      status: 'queued',
      channel: 'email',
      recipient: 'sam@',
    });
    expect(Object.fromEntries(next)).toEqual({
      message: 'abc',
      status: 'queued',
      channel: 'email',
      recipient: 'sam@',
      page: '2',
    });
  });

  it('reads back what it writes', () => {
    const filters = { page: 7, status: 'sent', channel: 'sms', recipient: '+44 7700' } as const;
    expect(parseMessageFilters(withMessageFilters(params(''), filters))).toEqual(filters);
  });
});

describe('changeFilters', () => {
  it('goes back to page 1 when a filter changes', () => {
    expect(changeFilters({ ...noFilters, page: 5 }, { status: 'failed' })).toEqual({
      ...noFilters,
      status: 'failed',
    });
  });

  it('keeps the filters when only the page changes', () => {
    const current = { ...noFilters, channel: 'sms' as const };
    expect(changeFilters(current, { page: 2 })).toEqual({ ...current, page: 2 });
  });
});

describe('hasActiveFilters', () => {
  it('is false for the plain list, whatever the page', () => {
    expect(hasActiveFilters({ ...noFilters, page: 3 })).toBe(false);
  });

  it.each([{ status: 'held' as const }, { channel: 'email' as const }, { recipient: 'x' }])(
    'is true with %j',
    (change) => {
      expect(hasActiveFilters({ ...noFilters, ...change })).toBe(true);
    },
  );
});

describe('showsNewMessage: whether a test message just sent is at the top of the list', () => {
  const held = { status: 'held', channel: 'email', recipient: 'Sam@Example.co.uk' } as const;

  it('is at the top of the plain list', () => {
    expect(showsNewMessage(noFilters, held)).toBe(true);
  });

  it('matches the filters it fits, the search in any case', () => {
    expect(showsNewMessage({ ...noFilters, status: 'held', channel: 'email', recipient: 'sam@example' }, held)).toBe(
      true,
    );
  });

  it.each([{ page: 2 }, { status: 'failed' as const }, { channel: 'sms' as const }, { recipient: 'someone-else' }])(
    'is hidden with %j',
    (change) => {
      expect(showsNewMessage({ ...noFilters, ...change }, held)).toBe(false);
    },
  );
});

describe('parseOpenMessage', () => {
  it('reads a message id', () => {
    expect(parseOpenMessage(params('message=0197a3b4-5c6d-7e8f-9a0b-1c2d3e4f5a6b'))).toBe(
      '0197a3b4-5c6d-7e8f-9a0b-1c2d3e4f5a6b',
    );
  });

  it.each([[''], ['message='], ['message=42'], ['message=../users']])('ignores %j', (query) => {
    expect(parseOpenMessage(params(query))).toBeUndefined();
  });
});
