import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PROMOTION, type Promotion } from '~/shared/promotion';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, usernameSchema } from '~/shared/auth-schemas';

/**
 * Every environment variable the server reads, parsed once at start-up.
 * The README's variable table mirrors this schema (a test keeps them in step).
 *
 * An empty string counts as unset, so `FOO= npm start` behaves like no FOO at all.
 */

const emptyAsUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const optionalText = (max = 200) => z.preprocess(emptyAsUndefined, z.string().trim().max(max).optional());

const booleanFlag = (fallback: boolean) =>
  z.preprocess(
    emptyAsUndefined,
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
      .default(fallback ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  );

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
    .refine((v) => /^postgres(ql)?:\/\/.+/.test(v), 'must be a postgres:// or postgresql:// URL')
    .optional(),
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

export const envSchema = z.object({
  NODE_ENV: z.preprocess(emptyAsUndefined, z.enum(['development', 'production', 'test']).default('production')),
  PORT: port,
  HOST: z.preprocess(emptyAsUndefined, z.string().min(1).default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).default('./data')),
  DATABASE_URL: postgresUrl,
  PUBLIC_BASE_URL: z.preprocess(emptyAsUndefined, httpUrl.optional()),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  TRUST_PROXY: booleanFlag(false),

  // The first admin, created at start-up when there is no user at all.
  ADMIN_USERNAME: z.preprocess(emptyAsUndefined, usernameSchema.optional()),
  ADMIN_PASSWORD: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((v) => [...v].length >= PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .refine((v) => [...v].length <= PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`)
      .optional(),
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
});

export type Env = z.infer<typeof envSchema>;

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
  trustProxy: boolean;
  promotion: Promotion;
  /** The first admin's credentials, used only when the database has no user. */
  firstAdmin: { username: string; password: string } | undefined;
  /** Cookies get `Secure` and the `__Host-` prefix when the site is served over https. */
  secureCookies: boolean;
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

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws ConfigError naming every bad variable at once. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = adminPair.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const value = source[name];
      const shown =
        value === undefined || /SECRET|PASSWORD|KEY|TOKEN|DATABASE_URL/.test(name) ? '' : ` (got "${value}")`;
      return `${name}: ${issue.message}${shown}`;
    });
    throw new ConfigError(problems);
  }
  const env = parsed.data;
  const port = env.PORT;
  const publicBaseUrl = env.PUBLIC_BASE_URL ?? `http://localhost:${port}`;
  return {
    env: env.NODE_ENV,
    port,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicBaseUrl,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    promotion: {
      ...DEFAULT_PROMOTION,
      voucherPounds: env.PROMOTION_VOUCHER_POUNDS,
      announceDate: env.PROMOTION_ANNOUNCE_DATE,
      startDate: env.PROMOTION_START_DATE,
      endDate: env.PROMOTION_END_DATE,
    },
    firstAdmin:
      env.ADMIN_USERNAME && env.ADMIN_PASSWORD
        ? { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD }
        : undefined,
    secureCookies: publicBaseUrl.startsWith('https://'),
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
