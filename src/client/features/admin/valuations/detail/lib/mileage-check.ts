/**
 * The mileage against the last MOT reading, as the DVLA tab checks DVSA's live history: the same
 * rules as the plausibility checks and the dealer report, from ~/shared/plausibility.
 */
export {
  formatReading,
  KM_PER_MILE,
  lastMotReading,
  mileageBelowLastMot,
  type MotReading,
} from '~/shared/plausibility';
