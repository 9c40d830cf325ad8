// Regenerates twilio-messages.openapi.json: the part of Twilio's published
// OpenAPI document (twilio/twilio-oai, see README.md) that our SMS outbox and
// phone calls use (Messages, Calls, Recordings, and the Account for the connection test).
// Parts are copied verbatim, never edited, so a contract problem found with the
// copy is a real difference from Twilio's own description.
//
//   node test/contracts/extract-twilio.mjs path/to/twilio_api_v2010.json
import { readFileSync, writeFileSync } from 'node:fs';
import prettier from 'prettier';

const source = process.argv[2];
if (!source) {
  console.error('usage: node test/contracts/extract-twilio.mjs path/to/twilio_api_v2010.json');
  process.exit(2);
}
const target = new URL('./twilio-messages.openapi.json', import.meta.url);

const usedPaths = [
  '/2010-04-01/Accounts/{AccountSid}/Messages.json',
  '/2010-04-01/Accounts/{AccountSid}/Messages/{Sid}.json',
  '/2010-04-01/Accounts/{AccountSid}/Calls.json',
  '/2010-04-01/Accounts/{AccountSid}/Calls/{Sid}.json',
  // Deleting recordings: erasure on request and the retention run (issue 18).
  '/2010-04-01/Accounts/{AccountSid}/Recordings/{Sid}.json',
  '/2010-04-01/Accounts/{Sid}.json',
];

const document = JSON.parse(readFileSync(source, 'utf8'));

/** Every `#/components/schemas/<name>` that `value` reaches, following references into the schemas themselves. */
function referencedSchemas(value, found = new Set()) {
  if (Array.isArray(value)) {
    for (const item of value) referencedSchemas(item, found);
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const name = key === '$ref' && typeof child === 'string' && child.match(/^#\/components\/schemas\/(.+)$/)?.[1];
      if (name && !found.has(name)) {
        if (!(name in document.components.schemas)) throw new Error(`${child} is not in the source document`);
        found.add(name);
        referencedSchemas(document.components.schemas[name], found);
      } else {
        referencedSchemas(child, found);
      }
    }
  }
  return found;
}

const paths = Object.fromEntries(
  usedPaths.map((path) => {
    if (!document.paths[path]) throw new Error(`${path} is not in the source document`);
    return [path, document.paths[path]];
  }),
);
const names = referencedSchemas(paths);
// Keep the source's order, so a regeneration diff shows only real changes.
const schemas = Object.fromEntries(Object.entries(document.components.schemas).filter(([name]) => names.has(name)));

const extract = {
  openapi: document.openapi,
  info: document.info,
  servers: document.servers,
  security: document.security,
  components: { securitySchemes: document.components.securitySchemes, schemas },
  paths,
};
// Prettier only changes white space; it keeps `npm run lint` (prettier --check .) quiet.
const options = { ...(await prettier.resolveConfig(target.pathname)), parser: 'json' };
writeFileSync(target, await prettier.format(JSON.stringify(extract), options));
console.log(`wrote ${target.pathname}: ${usedPaths.length} paths, ${names.size} schemas`);
