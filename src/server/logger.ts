import type { LoggerOptions } from 'pino';
import type { AppConfig } from './config';
import { serializeError } from './db/database-errors';

/**
 * Never log secrets or personal data (ASVS 16.2.5): cookies, auth headers and
 * anything that looks like a password are replaced before a line is written.
 */
export const redactedPaths = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-twilio-signature"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.confirmPassword',
  'password',
  'body.password',
];

export function loggerOptions(config: Pick<AppConfig, 'logLevel' | 'env'>): LoggerOptions {
  return {
    level: config.logLevel,
    redact: { paths: redactedPaths, censor: '[redacted]' },
    // Database errors without their query parameters (a password hash, personal data): issue 8.
    serializers: { err: serializeError },
    ...(config.env === 'development'
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}
