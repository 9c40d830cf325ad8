import { afterEach, expect, it } from 'vitest';
import { z } from 'zod';
import { config } from 'zod/v4/core';
import { runZodWithoutEval } from './zod-without-eval';

afterEach(() => {
  config({ jitless: false });
});

it('turns off zod\u2019s JIT (no eval) through the setting zod reads', () => {
  expect(config().jitless).not.toBe(true);
  runZodWithoutEval();
  expect(config().jitless).toBe(true);
  expect(z.object({ a: z.string() }).parse({ a: 'b' })).toEqual({ a: 'b' });
});
