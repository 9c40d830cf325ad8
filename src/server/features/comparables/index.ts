/**
 * Comparables (issue 34): the indicative price a seller sees at submit, from the offers we
 * ourselves made for similar cars in the last 12 months (never market data), and the demo's
 * past offers that give common cars one.
 */
export { comparablesSince, findIndicativeRange, indicativeRangeQuery, type ComparableCar } from './comparables';
