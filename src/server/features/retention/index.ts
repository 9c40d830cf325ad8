/**
 * Retention (issue 18): once a UK day, whatever is past its period (RETENTION_* settings,
 * src/shared/retention.ts) is deleted: idle valuations with their files, the seller's documents
 * of closed requests, the content of old messages, raw visit records, unpublished reviews, call
 * recording references and resolved complaints. The server's `retention` job (src/server/jobs/server-jobs.ts) runs it.
 */
export {
  createRetention,
  DEFAULT_RETENTION_OPTIONS,
  type Retention,
  type RetentionDeps,
  type RetentionLog,
  type RetentionOutcome,
} from './retention-run';
export { deletedSorts, unsentMessageReason, type DeletedCounts } from './retention-steps';
