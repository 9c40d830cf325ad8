/**
 * Data-protection complaints (issue 18): the back office's /admin/complaints screen, reached only
 * through its lazy route (src/client/routes.tsx). Nothing here is for other features yet.
 */
export {};
