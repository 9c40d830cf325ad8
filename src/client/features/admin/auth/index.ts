/** What other admin features may use of the signed-in user and password changes (see eslint.config.js). */
export { displayName, initials, useAdminUser } from './admin-user-context';
export { sessionUserQueryKey } from './api/session-user';
export { ChangePasswordDialog } from './change-password-dialog';
export { newPasswordHint } from './change-password-form';
