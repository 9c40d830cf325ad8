import { it } from 'vitest';
import fs from 'node:fs';
import { createTestApp } from './helpers/app';
it('dumps', async () => {
  const t = await createTestApp('pglite');
  fs.writeFileSync('/tmp/apidoc/openapi.json', JSON.stringify(t.app.swagger(), null, 1));
  await t.close();
});
