import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

export const OVERLOAD_MESSAGE = 'We are very busy right now. Please try again in a few seconds.';
/** Seconds a refused caller is asked to wait; short, as a busy spell passes quickly. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 5;

/** under-pressure's refusal, answered by our error handler like any other (503, plain message, Retry-After). */
class OverloadError extends AppError {
  constructor(delayMs: number) {
    super('UNAVAILABLE', OVERLOAD_MESSAGE, {
      detail: `event loop delay ${Math.round(delayMs)} ms`,
      headers: { 'Retry-After': String(OVERLOAD_RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' },
    });
  }
}

/**
 * When the event loop is saturated (its mean delay over the last sample is past the limit), new
 * requests are refused at once with 503 and Retry-After instead of queueing behind the backlog:
 * a quick "try again" beats a page that times out, and the work already accepted gets finished.
 * Event-loop delay, not utilisation: a server busy but keeping up runs near 100% utilisation and
 * must keep serving. Requests already being answered are not affected.
 */
export async function registerOverloadProtection(app: FastifyInstance, options: { maxEventLoopDelayMs: number }) {
  if (options.maxEventLoopDelayMs === 0) return;
  let lastWarning = 0;
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    // Sampled every 500 ms, so a saturated loop is noticed (and a recovered one served again) quickly.
    sampleInterval: 500,
    // A rejected promise refuses the request (through our error handler); a resolved one serves it.
    pressureHandler: async (request, _reply, type, value) => {
      // under-pressure reports a sample with no measurement in it (the loop blocked across the
      // whole sample) as an infinite delay: one long task, not a backlog. Only a measured delay counts.
      if (type !== underPressure.TYPE_EVENT_LOOP_DELAY || value === undefined || !Number.isFinite(value)) return;
      if (Date.now() - lastWarning > 10_000) {
        lastWarning = Date.now();
        request.log.warn({ eventLoopDelayMs: Math.round(value) }, 'server overloaded: refusing new requests (503)');
      }
      throw new OverloadError(value);
    },
  });
}
