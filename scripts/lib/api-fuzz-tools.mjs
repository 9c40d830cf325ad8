// The third-party half of `npm run fuzz:api` (scripts/api-fuzz.mjs): Portman turns the API document
// into a Postman collection (a "valid" request per operation, built from the document's schemas,
// plus "fuzz" variations meant to be refused), and Newman sends it, one request at a time.
//
// Neither is a dependency of the project (together several hundred packages, for an occasional
// audit): the pinned versions are installed on first use into node_modules/.cache/api-fuzz-tools
// and reused after (`npm ci` empties node_modules, and with it this cache).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from './start-app.mjs';

/** Pinned: a newer Portman may generate other cases, and the figures would stop being comparable. */
export const FUZZ_TOOLS = { '@apideck/portman': '1.33.0', newman: '6.2.2', tslib: '2.9.1' };

export const toolsDir = path.join(repoRoot, 'node_modules', '.cache', 'api-fuzz-tools');

/** Installs the pinned tools into the cache unless they are there already; returns Newman. */
export async function ensureFuzzTools(log) {
  const wanted = JSON.stringify(FUZZ_TOOLS);
  const stamp = path.join(toolsDir, 'installed.json');
  const installed = await readFile(stamp, 'utf8').catch(() => '');
  if (installed !== wanted) {
    log(
      `installing ${Object.entries(FUZZ_TOOLS)
        .map(([n, v]) => `${n}@${v}`)
        .join(', ')} into ${toolsDir} (once)…`,
    );
    await mkdir(toolsDir, { recursive: true });
    // A package.json of its own, so npm installs here and never touches the project's.
    await writeFile(path.join(toolsDir, 'package.json'), '{ "private": true }\n');
    const result = spawnSync(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--no-save',
        '--loglevel=error',
        ...Object.entries(FUZZ_TOOLS).map(([n, v]) => `${n}@${v}`),
      ],
      { cwd: toolsDir, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: '1' } },
    );
    if (result.status !== 0) throw new Error(`npm install of the fuzzing tools failed (exit ${result.status})`);
    await writeFile(stamp, wanted);
  }
  const require = createRequire(path.join(toolsDir, 'package.json'));
  return require('newman');
}

/** Portman's settings: contract tests on every operation, and its fuzz variations, each expected to be a 400. */
const portmanConfig = {
  version: 1.0,
  tests: {
    contractTests: [{ openApiOperation: '*::/*', statusSuccess: { enabled: true } }],
    variationTests: [
      {
        openApiOperation: '*::/*',
        variations: [
          {
            name: 'fuzz',
            openApiResponse: '400',
            fuzzing: [
              {
                requestBody: [fuzzKinds()],
                requestQueryParams: [fuzzKinds()],
                requestHeaders: [fuzzKinds()],
              },
            ],
            tests: { contractTests: [{ statusCode: { enabled: true, code: 400 } }] },
          },
        ],
      },
    ],
  },
};

function fuzzKinds() {
  const on = { enabled: true };
  return {
    requiredFields: on,
    minimumNumberFields: on,
    maximumNumberFields: on,
    minLengthFields: on,
    maxLengthFields: on,
  };
}

/** openapi-to-postman's settings: Portman's defaults, with optional parameters sent too. */
const postmanConfig = {
  folderStrategy: 'Tags',
  parametersResolution: 'Example',
  requestParametersResolution: 'Example',
  exampleParametersResolution: 'Example',
  keepImplicitHeaders: true,
  enableOptionalParameters: true,
};

/**
 * Loaded into Portman's process before it starts: Math.random from a seed (mulberry32), so the
 * values it makes up for the requests (through json-schema-faker) are the same on every run with
 * the same seed and document, and two commits' figures can be compared.
 */
const seededRandom = (seed) => `let a = ${seed >>> 0};
Math.random = () => {
  a = (a + 0x6d2b79f5) | 0;
  let t = Math.imul(a ^ (a >>> 15), 1 | a);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
`;

/** Runs Portman on the document (a file in workDir); resolves with the Postman collection. */
export async function generateCollection({ documentFile, workDir, baseUrl, seed }) {
  const preload = path.join(workDir, 'seeded-random.cjs');
  await writeFile(preload, seededRandom(seed));
  const configFile = path.join(workDir, 'portman-config.json');
  const postmanFile = path.join(workDir, 'postman-config.json');
  const output = path.join(workDir, 'collection.json');
  await writeFile(configFile, JSON.stringify(portmanConfig, null, 1));
  await writeFile(postmanFile, JSON.stringify(postmanConfig, null, 1));
  const bin = path.join(toolsDir, 'node_modules', '@apideck', 'portman', 'bin', 'portman');
  const result = spawnSync(
    process.execPath,
    [
      '--require',
      preload,
      bin,
      '-l',
      documentFile,
      '-b',
      baseUrl,
      '-o',
      output,
      '-c',
      configFile,
      '-s',
      postmanFile,
      '-t',
      'true',
      '-n',
      'false',
    ],
    // Portman writes working files into ./tmp of its working directory.
    { cwd: workDir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0 || !existsSync(output)) {
    throw new Error(
      `Portman could not convert the document (exit ${result.status}):\n${(result.stderr || result.stdout).slice(-4000)}`,
    );
  }
  return JSON.parse(await readFile(output, 'utf8'));
}

/**
 * Sends the collection with Newman; calls onResponse({ item, request, response, error }) for each
 * request (its own tests are ignored: the script judges every answer itself).
 */
export function runCollection(newman, collection, onResponse) {
  return new Promise((resolve, reject) => {
    newman
      .run({ collection, reporters: [], timeoutRequest: 30_000, ignoreRedirects: true })
      .on('request', (error, args) =>
        onResponse({ item: args.item, request: args.request, response: args.response, error }),
      )
      .on('done', (error, summary) => (error ? reject(error) : resolve(summary)));
  });
}
