import { paths } from '~/shared/paths';

/**
 * Back-office addresses this feature links to. (Candidates for src/shared/paths.ts,
 * which only has the dashboard and sign-in addresses so far.)
 */
export const adminPaths = {
  dashboard: paths.admin,
  login: paths.adminLogin,
  users: '/admin/users',
  messages: '/admin/messages',
} as const;
