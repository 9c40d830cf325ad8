import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

export const OVERLOAD_MESSAGE = 'We are very busy right now. Please try again in a few seconds.';
/** Seconds a refused caller is asked to wait; short, as a busy spell passes quickly. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 5;

/** under-pressure's refusal, answered by our error handler like any other (503, plain message, Retry-After). */
class OverloadError extends AppError {
  constructor() {
    super('UNAVAILABLE', OVERLOAD_MESSAGE, {
      detail: 'event loop delay over the limit',
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
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    // Sampled every 250 ms, so a saturated loop is noticed (and a recovered one served again) quickly.
    sampleInterval: 250,
    retryAfter: OVERLOAD_RETRY_AFTER_SECONDS,
    customError: OverloadError,
  });
}
