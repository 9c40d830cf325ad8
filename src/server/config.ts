import { isIP } from 'node:net';
import path from 'node:path';
import { inspect } from 'node:util';
import { z } from 'zod';
import { DEFAULT_TRADING_NAME } from '~/server/features/site/site-config';
import { DEFAULT_PROMOTION, type Promotion } from '~/shared/promotion';
import { COLLECTION_BASE_POSTCODE } from '~/shared/site-config';
import { normalisePostcode } from '~/shared/valuation-fields';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, usernameSchema } from '~/shared/auth-schemas';
import { RETENTION_DEFAULTS, type RetentionPeriods } from '~/shared/retention';

/**
 * Every environment variable the server reads, parsed once at start-up.
 * The README's variable table mirrors this schema (a test keeps them in step).
 *
 * An empty string counts as unset, so `FOO= npm start` behaves like no FOO at all.
 *
 * Secret settings (passwords, keys, URLs that may carry a password) are wrapped
 * in `secret()` where they are declared: a configuration error never echoes
 * their value, and the config object hides them when logged or inspected.
 */

const secretSchemas = new WeakSet<z.ZodType>();

/** Marks one environment variable as secret: `DVLA_API_KEY: secret(optionalText())`. */
export function secret<T extends z.ZodType>(schema: T): T {
  secretSchemas.add(schema);
  return schema;
}

const emptyAsUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const optionalText = (max = 200) => z.preprocess(emptyAsUndefined, z.string().trim().max(max).optional());

const port = z.preprocess(
  emptyAsUndefined,
  z.coerce
    .number({ message: 'must be a whole number from 1 to 65535' })
    .int('must be a whole number from 1 to 65535')
    .min(1, 'must be a whole number from 1 to 65535')
    .max(65535, 'must be a whole number from 1 to 65535')
    .default(3000),
);

const postgresUrl = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .refine((v) => /^postgres(ql)?:\/\/.+/.test(v) && URL.canParse(v), 'must be a postgres:// or postgresql:// URL')
    .optional(),
);

const TRUST_PROXY_TRUE =
  'true would trust every hop, so any client could choose its own address in X-Forwarded-For; ' +
  'write how many proxies stand in front (TRUST_PROXY=1 for one) or their addresses (TRUST_PROXY=10.0.0.0/8)';
const TRUST_PROXY_FORMAT =
  'must be false, a number of proxies (such as 1), or proxy addresses or ranges separated by commas (such as 10.0.0.0/8)';

/** An IP address, a CIDR range, or one of proxy-addr's names for the private ranges. */
function isProxyAddress(text: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(text)) return true;
  const [address = '', prefix, ...rest] = text.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may tell us the client's address (Fastify's trustProxy): off,
 * a hop count, or the proxies' addresses. A bare `true` is refused: it takes the
 * leftmost X-Forwarded-For entry, which the client writes.
 */
const trustProxy = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .optional()
    .transform((value, ctx): false | number | string[] => {
      const text = value?.trim().toLowerCase();
      if (text === undefined || ['false', 'no', '0'].includes(text)) return false;
      if (['true', 'yes'].includes(text)) {
        ctx.addIssue({ code: 'custom', message: TRUST_PROXY_TRUE });
        return z.NEVER;
      }
      if (/^\d{1,2}$/.test(text)) return Number(text);
      const addresses = text.split(',').map((part) => part.trim());
      if (addresses.every(isProxyAddress)) return addresses;
      ctx.addIssue({ code: 'custom', message: TRUST_PROXY_FORMAT });
      return z.NEVER;
    }),
);

/** On/off switches: `1`, `true` or `yes` turn them on; `0`, `false`, `no` or unset leave them off. */
const onOff = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const text = value?.trim().toLowerCase();
      if (text === undefined || ['0', 'false', 'no'].includes(text)) return false;
      if (['1', 'true', 'yes'].includes(text)) return true;
      ctx.addIssue({
        code: 'custom',
        message: 'must be 1 or true to turn it on, 0 or false (or unset) to leave it off',
      });
      return z.NEVER;
    }),
);

const isoDate = (fallback: string) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'must be a real date')
      .default(fallback),
  );

const httpUrl = z
  .string()
  .url('must be a URL such as https://www.example.co.uk')
  .refine((v) => /^https?:\/\//.test(v), 'must start with http:// or https://')
  .transform((v) => v.replace(/\/+$/, ''));

/** "hello@example.co.uk" or "Name <hello@example.co.uk>". */
function isMailbox(value: string): boolean {
  const named = /^(.+?)\s*<([^<>\s]+)>$/.exec(value);
  const address = named ? named[2]! : value;
  return z.email().safeParse(address).success;
}

/** A phone number in international form, as Twilio takes it: +447700900123. */
const e164Number = z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{6,14}$/, 'must be a phone number in international form such as +447700900123');

/** A whole number of `unit` from `min` to `max`, `fallback` when unset (the RETENTION_* periods). */
const wholeNumber = (unit: string, min: number, max: number, fallback: number) => {
  const message = `must be a whole number of ${unit} from ${min} to ${max}`;
  return z.preprocess(
    emptyAsUndefined,
    z.coerce.number({ message }).int(message).min(min, message).max(max, message).default(fallback),
  );
};

export const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyAsUndefined, z.enum(['development', 'production', 'test']).default('production')),
  PORT: port,
  HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).default('./data')),
  DATABASE_URL: secret(postgresUrl),
  PUBLIC_BASE_URL: z.preprocess(emptyAsUndefined, httpUrl.optional()),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  TRUST_PROXY: trustProxy,
  REQUEST_TIMEOUT_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ message: 'must be a whole number of seconds from 1 to 3600' })
      .int('must be a whole number of seconds from 1 to 3600')
      .min(1, 'must be a whole number of seconds from 1 to 3600')
      .max(3600, 'must be a whole number of seconds from 1 to 3600')
      .default(120),
  ),
  SHUTDOWN_DRAIN_SECONDS: wholeNumber('seconds', 0, 60, 0),
  OVERLOAD_EVENT_LOOP_DELAY_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ message: 'must be 0 (off) or a whole number of milliseconds from 10 to 60000' })
      .int('must be 0 (off) or a whole number of milliseconds from 10 to 60000')
      .refine(
        (v) => v === 0 || (v >= 10 && v <= 60_000),
        'must be 0 (off) or a whole number of milliseconds from 10 to 60000',
      )
      .default(1000),
  ),

  // Where files are kept (src/server/storage): folders under DATA_DIR, or an S3-compatible bucket.
  STORAGE: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['folder', 's3'], { message: 'must be folder (files under DATA_DIR) or s3 (an S3 bucket)' })
      .default('folder'),
  ),
  S3_BUCKET: optionalText(63),
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().trim().max(50).default('eu-west-2')),
  /** For S3-compatible services (MinIO, Cloudflare R2, a local test server); AWS's own when unset. */
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, httpUrl.optional()),
  S3_FORCE_PATH_STYLE: onOff,
  // Both or neither: without them the AWS SDK's default chain (environment, profile, role) is used.
  S3_ACCESS_KEY_ID: secret(optionalText(128)),
  S3_SECRET_ACCESS_KEY: secret(optionalText(256)),
  S3_PREFIX: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._\-/]{1,200}$/, 'must be letters, digits, dots, dashes, underscores and slashes')
      .refine((v) => !v.split('/').some((part) => part === '.' || part === '..'), 'must not hold . or .. parts')
      .optional(),
  ),

  // The first admin, created at start-up when there is no user at all.
  ADMIN_USERNAME: z.preprocess(emptyAsUndefined, usernameSchema.optional()),
  ADMIN_PASSWORD: secret(
    z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .refine((v) => [...v].length >= PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
        .refine((v) => [...v].length <= PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`)
        .optional(),
    ),
  ),

  // The launch promotion (src/shared/promotion.ts): UK calendar dates, inclusive.
  PROMOTION_ANNOUNCE_DATE: isoDate(DEFAULT_PROMOTION.announceDate),
  PROMOTION_START_DATE: isoDate(DEFAULT_PROMOTION.startDate),
  PROMOTION_END_DATE: isoDate(DEFAULT_PROMOTION.endDate),
  PROMOTION_VOUCHER_POUNDS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ message: 'must be a whole number of pounds' })
      .int('must be a whole number of pounds')
      .min(1, 'must be at least 1')
      .max(10_000, 'must be at most 10000')
      .default(DEFAULT_PROMOTION.voucherPounds),
  ),

  // Business details shown on the public site (see src/server/features/site/site-config.ts).
  SITE_TRADING_NAME: optionalText(100),
  SITE_COMPANY_NAME: optionalText(150),
  SITE_COMPANY_NUMBER: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .regex(/^(?:[A-Z]{2}\d{6}|\d{8})$/i, 'must be a Companies House number such as 01234567 or SC123456')
      .optional(),
  ),
  SITE_FCA_NUMBER: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{6,7}$/, 'must be a 6 or 7 digit FCA firm reference number')
      .optional(),
  ),
  SITE_ICO_NUMBER: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .regex(/^[A-Z0-9]{8,10}$/i, 'must be an ICO registration number such as ZA123456')
      .optional(),
  ),
  SITE_ADDRESS: optionalText(300),
  SITE_PHONE: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .regex(/^\+?[\d\s()-]{10,20}$/, 'must be a UK phone number such as 01507 123456')
      .optional(),
  ),
  SITE_EMAIL: z.preprocess(emptyAsUndefined, z.string().trim().email('must be an e-mail address').optional()),
  SITE_WHATSAPP: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .regex(/^\+?[\d\s()-]{10,20}$/, 'must be a phone number such as +44 7700 900123')
      .optional(),
  ),
  // Outbound e-mail (src/server/features/messages): SMTP through nodemailer.
  SMTP_URL: secret(
    z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .refine(
          (v) => /^smtps?:\/\/[^/]/.test(v) && URL.canParse(v),
          'must be an smtp:// or smtps:// URL such as smtp://user:password@smtp.example.co.uk:587',
        )
        .optional(),
    ),
  ),
  MAIL_FROM: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .max(300)
      .refine(
        isMailbox,
        'must be an e-mail address, or a name and address such as "CarBuy Direct <hello@example.co.uk>"',
      )
      .optional(),
  ),
  MAIL_REPLY_TO: z.preprocess(emptyAsUndefined, z.string().trim().email('must be an e-mail address').optional()),

  // Outbound text messages: Twilio's Messages API through the official client.
  TWILIO_ACCOUNT_SID: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .regex(/^AC[0-9a-f]{32}$/i, 'must be a Twilio account SID: AC followed by 32 hexadecimal characters')
      .optional(),
  ),
  TWILIO_AUTH_TOKEN: secret(optionalText(100)),
  TWILIO_FROM_NUMBER: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .refine(
        (v) => /^\+[1-9]\d{6,14}$/.test(v) || /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/.test(v),
        'must be a number in international form such as +447700900123, or a sender name of up to 11 letters and digits',
      )
      .optional(),
  ),
  TWILIO_MESSAGING_SERVICE_SID: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .regex(/^MG[0-9a-f]{32}$/i, 'must be a Twilio messaging service SID: MG followed by 32 hexadecimal characters')
      .optional(),
  ),
  /** Where the Twilio client sends requests; only tests and the demo change it (a local fake). */
  TWILIO_API_URL: z.preprocess(emptyAsUndefined, httpUrl.default('https://api.twilio.com')),
  /** Staff who get the "new valuation" e-mail: one address, or several separated by commas. */
  STAFF_NOTIFY_EMAIL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .transform((v) => v.split(/\s*,\s*/).filter(Boolean))
      .refine(
        (list) => list.every((address) => z.email().safeParse(address).success),
        'must be an e-mail address, or several separated by commas',
      )
      .optional(),
  ),

  // Vehicle data (src/server/features/vehicle-data): DVLA Vehicle Enquiry Service, and the model
  // name from the DVSA MOT History API (OAuth2 client credentials plus an API key).
  DVLA_API_KEY: secret(optionalText(200)),
  DVLA_API_URL: z.preprocess(
    emptyAsUndefined,
    httpUrl.default('https://driver-vehicle-licensing.api.gov.uk/vehicle-enquiry'),
  ),
  DVSA_MOT_CLIENT_ID: optionalText(200),
  DVSA_MOT_CLIENT_SECRET: secret(optionalText(500)),
  DVSA_MOT_API_KEY: secret(optionalText(200)),
  DVSA_MOT_SCOPE: z.preprocess(emptyAsUndefined, z.string().trim().default('https://tapi.dvsa.gov.uk/.default')),
  DVSA_MOT_TOKEN_URL: z.preprocess(emptyAsUndefined, httpUrl.optional()),
  DVSA_MOT_API_URL: z.preprocess(emptyAsUndefined, httpUrl.default('https://history.mot.api.gov.uk')),

  // Road distance from the collection base (src/server/features/distance): Google's Routes API
  // when a key is set, otherwise an estimate from postcode-district centroids.
  COLLECTION_POSTCODE: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default(COLLECTION_BASE_POSTCODE)
      .transform((v, ctx) => {
        const postcode = normalisePostcode(v);
        if (postcode) return postcode;
        ctx.addIssue({ code: 'custom', message: 'must be a full UK postcode, such as LN11 0LQ' });
        return z.NEVER;
      }),
  ),
  GOOGLE_MAPS_API_KEY: secret(optionalText(200)),
  /** Where the Routes API client sends requests; only tests and the demo change it (a local fake). */
  GOOGLE_MAPS_API_URL: z.preprocess(emptyAsUndefined, httpUrl.default('https://routes.googleapis.com')),
  /**
   * The Maps Embed API key for the Location tab's directions frame. Not secret(): it travels in
   * the frame's address to every admin's browser; Google expects it restricted by referrer and to
   * the Embed API instead. Without it the tab links to Google Maps' directions.
   */
  GOOGLE_MAPS_EMBED_KEY: optionalText(200),

  /** `npm run demo` sets it: a "Demo" ribbon on every page and the fake DVLA's registrations listed. */
  DEMO_MODE: onOff,
  /** Counting visits to public pages (features/analytics): on unless turned off. */
  ANALYTICS_COLLECTION: z.preprocess((value) => emptyAsUndefined(value) ?? 'true', onOff),

  // Phone calls (src/server/features/calls): Twilio Programmable Voice, with the TWILIO_ account above.
  /** The business number callers dial, bought in Twilio; shown as the caller ID on staff's calls. */
  TWILIO_PHONE_NUMBER: z.preprocess(emptyAsUndefined, e164Number.optional()),
  /** The phone staff answer on: Answer and Make Call ring it first. */
  STAFF_PHONE_NUMBER: z.preprocess(emptyAsUndefined, e164Number.optional()),
  /** Whether staff's calls (Make Call) are recorded; the privacy policy says so when on. */
  CALL_RECORDING: z.preprocess((value) => emptyAsUndefined(value) ?? 'false', onOff),
  /** How long a caller waits in the queue for staff before they are offered voicemail. */
  CALL_QUEUE_TIMEOUT_SECONDS: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ message: 'must be a whole number of seconds from 10 to 600' })
      .int('must be a whole number of seconds from 10 to 600')
      .min(10, 'must be a whole number of seconds from 10 to 600')
      .max(600, 'must be a whole number of seconds from 10 to 600')
      .default(60),
  ),

  // How long personal data is kept (src/shared/retention.ts): the daily retention job deletes what
  // is past its period, and the privacy policy shows these numbers.
  /**
   * For end-to-end tests only: a file holding milliseconds by which the app's clock runs ahead
   * (src/server/lib/test-clock.ts). Never set it in production.
   */
  TEST_CLOCK_FILE: z.preprocess(emptyAsUndefined, z.string().max(500).optional()),
  /** How long the seller's links keep opening their page after the request is completed or lost. */
  SELLER_LINK_DAYS_AFTER_CLOSE: wholeNumber('days', 1, 365, 30),
  RETENTION_VALUATION_MONTHS: wholeNumber('months', 1, 120, RETENTION_DEFAULTS.valuationLeadsMonths),
  RETENTION_MESSAGE_CONTENT_DAYS: wholeNumber('days', 1, 3650, RETENTION_DEFAULTS.sentMessagesDays),
  RETENTION_VISIT_RECORDS_DAYS: wholeNumber('days', 1, 3650, RETENTION_DEFAULTS.visitRecordsDays),
  RETENTION_UNPUBLISHED_REVIEW_MONTHS: wholeNumber('months', 1, 120, RETENTION_DEFAULTS.unpublishedReviewsMonths),
  RETENTION_CALL_RECORDINGS_DAYS: wholeNumber('days', 1, 3650, RETENTION_DEFAULTS.callRecordingsDays),
  // The seller's documents (logbook, licence...), counted from the request's close; 90 by default:
  // time to deal with a disputed sale, but no longer, as they are identity documents.
  RETENTION_DOCUMENTS_DAYS: wholeNumber('days', 1, 3650, RETENTION_DEFAULTS.sellerDocumentsDays),
  // How often the 24-hour promise's alerts are looked for (issue 37); tests with a moved clock use 1.
  PROMISE_ALERTS_EVERY_SECONDS: wholeNumber('seconds', 1, 3600, 60),
  RETENTION_RESOLVED_COMPLAINT_MONTHS: wholeNumber('months', 1, 120, RETENTION_DEFAULTS.resolvedComplaintsMonths),
});

export type Env = z.infer<typeof envSchema>;

/** The variables marked secret() in a schema. */
export function secretKeysOf(schema: z.ZodObject): string[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => secretSchemas.has(field as z.ZodType))
    .map(([key]) => key);
}

/** The secret variables of the server's own schema. */
export const secretEnvKeys: readonly string[] = secretKeysOf(envSchema);

const adminPair = envSchema.superRefine((env, ctx) => {
  if (!(
    env.PROMOTION_ANNOUNCE_DATE <= env.PROMOTION_START_DATE && env.PROMOTION_START_DATE <= env.PROMOTION_END_DATE
  )) {
    ctx.addIssue({
      code: 'custom',
      path: ['PROMOTION_START_DATE'],
      message: 'must come on or after PROMOTION_ANNOUNCE_DATE and on or before PROMOTION_END_DATE',
    });
  }
  if (env.SMTP_URL && !env.MAIL_FROM && !env.SITE_EMAIL) {
    ctx.addIssue({
      code: 'custom',
      path: ['MAIL_FROM'],
      message: 'must be set when SMTP_URL is (or set SITE_EMAIL, which it then defaults to)',
    });
  }
  const twilioSet = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN].filter(Boolean).length;
  if (twilioSet === 1) {
    const missing = env.TWILIO_ACCOUNT_SID ? 'TWILIO_AUTH_TOKEN' : 'TWILIO_ACCOUNT_SID';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'must be set together with the other TWILIO_ variable' });
  }
  if (twilioSet === 2 && !env.TWILIO_FROM_NUMBER && !env.TWILIO_PHONE_NUMBER && !env.TWILIO_MESSAGING_SERVICE_SID) {
    ctx.addIssue({
      code: 'custom',
      path: ['TWILIO_FROM_NUMBER'],
      message: 'set TWILIO_PHONE_NUMBER, TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID, so texts have a sender',
    });
  }
  const motSettings = [
    'DVSA_MOT_CLIENT_ID',
    'DVSA_MOT_CLIENT_SECRET',
    'DVSA_MOT_API_KEY',
    'DVSA_MOT_TOKEN_URL',
  ] as const;
  const motSet = motSettings.filter((name) => env[name]);
  if (motSet.length > 0 && motSet.length < motSettings.length) {
    for (const name of motSettings.filter((n) => !env[n])) {
      ctx.addIssue({ code: 'custom', path: [name], message: 'must be set with the other DVSA_MOT_ settings' });
    }
  }
  if (env.STORAGE === 's3' && !env.S3_BUCKET) {
    ctx.addIssue({
      code: 'custom',
      path: ['S3_BUCKET'],
      message: 'must be set when STORAGE=s3: the bucket to keep files in',
    });
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: 'must be set together with the other S3_ key (or leave both unset for the default AWS credentials)',
    });
  }
  if (Boolean(env.ADMIN_USERNAME) !== Boolean(env.ADMIN_PASSWORD)) {
    const missing = env.ADMIN_USERNAME ? 'ADMIN_PASSWORD' : 'ADMIN_USERNAME';
    ctx.addIssue({ code: 'custom', path: [missing], message: 'must be set together with the other ADMIN_ variable' });
  }
});

export type AppConfig = {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicBaseUrl: string;
  logLevel: Env['LOG_LEVEL'];
  /** Fastify's trustProxy: off, how many proxies stand in front, or their addresses. */
  trustProxy: false | number | string[];
  /**
   * The origins (scheme://host[:port]) the site is served at: PUBLIC_BASE_URL's
   * when it is set, else the loopback names on PORT, for use on this machine.
   * Only these Host headers are served and only these
   * Origin/Referer values pass the cross-site check.
   */
  siteOrigins: string[];
  /** Time limits on connections (see README: REQUEST_TIMEOUT_SECONDS). */
  http: {
    /**
     * SHUTDOWN_DRAIN_SECONDS: on SIGTERM, how long the process goes on serving while /api/health
     * answers 503, so a load balancer sends new requests elsewhere before it stops listening.
     */
    shutdownDrainMs: number;
    requestTimeoutMs: number;
    headersTimeoutMs: number;
    idleTimeoutMs: number;
    keepAliveTimeoutMs: number;
    /** Past this mean event-loop delay, requests get 503 with Retry-After (0: never). */
    overloadEventLoopDelayMs: number;
  };
  /** Where private files and public uploads are kept (STORAGE): folders under dataDir, or a bucket. */
  storage: { kind: 'folder' } | S3StorageConfig;
  promotion: Promotion;
  /** The first admin's credentials, used only when the database has no user. */
  firstAdmin: { username: string; password: string } | undefined;
  /** Cookies get `Secure` and the `__Host-` prefix when the site is served over https. */
  secureCookies: boolean;
  /** How e-mail and text messages go out; undefined where nothing is configured (messages are held). */
  messaging: MessagingConfig;
  /** Who gets the "new valuation" e-mail; empty when nobody is set (nothing is sent to staff). */
  staffNotifyEmails: string[];
  /** Days the seller's links keep working after their request closes (SELLER_LINK_DAYS_AFTER_CLOSE). */
  sellerLinkDaysAfterClose: number;
  /** How often the 24-hour promise's alerts job runs (PROMISE_ALERTS_EVERY_SECONDS). */
  promiseAlertsEveryMs: number;
  /** TEST_CLOCK_FILE: end-to-end tests move the clock with it; undefined everywhere else. */
  testClockFile: string | undefined;
  /** Vehicle lookups; a provider left undefined is not configured. */
  vehicleData: VehicleDataConfig;
  /** Road distance from the collection base. */
  distance: DistanceConfig;
  /** Demo mode (`npm run demo`): every page says nothing is real. */
  demo: boolean;
  /** Whether public page views are counted (ANALYTICS_COLLECTION). */
  analyticsCollection: boolean;
  /** Phone calls through Twilio Programmable Voice (features/calls). */
  calls: CallsConfig;
  /** How long personal data is kept: the daily retention job's periods (RETENTION_*). */
  retention: RetentionPeriods;
  site: Pick<
    Env,
    | 'SITE_TRADING_NAME'
    | 'SITE_COMPANY_NAME'
    | 'SITE_COMPANY_NUMBER'
    | 'SITE_FCA_NUMBER'
    | 'SITE_ICO_NUMBER'
    | 'SITE_ADDRESS'
    | 'SITE_PHONE'
    | 'SITE_EMAIL'
    | 'SITE_WHATSAPP'
  >;
};

export type S3StorageConfig = {
  kind: 's3';
  bucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** Undefined: the AWS SDK's default credential chain. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** S3_PREFIX with one trailing slash, or '' (the keys then start at the bucket's top). */
  prefix: string;
};

export type MessagingConfig = {
  email: { smtpUrl: string; from: string; replyTo: string | undefined } | undefined;
  sms:
    | {
        accountSid: string;
        authToken: string;
        /** A number or sender name; used when there is no messaging service. */
        from: string | undefined;
        messagingServiceSid: string | undefined;
        apiUrl: string;
      }
    | undefined;
};

export type CallsConfig = {
  /** Everything calls need, or undefined when something is missing (`missing` says what). */
  twilio:
    | {
        accountSid: string;
        authToken: string;
        /** The business number callers dial (E.164). */
        businessNumber: string;
        /** The phone staff answer on (E.164). */
        staffNumber: string;
        apiUrl: string;
        /** Where Twilio reaches our webhooks, and the URL their signatures are computed on. */
        publicBaseUrl: string;
      }
    | undefined;
  /** The settings still to set before calls work, in the words the calls page shows. */
  missing: string[];
  recording: boolean;
  queueTimeoutSeconds: number;
};

export type VehicleDataConfig = {
  dvla: { apiKey: string; apiUrl: string } | undefined;
  motHistory:
    | { clientId: string; clientSecret: string; apiKey: string; scope: string; tokenUrl: string; apiUrl: string }
    | undefined;
};

export type DistanceConfig = {
  /** The collection base, a full postcode upper-case with one space. */
  origin: string;
  /** Google's Routes API; undefined without a key (distances are estimated). */
  google: { apiKey: string; apiUrl: string } | undefined;
  /** The Maps Embed API key for the directions frame; undefined without one (a link instead). */
  embedKey: string | undefined;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses `source` with `schema`; throws ConfigError naming every bad variable at
 * once. Values are echoed to help fix typos, except for fields marked secret().
 */
export function parseEnvironment<S extends z.ZodObject>(schema: S, source: NodeJS.ProcessEnv): z.infer<S> {
  const parsed = schema.safeParse(source);
  if (parsed.success) return parsed.data;
  const secrets = new Set(secretKeysOf(schema));
  const problems = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? 'environment');
    const value = source[name];
    const shown = value === undefined || secrets.has(name) ? '' : ` (got "${value}")`;
    return `${name}: ${issue.message}${shown}`;
  });
  throw new ConfigError(problems);
}

/** Parses the environment; throws ConfigError naming every bad variable at once. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const env = parseEnvironment(adminPair, source);
  const config = configFrom(env);
  const secretValues = secretEnvKeys.flatMap((key) => [source[key], env[key as keyof Env]]);
  return hideSecretsWhenPrinted(config, secretValues);
}

function configFrom(env: Env): AppConfig {
  const port = env.PORT;
  const publicBaseUrl = env.PUBLIC_BASE_URL ?? `http://localhost:${port}`;
  const requestTimeoutMs = env.REQUEST_TIMEOUT_SECONDS * 1000;
  return {
    env: env.NODE_ENV,
    port,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicBaseUrl,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    siteOrigins: env.PUBLIC_BASE_URL
      ? [new URL(env.PUBLIC_BASE_URL).origin]
      : ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${port}`),
    http: {
      shutdownDrainMs: env.SHUTDOWN_DRAIN_SECONDS * 1000,
      // A phone on a poor connection, or a photo upload on a slow uplink, gets
      // this long for the whole request; the headers must come sooner.
      requestTimeoutMs,
      headersTimeoutMs: Math.min(30_000, requestTimeoutMs),
      // A connection on which nothing at all moves is closed after this.
      idleTimeoutMs: 60_000,
      // Above the 60 s idle time-out of common load balancers, so they never reuse a closed connection.
      keepAliveTimeoutMs: 72_000,
      overloadEventLoopDelayMs: env.OVERLOAD_EVENT_LOOP_DELAY_MS,
    },
    promotion: {
      ...DEFAULT_PROMOTION,
      voucherPounds: env.PROMOTION_VOUCHER_POUNDS,
      announceDate: env.PROMOTION_ANNOUNCE_DATE,
      startDate: env.PROMOTION_START_DATE,
      endDate: env.PROMOTION_END_DATE,
    },
    storage: storageFrom(env),
    firstAdmin:
      env.ADMIN_USERNAME && env.ADMIN_PASSWORD
        ? { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD }
        : undefined,
    secureCookies: publicBaseUrl.startsWith('https://'),
    messaging: messagingFrom(env),
    staffNotifyEmails: env.STAFF_NOTIFY_EMAIL ?? [],
    sellerLinkDaysAfterClose: env.SELLER_LINK_DAYS_AFTER_CLOSE,
    promiseAlertsEveryMs: env.PROMISE_ALERTS_EVERY_SECONDS * 1000,
    testClockFile: env.TEST_CLOCK_FILE,
    vehicleData: vehicleDataFrom(env),
    distance: {
      origin: env.COLLECTION_POSTCODE,
      google: env.GOOGLE_MAPS_API_KEY
        ? { apiKey: env.GOOGLE_MAPS_API_KEY, apiUrl: env.GOOGLE_MAPS_API_URL }
        : undefined,
      embedKey: env.GOOGLE_MAPS_EMBED_KEY,
    },
    demo: env.DEMO_MODE,
    analyticsCollection: env.ANALYTICS_COLLECTION,
    calls: callsFrom(env),
    retention: {
      valuationLeadsMonths: env.RETENTION_VALUATION_MONTHS,
      sentMessagesDays: env.RETENTION_MESSAGE_CONTENT_DAYS,
      visitRecordsDays: env.RETENTION_VISIT_RECORDS_DAYS,
      unpublishedReviewsMonths: env.RETENTION_UNPUBLISHED_REVIEW_MONTHS,
      callRecordingsDays: env.RETENTION_CALL_RECORDINGS_DAYS,
      sellerDocumentsDays: env.RETENTION_DOCUMENTS_DAYS,
      resolvedComplaintsMonths: env.RETENTION_RESOLVED_COMPLAINT_MONTHS,
    },
    site: {
      SITE_TRADING_NAME: env.SITE_TRADING_NAME,
      SITE_COMPANY_NAME: env.SITE_COMPANY_NAME,
      SITE_COMPANY_NUMBER: env.SITE_COMPANY_NUMBER?.toUpperCase(),
      SITE_FCA_NUMBER: env.SITE_FCA_NUMBER,
      SITE_ICO_NUMBER: env.SITE_ICO_NUMBER?.toUpperCase(),
      SITE_ADDRESS: env.SITE_ADDRESS,
      SITE_PHONE: env.SITE_PHONE,
      SITE_EMAIL: env.SITE_EMAIL,
      SITE_WHATSAPP: env.SITE_WHATSAPP,
    },
  };
}

function storageFrom(env: Env): AppConfig['storage'] {
  if (env.STORAGE === 'folder' || !env.S3_BUCKET) return { kind: 'folder' };
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  const prefix = env.S3_PREFIX?.replace(/^\/+|\/+$/g, '') ?? '';
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    prefix: prefix ? `${prefix}/` : '',
  };
}

function callsFrom(env: Env): CallsConfig {
  const settings = {
    TWILIO_ACCOUNT_SID: env.TWILIO_ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: env.TWILIO_AUTH_TOKEN,
    TWILIO_PHONE_NUMBER: env.TWILIO_PHONE_NUMBER,
    STAFF_PHONE_NUMBER: env.STAFF_PHONE_NUMBER,
    // Twilio must reach the webhooks on the internet, and signs the URL it calls.
    PUBLIC_BASE_URL: env.PUBLIC_BASE_URL,
  };
  const missing = Object.entries(settings)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  const { TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_PHONE_NUMBER, STAFF_PHONE_NUMBER, PUBLIC_BASE_URL } = settings;
  return {
    twilio:
      TWILIO_ACCOUNT_SID && TWILIO_AUTH_TOKEN && TWILIO_PHONE_NUMBER && STAFF_PHONE_NUMBER && PUBLIC_BASE_URL
        ? {
            accountSid: TWILIO_ACCOUNT_SID,
            authToken: TWILIO_AUTH_TOKEN,
            businessNumber: TWILIO_PHONE_NUMBER,
            staffNumber: STAFF_PHONE_NUMBER,
            apiUrl: env.TWILIO_API_URL,
            publicBaseUrl: PUBLIC_BASE_URL.replace(/\/+$/, ''),
          }
        : undefined,
    missing,
    recording: env.CALL_RECORDING,
    queueTimeoutSeconds: env.CALL_QUEUE_TIMEOUT_SECONDS,
  };
}

function vehicleDataFrom(env: Env): VehicleDataConfig {
  const { DVSA_MOT_CLIENT_ID: clientId, DVSA_MOT_CLIENT_SECRET: clientSecret, DVSA_MOT_API_KEY: apiKey } = env;
  return {
    dvla: env.DVLA_API_KEY ? { apiKey: env.DVLA_API_KEY, apiUrl: env.DVLA_API_URL } : undefined,
    motHistory:
      clientId && clientSecret && apiKey && env.DVSA_MOT_TOKEN_URL
        ? {
            clientId,
            clientSecret,
            apiKey,
            scope: env.DVSA_MOT_SCOPE,
            tokenUrl: env.DVSA_MOT_TOKEN_URL,
            apiUrl: env.DVSA_MOT_API_URL,
          }
        : undefined,
  };
}

function messagingFrom(env: Env): MessagingConfig {
  const tradingName = env.SITE_TRADING_NAME ?? DEFAULT_TRADING_NAME;
  const from = env.MAIL_FROM ?? (env.SITE_EMAIL ? `${tradingName} <${env.SITE_EMAIL}>` : undefined);
  return {
    email:
      env.SMTP_URL && from
        ? { smtpUrl: env.SMTP_URL, from, replyTo: env.MAIL_REPLY_TO ?? (env.MAIL_FROM ? env.SITE_EMAIL : undefined) }
        : undefined,
    sms:
      env.TWILIO_ACCOUNT_SID &&
      env.TWILIO_AUTH_TOKEN &&
      (env.TWILIO_FROM_NUMBER || env.TWILIO_PHONE_NUMBER || env.TWILIO_MESSAGING_SERVICE_SID)
        ? {
            accountSid: env.TWILIO_ACCOUNT_SID,
            authToken: env.TWILIO_AUTH_TOKEN,
            // Texts come from the business number unless another sender is named.
            from: env.TWILIO_FROM_NUMBER ?? env.TWILIO_PHONE_NUMBER,
            messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID,
            apiUrl: env.TWILIO_API_URL,
          }
        : undefined,
  };
}

const REDACTED = '[redacted]';

/** A secret value as it may be shown: a URL keeps its scheme and host, anything else goes. */
function maskedSecret(value: string): string {
  if (!URL.canParse(value)) return REDACTED;
  const url = new URL(value);
  if (!url.host) return REDACTED;
  const credentials = url.username || url.password ? `${REDACTED}@` : '';
  return `${url.protocol}//${credentials}${url.host}${url.pathname}${url.search ? `?${REDACTED}` : ''}`;
}

function hideIn(value: unknown, secrets: string[]): unknown {
  if (typeof value === 'string') {
    return secrets.reduce((text, secretValue) => text.split(secretValue).join(maskedSecret(secretValue)), value);
  }
  if (Array.isArray(value)) return value.map((item) => hideIn(item, secrets));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, hideIn(item, secrets)]));
  }
  return value;
}

/**
 * The config object stays usable as it is, but JSON (what pino writes) and
 * util.inspect (console.log) see a copy with every secret value masked.
 */
function hideSecretsWhenPrinted(config: AppConfig, values: unknown[]): AppConfig {
  const secrets = [...new Set(values.filter((v): v is string => typeof v === 'string' && v.length > 0))];
  const printable = () => hideIn(config, secrets);
  Object.defineProperty(config, 'toJSON', { value: printable, enumerable: false });
  Object.defineProperty(config, inspect.custom, {
    value: (_depth: number, options: object) => inspect(printable(), options),
    enumerable: false,
  });
  return config;
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes "the nearest n hops":
 * Fastify itself treats a bare number as trusting nothing. With a count, the
 * server must be reachable only through the proxies (see README).
 */
export function trustProxyOption(
  trust: AppConfig['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}
