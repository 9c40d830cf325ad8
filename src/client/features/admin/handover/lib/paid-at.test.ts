import { describe, expect, it } from 'vitest';
import { localInputToIso, toLocalInput } from './paid-at';

describe('the payment time field', () => {
  it('writes an instant as the browser’s wall-clock time, to the minute', () => {
    const date = new Date(2026, 11, 1, 9, 5, 42);
    expect(toLocalInput(date)).toBe('2026-12-01T09:05');
  });

  it('sends the typed time with the browser’s offset, the same instant', () => {
    for (const typed of ['2026-12-01T10:42', '2026-07-01T10:42', '2026-07-01T10:42:30']) {
      const iso = localInputToIso(typed);
      expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
      expect(new Date(iso!).getTime()).toBe(new Date(typed).getTime());
      expect(iso!.slice(0, 16)).toBe(typed.slice(0, 16));
    }
  });

  it('gives nothing for an empty or unreadable value', () => {
    expect(localInputToIso('')).toBeUndefined();
    expect(localInputToIso('yesterday')).toBeUndefined();
    expect(localInputToIso('2026-13-45T10:42')).toBeUndefined();
  });

  it('round-trips the default of now', () => {
    const now = new Date(2026, 2, 29, 12, 0);
    expect(new Date(localInputToIso(toLocalInput(now))!).getTime()).toBe(now.getTime());
  });
});
