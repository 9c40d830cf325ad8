/**
 * Our Content Security Policy forbids eval. Zod's optional JIT tests `new Function` on a page's
 * first parse, and Chrome reports that as a CSP violation (Lighthouse counts it against the page).
 * `z.config({ jitless: true })` turns the JIT off, but importing zod for it would put zod on every
 * page; zod keeps that setting on `globalThis.__zod_globalConfig`, so it is set there, before or
 * after zod loads (zod-without-eval.test.ts checks zod still reads it from there).
 */
export function runZodWithoutEval(): void {
  const global = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  global.__zod_globalConfig ??= {};
  global.__zod_globalConfig.jitless = true;
}
