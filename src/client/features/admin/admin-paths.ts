import { paths } from '~/shared/paths';

/**
 * Back-office addresses this feature links to. (Candidates for src/shared/paths.ts,
 * which only has the dashboard and sign-in addresses so far.)
 */
export const adminPaths = {
  dashboard: paths.admin,
  board: '/admin/board',
  login: paths.adminLogin,
  users: '/admin/users',
  messages: '/admin/messages',
  archived: '/admin/archived',
  valuation: (id: string) => `/admin/valuations/${id}`,
  calls: '/admin/calls',
  voiceMessages: '/admin/voice-messages',
  reviews: '/admin/reviews',
  complaints: '/admin/complaints',
  dataRequests: '/admin/data-requests',
  analytics: '/admin/analytics',
  purchasedVehicles: '/admin/purchased-vehicles',
  collections: '/admin/collections',
  handover: (id: string) => `/admin/valuations/${id}/handover`,
  vouchers: '/admin/vouchers',
  deductions: '/admin/deductions',
} as const;
