import { describe, expect, it } from 'vitest';
import { readableLines, readableLogLine } from './readable-log.mjs';

describe("the demo's readable log lines", () => {
  it('prints a pino line as a sentence with its level, and an error’s message', () => {
    expect(readableLogLine('{"level":40,"time":1,"pid":2,"msg":"Business details not set."}')).toBe(
      'Warning: Business details not set.',
    );
    expect(readableLogLine('{"level":50,"msg":"page failed","err":{"message":"boom","stack":"..."}}')).toBe(
      'Error: page failed (boom)',
    );
  });

  it('leaves other lines alone, JSON without a message included', () => {
    for (const line of ['Starting the demo...', '{not json', '{"level":40}', '']) {
      expect(readableLogLine(line)).toBe(line);
    }
  });

  it('joins lines split between chunks before reading them', () => {
    const written: string[] = [];
    const take = readableLines((text) => written.push(text));
    take('Ready\n{"level":40,"ms');
    take('g":"Slow."}\nlast');
    take.flush();
    expect(written).toEqual(['Ready\n', 'Warning: Slow.\n', 'last']);
  });
});
