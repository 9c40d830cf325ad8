/**
 * The staff pipeline in the back office (issue 37): owners and claims, the 24-hour promise's timers
 * and figures, and contacts logged with the seller.
 */
export { OwnerAndPromise } from './components/owner-cell';
export { OwnerPromiseCard } from './components/owner-promise-card';
export { PromiseCard } from './components/promise-card';
export { PromiseTimer, useServerClock } from './components/promise-timer';
