import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { applyPatches, PATCHES } from './patch-dependencies.mjs';

const nodeModules = fileURLToPath(new URL('../node_modules/', import.meta.url));
const [pglite] = PATCHES;

describe('patched dependencies', () => {
  const made: string[] = [];
  afterEach(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  /** A node_modules holding PGlite's package.json and its two files as upstream ships them. */
  function unpatchedCopy(version = pglite!.version): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'patch-deps-'));
    made.push(dir);
    const pkgDir = path.join(dir, pglite!.pkg);
    mkdirSync(path.join(pkgDir, 'dist'), { recursive: true });
    cpSync(path.join(nodeModules, pglite!.pkg, 'package.json'), path.join(pkgDir, 'package.json'));
    const manifest = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
    writeFileSync(path.join(pkgDir, 'package.json'), JSON.stringify({ ...manifest, version }));
    for (const { file, find, replace } of pglite!.files) {
      const installed = readFileSync(path.join(nodeModules, pglite!.pkg, file), 'utf8');
      writeFileSync(path.join(pkgDir, file), installed.replace(replace, find));
    }
    return dir;
  }

  it('are applied by the install: the installed PGlite decodes rows without copying each field', () => {
    for (const { file, find, replace } of pglite!.files) {
      const text = readFileSync(path.join(nodeModules, pglite!.pkg, file), 'utf8');
      expect(text).toContain(replace);
      expect(text).not.toContain(find);
    }
  });

  it('patch an unpatched copy once, and leave it alone the second time', () => {
    const dir = unpatchedCopy();
    expect(applyPatches(dir)).toEqual(pglite!.files.map(({ file }) => `${pglite!.pkg}/${file}: patched`));
    expect(applyPatches(dir)).toEqual(pglite!.files.map(({ file }) => `${pglite!.pkg}/${file}: already patched`));
  });

  it('stop the install when another version is installed, so nobody loses a fix unknowingly', () => {
    const dir = unpatchedCopy('9.9.9');
    expect(() => applyPatches(dir)).toThrow(/9\.9\.9 is installed, but .* patches 0\.5\.16/);
  });

  it('still give back every text exactly: multi-byte letters, empty strings, nulls, long values, many columns', async () => {
    const db = await PGlite.create();
    try {
      const values = ['£1,250 — Škoda Octavia', '', 'naïve café 🚗', 'x'.repeat(70_000), 'O’Brien'];
      const { rows } = await db.query<Record<string, string | null>>(
        `select ${values.map((_, i) => `$${i + 1}::text as c${i}`).join(', ')}, null::text as empty,
           (select string_agg(g::text, ',') from generate_series(1, 2000) g) as series`,
        values,
      );
      expect(rows[0]).toEqual({
        ...Object.fromEntries(values.map((value, i) => [`c${i}`, value])),
        empty: null,
        series: Array.from({ length: 2000 }, (_, i) => String(i + 1)).join(','),
      });
    } finally {
      await db.close();
    }
  });
});
