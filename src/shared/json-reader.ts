/**
 * Reading JSON the browser receives without zod, for the valuation page, whose JavaScript budget
 * has no room for it. A reader gives what the matching zod schema in src/shared outputs (a copy
 * without unknown keys, as z.object gives) or `undefined` where that schema refuses the value.
 *
 * The schemas stay the definition. Each reader is typed by its schema's output, so a field added
 * to one and not the other fails the type check, and a test beside each reader feeds both the
 * same good and bad values.
 */

const REFUSED: unique symbol = Symbol('refused');

/** The value as the schema would output it, or REFUSED. */
export type Read<T> = (value: unknown) => T | typeof REFUSED;

const when =
  <T>(test: (value: unknown) => value is T): Read<T> =>
  (value) =>
    test(value) ? value : REFUSED;

export const string = when((value): value is string => typeof value === 'string');
export const boolean = when((value): value is boolean => typeof value === 'boolean');
/** z.number().int(): a safe integer. */
export const integer = when((value): value is number => Number.isSafeInteger(value));
export const literal = <const L extends string | number | boolean>(expected: L) =>
  when((value): value is L => value === expected);

export const optional =
  <T>(read: Read<T>): Read<T | undefined> =>
  (value) =>
    value === undefined ? undefined : read(value);

export const array =
  <T>(read: Read<T>): Read<T[]> =>
  (value) => {
    if (!Array.isArray(value)) return REFUSED;
    const items: T[] = [];
    for (const raw of value) {
      const item = read(raw);
      if (item === REFUSED) return REFUSED;
      items.push(item);
    }
    return items;
  };

/** z.object(): every field of T read (unknown keys dropped); arrays and null refused. */
export const object =
  <T extends object>(fields: { [K in keyof T]-?: Read<T[K]> }): Read<T> =>
  (value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return REFUSED;
    const record = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, read] of Object.entries<Read<unknown>>(fields)) {
      const field = read(record[key]);
      if (field === REFUSED) return REFUSED;
      if (field !== undefined) out[key] = field;
    }
    return out as T;
  };

/** The reader as a function that gives `undefined` for a refused value. */
export const reader =
  <T>(read: Read<T>) =>
  (value: unknown): T | undefined => {
    const result = read(value);
    return result === REFUSED ? undefined : result;
  };
