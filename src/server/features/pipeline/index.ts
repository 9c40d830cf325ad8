/**
 * The staff pipeline (issue 37): who owns each request, the contacts staff log, and the 24-hour
 * promise (its timers on the dashboard, its alerts, and the figure of how well it is kept).
 */
export { pipelineRoutes, type PipelineRoutesDeps } from './pipeline-routes';
export {
  promiseAlertsDueQuery,
  sendPromiseAlerts,
  PROMISE_ALERTS_EVERY_MS,
  type PromiseAlertDeps,
} from './promise-alerts';
export { promiseStats } from './promise-stats';
