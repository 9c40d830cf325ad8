/** What other features may use of the contact feature (see eslint.config.js). */
export { mailtoHref, telHref, whatsAppHref } from './contact-links';
