import { describe, expect, it } from 'vitest';
import {
  idParam,
  idField,
  int,
  INT2_MAX,
  kitMessages,
  optionalText,
  paginationQuery,
  paginationQuerySchema,
  text,
} from './schema-kit';

const issue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error!.issues[0]!.message;

describe('text', () => {
  const name = text({ max: 5, tooLong: 'Too long', min: 1, required: 'Required' });

  it('trims and keeps ordinary text, emoji included', () => {
    expect(name.parse('  Zoë ')).toBe('Zoë');
    expect(name.parse('😀😀')).toBe('😀😀');
  });

  it('refuses NUL and other control characters with a plain message', () => {
    for (const bad of ['a\u0000b', 'a\u0007', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\tb', 'a\nb']) {
      expect(issue(name.safeParse(bad))).toBe(kitMessages.unsafeCharacters);
    }
  });

  it('lets multi-line text keep tabs and line breaks, but not NUL', () => {
    const notes = text({ max: 100, tooLong: 'Too long', multiline: true });
    expect(notes.parse('one\n\ttwo\r\nthree')).toBe('one\n\ttwo\r\nthree');
    expect(issue(notes.safeParse('one\u0000two'))).toBe(kitMessages.unsafeCharacters);
  });

  it('refuses lone surrogates', () => {
    expect(issue(name.safeParse('a\uD83D'))).toBe(kitMessages.brokenCharacters);
    expect(issue(name.safeParse('\uDE00a'))).toBe(kitMessages.brokenCharacters);
  });

  it('applies the form messages for length and type', () => {
    expect(issue(name.safeParse('   '))).toBe('Required');
    expect(issue(name.safeParse('abcdef'))).toBe('Too long');
    expect(issue(name.safeParse(12))).toBe('Required');
  });

  it('optional text turns blank into null and still refuses control characters', () => {
    const optional = optionalText({ max: 5, tooLong: 'Too long' });
    expect(optional.parse('  ')).toBeNull();
    expect(optional.parse(undefined)).toBeNull();
    expect(optional.parse(' x ')).toBe('x');
    expect(issue(optional.safeParse('\u0000'))).toBe(kitMessages.unsafeCharacters);
  });
});

describe('integers and ids', () => {
  it('ids from a path are digits from 1 to 2147483647', () => {
    expect(idParam.parse('1')).toBe(1);
    expect(idParam.parse('2147483647')).toBe(2147483647);
    for (const bad of ['0', '-1', '2147483648', '9007199254740991', '1e3', '0x10', ' 1', '1.0', '', 'abc']) {
      expect(issue(idParam.safeParse(bad))).toBe(kitMessages.invalidId);
    }
  });

  it('ids in a body are whole numbers in the int4 range', () => {
    expect(idField.parse(7)).toBe(7);
    for (const bad of [0, 1.5, 2147483648, Number.MAX_SAFE_INTEGER, '7', true, null]) {
      expect(issue(idField.safeParse(bad))).toBe(kitMessages.invalidId);
    }
  });

  it('int keeps to the column type and the form range', () => {
    const count = int({ min: -1, max: 4 });
    expect(count.parse(4)).toBe(4);
    expect(count.safeParse(5).success).toBe(false);
    expect(int({ max: 10 ** 12 }).safeParse(2 ** 31).success).toBe(false);
    expect(int({ max: INT2_MAX }).safeParse(INT2_MAX + 1).success).toBe(false);
  });
});

describe('pagination query', () => {
  it('defaults to the first page and caps the page size', () => {
    expect(paginationQuerySchema.parse({})).toEqual({ page: 1, pageSize: 25 });
    expect(paginationQuerySchema.parse({ page: '3', pageSize: '100' })).toEqual({ page: 3, pageSize: 100 });
    expect(paginationQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(paginationQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(paginationQuerySchema.safeParse({ page: '99999999999' }).success).toBe(false);
    expect(paginationQuery({ maxPageSize: 10, defaultPageSize: 50 }).parse({})).toEqual({ page: 1, pageSize: 10 });
  });
});
