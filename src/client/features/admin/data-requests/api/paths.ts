/** The data-request calls (src/server/features/data-requests). Identifiers go in POST bodies, never here. */
export const dataRequestApi = {
  search: '/api/admin/data-requests/search',
  export: '/api/admin/data-requests/export',
  erase: '/api/admin/data-requests/erase',
  log: '/api/admin/data-requests/log',
} as const;
