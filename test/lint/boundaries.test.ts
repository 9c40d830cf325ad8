import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '~/server/project-root';

/**
 * The import boundaries of eslint.config.js, proved on snippets: each zone must
 * still report (a resolver that stopped resolving, or a zone that stopped
 * matching, would otherwise pass in silence), and the allowed paths must not.
 * Every imported path here exists, as the rule only judges imports it resolves.
 */
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: projectRoot });
});

/** The boundary errors ESLint reports for `code` as if it were the file at `filePath`. */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${projectRoot}/${filePath}` });
  if (!result) throw new Error('ESLint returned no result');
  const fatal = result.messages.filter((m) => m.fatal);
  if (fatal.length) throw new Error(`ESLint could not parse the snippet: ${fatal[0]!.message}`);
  return result.messages
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

const use = (name: string) => `\nexport const used = ${name};\n`;

describe('browser code never imports server code', () => {
  it.each([
    ['src/client/features/public/home/x.tsx', `import { openDatabase } from '../../../../server/db/client';`],
    ['src/client/features/public/home/x.tsx', `import { openDatabase } from '~/server/db/client';`],
    ['src/client/lib/x.ts', `import { loadConfig } from '../../server/config';`],
    ['src/client/features/admin/users/x.tsx', `import { openDatabase } from '~/server/db/client';`],
    ['src/client/routes.tsx', `import { openDatabase } from './../server/db/client';`],
  ])('%s: %s', async (file, line) => {
    const name = line.match(/\{ (\w+) \}/)![1]!;
    expect(await boundaryErrors(file, line + use(name))).toEqual([
      expect.stringContaining('Browser code must not import server code.'),
    ]);
  });

  it('a dynamic import() counts too', async () => {
    const code = `export const load = () => import('../../server/db/client');\n`;
    expect(await boundaryErrors('src/client/lib/x.ts', code)).toEqual([
      expect.stringContaining('Browser code must not import server code.'),
    ]);
  });
});

describe('src/shared imports neither side', () => {
  it.each([
    [`import { loadConfig } from '../server/config';`],
    [`import { loadConfig } from '~/server/config';`],
    [`import { cn } from '../client/lib/cn';`],
    [`import { cn } from '~/client/lib/cn';`],
  ])('%s', async (line) => {
    const name = line.match(/\{ (\w+) \}/)![1]!;
    expect(await boundaryErrors('src/shared/x.ts', line + use(name))).toEqual([
      expect.stringContaining('src/shared is imported by both sides and imports neither.'),
    ]);
  });
});

describe('public code never imports admin code', () => {
  it.each([
    ['src/client/features/public/home/x.tsx', `import { adminPaths } from '../../admin/admin-paths';`],
    ['src/client/features/public/home/x.tsx', `import { adminPaths } from '~/client/features/admin/admin-paths';`],
    ['src/client/components/x.tsx', `import { adminPaths } from '../features/admin/admin-paths';`],
    ['src/client/lib/x.ts', `import { useAdminUser } from '~/client/features/admin/auth';`],
    ['src/client/entry-admin.tsx', `import { adminPaths } from './features/admin/admin-paths';`],
  ])('%s: %s', async (file, line) => {
    const name = line.match(/\{ (\w+) \}/)![1]!;
    expect(await boundaryErrors(file, line + use(name))).toEqual([
      expect.stringContaining('Public code must not import admin code'),
    ]);
  });

  it('the route table may load admin screens lazily, but not import them', async () => {
    const lazy = `export const lazy = () => import('~/client/features/admin/admin-root');\n`;
    expect(await boundaryErrors('src/client/routes.tsx', lazy)).toEqual([]);
    const eager = `import { adminPaths } from './features/admin/admin-paths';${use('adminPaths')}`;
    expect(await boundaryErrors('src/client/routes.tsx', eager)).toEqual([
      expect.stringContaining('Load admin screens with a lazy import()'),
    ]);
  });
});

describe('features reach each other only through their index.ts', () => {
  const throughIndex = 'Import another feature through its index.ts';

  it.each([
    ['src/server/features/users/x.ts', `import { fieldError } from '../auth/auth-service';`],
    ['src/server/features/seo/x.ts', `import { fieldError } from '~/server/features/auth/auth-service';`],
    ['src/client/features/public/home/x.tsx', `import { ReviewCarousel } from '../reviews/review-carousel';`],
    [
      'src/client/features/public/home/x.tsx',
      `import { ReviewCarousel } from '~/client/features/public/reviews/review-carousel';`,
    ],
    ['src/client/features/public/valuation/x.tsx', `import { telHref } from '../contact/contact-links';`],
    ['src/client/features/admin/users/x.tsx', `import { useAdminUser } from '../auth/admin-user-context';`],
    ['src/client/features/admin/users/api/x.ts', `import { sessionUserQueryKey } from '../../auth/api/session-user';`],
    ['src/client/features/admin/valuations/x.tsx', `import { telHref } from '../../public/contact/contact-links';`],
  ])('%s: %s', async (file, line) => {
    const name = line.match(/\{ (\w+) \}/)![1]!;
    expect(await boundaryErrors(file, line + use(name))).toEqual([expect.stringContaining(throughIndex)]);
  });

  it.each([
    ['src/server/features/users/x.ts', `import { fieldError } from '../auth';`],
    ['src/server/features/seo/x.ts', `import { fieldError } from '~/server/features/auth/index';`],
    ['src/client/features/public/home/x.tsx', `import { ReviewCarousel } from '~/client/features/public/reviews';`],
    ['src/client/features/public/valuation/x.tsx', `import { telHref } from '../contact';`],
    ['src/client/features/admin/users/x.tsx', `import { useAdminUser } from '../auth';`],
    ['src/client/features/admin/valuations/x.tsx', `import { telHref } from '~/client/features/public/contact';`],
    // Inside one feature, and admin's shared folders and top-level files, anything goes.
    ['src/client/features/public/reviews/x.tsx', `import { ReviewCarousel } from './review-carousel';`],
    ['src/client/features/admin/users/x.tsx', `import { PageHeader } from '../layout/page-header';`],
    ['src/client/features/admin/users/x.tsx', `import { adminPaths } from '../admin-paths';`],
    ['src/client/features/admin/auth/x.tsx', `import { serverErrorMessage } from '../lib/server-errors';`],
    // Shared code and the server's own modules are for everyone.
    ['src/client/features/public/home/x.tsx', `import { cx } from '~/client/lib/cx';`],
    ['src/client/features/public/home/x.tsx', `import { paths } from '~/shared/paths';`],
    ['src/server/features/seo/x.ts', `import { AppError } from '~/server/http/app-error';`],
  ])('allows %s: %s', async (file, line) => {
    const name = line.match(/\{ (\w+) \}/)![1]!;
    expect(await boundaryErrors(file, line + use(name))).toEqual([]);
  });
});

describe('public pages join classes without tailwind-merge', () => {
  it.each([
    ['src/client/features/public/home/x.tsx', `import { cn } from '~/client/lib/cn';`],
    ['src/client/components/x.tsx', `import { cn } from '../lib/cn';`],
    ['src/client/components/ui/button.tsx', `import { cn } from '~/client/lib/cn';`],
  ])('%s: %s', async (file, line) => {
    expect(await boundaryErrors(file, line + use('cn'))).toEqual([expect.stringContaining('join classes with cx')]);
  });

  it('admin screens and the primitives only they use may still use cn', async () => {
    for (const file of ['src/client/features/admin/users/x.tsx', 'src/client/components/ui/dialog.tsx']) {
      expect(await boundaryErrors(file, `import { cn } from '~/client/lib/cn';` + use('cn'))).toEqual([]);
    }
  });
});
