/** What other server features may use of the auth feature (see eslint.config.js). */
export { fieldError, findUserByUsername, toSessionUser } from './auth-service';
