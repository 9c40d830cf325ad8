/**
 * Plausibility checks before an offer (issue 37): the flags of a request's page and of each row of
 * the back office's lists. The rules and their words are in ~/shared/plausibility.
 */
export {
  plausibilityColumns,
  plausibilityFlagsById,
  plausibilityListColumns,
  plausibilityListFlagsOf,
  plausibilityRelatedQuery,
  plausibilityRow,
} from './plausibility-service';
