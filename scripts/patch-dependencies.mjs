// Fixes in installed packages that upstream has not released yet, applied after every
// `npm install` / `npm ci` (the `postinstall` script). Each entry names the exact text it replaces in
// the exact version pinned in package.json; if the text is not there (the package was upgraded or
// changed), the install stops with a message, so whoever upgrades checks whether the fix is still
// needed rather than losing it without noticing.
//
// Why a script and not patch-package: these files are minified onto one line, so a patch file would
// be hundreds of kilobytes of unreadable diff; here the change is the few characters that matter.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));

export const PATCHES = [
  {
    pkg: '@electric-sql/pglite',
    version: '0.5.16',
    why:
      "PGlite's wire-protocol reader copied every text field of every row into a new ArrayBuffer " +
      '(`ArrayBuffer.slice`) before decoding it; decoding straight from a view of the message is the ' +
      'same text without the copy. On the back office list (20 rows of ~40 columns) that copy was a ' +
      "fifth of a page's time on PGlite (docs/decisions/005, point 17).",
    files: [
      {
        // ES module build (what the app, the tests and the bench load). Minified names: `r` reads a
        // private field, `d` writes one; `x` is the DataView, `w` the offset, `le` the TextDecoder.
        file: 'dist/chunk-Y6PULSM7.js',
        find: 'string(t){return r(this,le).decode(this.bytes(t))}',
        replace:
          'string(t){let n=r(this,x),o=r(this,w);return d(this,w,o+t),r(this,le).decode(new Uint8Array(n.buffer,n.byteOffset+o,t))}',
      },
      {
        // CommonJS build, the same reader (`c` reads, `y` writes; `he` the DataView, `j` the offset).
        file: 'dist/index.cjs',
        find: 'string(t){return c(this,vr).decode(this.bytes(t))}',
        replace:
          'string(t){let r=c(this,he),n=c(this,j);return y(this,j,n+t),c(this,vr).decode(new Uint8Array(r.buffer,r.byteOffset+n,t))}',
      },
    ],
  },
];

/** Applies every patch under `nodeModules`; returns what it did, one line per file. Throws on a mismatch. */
export function applyPatches(nodeModules = path.join(root, 'node_modules')) {
  const done = [];
  for (const { pkg, version, files } of PATCHES) {
    const installed = JSON.parse(readFileSync(path.join(nodeModules, pkg, 'package.json'), 'utf8')).version;
    if (installed !== version) {
      throw new Error(
        `${pkg} ${installed} is installed, but scripts/patch-dependencies.mjs patches ${version}: ` +
          'check whether the fix is still needed, then update or remove its entry.',
      );
    }
    for (const { file, find, replace } of files) {
      const target = path.join(nodeModules, pkg, file);
      const text = readFileSync(target, 'utf8');
      if (text.includes(replace)) {
        done.push(`${pkg}/${file}: already patched`);
        continue;
      }
      if (text.split(find).length !== 2) {
        throw new Error(`${pkg}/${file} does not hold the text scripts/patch-dependencies.mjs replaces`);
      }
      writeFileSync(target, text.replace(find, replace));
      done.push(`${pkg}/${file}: patched`);
    }
  }
  return done;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    for (const line of applyPatches()) console.log(`patch-dependencies: ${line}`);
  } catch (error) {
    console.error(`patch-dependencies: ${error.message}`);
    process.exit(1);
  }
}
