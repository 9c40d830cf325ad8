/**
 * Errors our own code throws on purpose. The code decides the HTTP status (one
 * map, below); `message` is safe to show to the user; `detail` goes only to logs.
 */
export const errorStatus = {
  INVALID_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  /** Signed in with a generated password that must be changed first. */
  PASSWORD_CHANGE_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  /** An outside provider answered with an error or nonsense. */
  BAD_GATEWAY: 502,
  NOT_CONFIGURED: 503,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  readonly statusCode: number;

  get issues() {
    return this.options.issues;
  }

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: {
      detail?: string;
      headers?: Record<string, string>;
      cause?: unknown;
      /** Field-level messages, for forms: `[{ path: 'username', message }]`. */
      issues?: { path: string; message: string }[];
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.statusCode = errorStatus[code];
  }
}
