/** What other back-office features may use of the Messages screen (see eslint.config.js). */
export { channelLabels, statusLooks } from './components/message-labels';
export { pendingRefetchInterval } from './lib/refetch-interval';
