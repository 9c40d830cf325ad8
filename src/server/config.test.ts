import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, envSchema, loadConfig, parseEnvironment, secret, secretEnvKeys } from './config';
import { projectRoot } from './project-root';

function problemsFor(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration from the environment', () => {
  it('serves on port 3000 with the embedded database under ./data when nothing is set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.publicBaseUrl).toBe('http://localhost:3000');
    expect(config.secureCookies).toBe(false);
  });

  it('names PORT and says what is wrong when it is not a number', () => {
    expect(problemsFor({ PORT: 'abc' })).toEqual(['PORT: must be a whole number from 1 to 65535 (got "abc")']);
    expect(problemsFor({ PORT: '70000' })[0]).toMatch(/^PORT: /);
  });

  it('reports every bad variable at once', () => {
    const problems = problemsFor({ PORT: 'x', LOG_LEVEL: 'loud', TRUST_PROXY: 'maybe' });
    expect(problems.map((p) => p.split(':')[0])).toEqual(['PORT', 'LOG_LEVEL', 'TRUST_PROXY']);
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ' }).port).toBe(3000);
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('never echoes a database URL, which may hold a password', () => {
    const [problem] = problemsFor({ DATABASE_URL: 'mysql://user:hunter2@db/x' });
    expect(problem).toBe('DATABASE_URL: must be a postgres:// or postgresql:// URL');
  });

  it('uses Secure cookies when the public address is https', () => {
    const config = loadConfig({ PUBLIC_BASE_URL: 'https://www.example.co.uk/' });
    expect(config.publicBaseUrl).toBe('https://www.example.co.uk');
    expect(config.secureCookies).toBe(true);
  });

  it('refuses registration numbers that cannot be real', () => {
    expect(problemsFor({ SITE_FCA_NUMBER: '12' })[0]).toMatch(/^SITE_FCA_NUMBER: must be a 6 or 7 digit/);
    expect(problemsFor({ SITE_COMPANY_NUMBER: 'ABC' })[0]).toMatch(/^SITE_COMPANY_NUMBER: /);
    expect(loadConfig({ SITE_ICO_NUMBER: 'za123456' }).site.SITE_ICO_NUMBER).toBe('ZA123456');
  });

  it('takes the first admin only as a pair, and never echoes the password', () => {
    expect(problemsFor({ ADMIN_USERNAME: 'owner' })).toEqual([
      'ADMIN_PASSWORD: must be set together with the other ADMIN_ variable',
    ]);
    expect(problemsFor({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'short' })).toEqual([
      'ADMIN_PASSWORD: must be at least 12 characters',
    ]);
    expect(loadConfig({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'Lighthouse keeper at dawn' }).firstAdmin).toEqual({
      username: 'owner',
      password: 'Lighthouse keeper at dawn',
    });
  });

  it('is documented: the README table lists exactly the variables the schema accepts', () => {
    const readme = readFileSync(path.join(projectRoot, 'README.md'), 'utf8');
    const start = readme.indexOf('## Configuration');
    const end = readme.indexOf('\n## ', start + 1);
    const section = readme.slice(start, end === -1 ? undefined : end);
    const documented = [...section.matchAll(/^\|\s*`([A-Z_][A-Z0-9_]*)`\s*\|/gm)].map((m) => m[1]).sort();
    expect(documented).toEqual(Object.keys(envSchema.shape).sort());
  });
});

describe('DEMO_MODE: the demo ribbon and test registrations (npm run demo)', () => {
  it('is off unless set', () => {
    expect(loadConfig({}).demo).toBe(false);
    expect(loadConfig({ DEMO_MODE: '' }).demo).toBe(false);
    expect(loadConfig({ DEMO_MODE: '0' }).demo).toBe(false);
    expect(loadConfig({ DEMO_MODE: 'false' }).demo).toBe(false);
  });

  it('is turned on by 1 or true', () => {
    expect(loadConfig({ DEMO_MODE: '1' }).demo).toBe(true);
    expect(loadConfig({ DEMO_MODE: 'true' }).demo).toBe(true);
    expect(loadConfig({ DEMO_MODE: ' TRUE ' }).demo).toBe(true);
  });

  it('names DEMO_MODE when the value means neither', () => {
    expect(problemsFor({ DEMO_MODE: 'maybe' })).toEqual([
      'DEMO_MODE: must be 1 or true to turn it on, 0 or false (or unset) to leave it off (got "maybe")',
    ]);
  });
});

describe('TRUST_PROXY: which proxies may tell us the client address', () => {
  it('is off when unset or false', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('takes a hop count, or the proxies’ addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.0/8']);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.1.2.3 ,fd00::/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.1.2.3',
      'fd00::/8',
    ]);
  });

  it('refuses a bare true, which would let any client choose its own address, and says what to write', () => {
    for (const value of ['true', 'TRUE', 'yes']) {
      const problems = problemsFor({ TRUST_PROXY: value });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^TRUST_PROXY: /);
      expect(problems[0]).toContain('TRUST_PROXY=1');
      expect(problems[0]).not.toContain('\n');
    }
  });

  it('refuses what is neither a count nor an address', () => {
    expect(problemsFor({ TRUST_PROXY: 'proxy.internal' })[0]).toMatch(/^TRUST_PROXY: /);
    expect(problemsFor({ TRUST_PROXY: '10.0.0.0/40' })[0]).toMatch(/^TRUST_PROXY: /);
    expect(problemsFor({ TRUST_PROXY: '-1' })[0]).toMatch(/^TRUST_PROXY: /);
  });
});

describe('time limits on requests', () => {
  it('gives slow phones and uploads two minutes for a whole request by default, and never none', () => {
    expect(loadConfig({}).http).toEqual({
      requestTimeoutMs: 120_000,
      headersTimeoutMs: 30_000,
      idleTimeoutMs: 60_000,
      keepAliveTimeoutMs: 72_000,
      overloadEventLoopDelayMs: 1_000,
      shutdownDrainMs: 0,
    });
    expect(problemsFor({ REQUEST_TIMEOUT_SECONDS: '0' })[0]).toMatch(/^REQUEST_TIMEOUT_SECONDS: /);
  });

  it('refuses new requests past a second of event-loop delay by default; 0 turns that off', () => {
    expect(loadConfig({ OVERLOAD_EVENT_LOOP_DELAY_MS: '0' }).http.overloadEventLoopDelayMs).toBe(0);
    expect(loadConfig({ OVERLOAD_EVENT_LOOP_DELAY_MS: '250' }).http.overloadEventLoopDelayMs).toBe(250);
    expect(problemsFor({ OVERLOAD_EVENT_LOOP_DELAY_MS: '5' })).toEqual([
      'OVERLOAD_EVENT_LOOP_DELAY_MS: must be 0 (off) or a whole number of milliseconds from 10 to 60000 (got "5")',
    ]);
  });

  it('drains for SHUTDOWN_DRAIN_SECONDS before stopping, up to a minute', () => {
    expect(loadConfig({ SHUTDOWN_DRAIN_SECONDS: '3' }).http.shutdownDrainMs).toBe(3_000);
    expect(problemsFor({ SHUTDOWN_DRAIN_SECONDS: '61' })[0]).toMatch(/^SHUTDOWN_DRAIN_SECONDS: /);
    expect(problemsFor({ SHUTDOWN_DRAIN_SECONDS: 'soon' })[0]).toMatch(/^SHUTDOWN_DRAIN_SECONDS: /);
  });

  it('can be shortened; the headers never get longer than the whole request', () => {
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: '2' }).http).toMatchObject({
      requestTimeoutMs: 2_000,
      headersTimeoutMs: 2_000,
    });
  });
});

describe('secret settings', () => {
  const parseWith = (env: Record<string, string>) => {
    const schema = z.object({
      SMTP_URL: secret(z.string().url('must be a URL')),
      GREETING: z.string().min(5, 'must be at least 5 characters'),
    });
    try {
      parseEnvironment(schema, env);
    } catch (error) {
      if (error instanceof ConfigError) return error;
      throw error;
    }
    throw new Error('expected a ConfigError');
  };

  it('are marked in the schema, and a field marked secret() is never echoed in a configuration error', () => {
    const error = parseWith({ SMTP_URL: 'smtp//mailer:Pa55word-xyz@mail', GREETING: 'hi' });
    expect(error.problems).toEqual(['SMTP_URL: must be a URL', 'GREETING: must be at least 5 characters (got "hi")']);
    expect(error.message).not.toContain('Pa55word-xyz');
  });

  it('include the database address and the first admin password', () => {
    expect(secretEnvKeys).toEqual(expect.arrayContaining(['DATABASE_URL', 'ADMIN_PASSWORD']));
  });

  it('never echoes a bad DATABASE_URL, even one that looks like a URL with a password', () => {
    for (const value of ['mysql://app:Pa55word-xyz@db/carbuy', 'postgres://app:Pa55word-xyz@db:port/carbuy']) {
      const problems = problemsFor({ DATABASE_URL: value });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^DATABASE_URL: /);
      expect(problems.join('\n')).not.toContain('Pa55word-xyz');
    }
  });

  it('are hidden when the config object is logged or printed whole', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://app:Db-pa55word-xyz@db.internal/carbuy',
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: 'Lighthouse keeper at dawn',
    });
    expect(config.databaseUrl).toBe('postgres://app:Db-pa55word-xyz@db.internal/carbuy');
    for (const text of [JSON.stringify(config), inspect(config, { depth: 5 }), String(config)]) {
      expect(text).not.toContain('Db-pa55word-xyz');
      expect(text).not.toContain('Lighthouse keeper at dawn');
    }
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    log.info({ config }, 'starting');
    expect(lines.join('')).toContain('db.internal');
    expect(lines.join('')).not.toContain('Db-pa55word-xyz');
    expect(lines.join('')).not.toContain('Lighthouse keeper at dawn');
  });
});

describe('e-mail and text message settings', () => {
  const twilio = {
    TWILIO_ACCOUNT_SID: `AC${'0a'.repeat(16)}`,
    TWILIO_AUTH_TOKEN: 'Twilio-t0ken-xyz',
    TWILIO_FROM_NUMBER: '+447700900123',
  };

  it('leaves both channels unconfigured (messages held) when nothing is set', () => {
    expect(loadConfig({}).messaging).toEqual({ email: undefined, sms: undefined });
  });

  it('sends e-mail as the trading name at SITE_EMAIL unless MAIL_FROM says otherwise', () => {
    const fromSite = loadConfig({ SMTP_URL: 'smtp://mail.example.co.uk', SITE_EMAIL: 'hello@example.co.uk' });
    expect(fromSite.messaging.email).toEqual({
      smtpUrl: 'smtp://mail.example.co.uk',
      from: 'CarBuy Direct <hello@example.co.uk>',
      replyTo: undefined,
    });
    const own = loadConfig({
      SMTP_URL: 'smtps://mail.example.co.uk',
      MAIL_FROM: 'CarBuy Direct <no-reply@example.co.uk>',
      SITE_EMAIL: 'hello@example.co.uk',
    });
    // Replies to a no-reply sender still reach someone.
    expect(own.messaging.email).toMatchObject({
      from: 'CarBuy Direct <no-reply@example.co.uk>',
      replyTo: 'hello@example.co.uk',
    });
  });

  it('says what is missing: a sender for e-mail, the other half of the Twilio pair, a sender for texts', () => {
    expect(problemsFor({ SMTP_URL: 'smtp://mail.example.co.uk' })).toEqual([
      'MAIL_FROM: must be set when SMTP_URL is (or set SITE_EMAIL, which it then defaults to)',
    ]);
    expect(problemsFor({ TWILIO_ACCOUNT_SID: twilio.TWILIO_ACCOUNT_SID })).toEqual([
      'TWILIO_AUTH_TOKEN: must be set together with the other TWILIO_ variable',
    ]);
    expect(problemsFor({ TWILIO_ACCOUNT_SID: twilio.TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN: 'x' })).toEqual([
      'TWILIO_FROM_NUMBER: set TWILIO_PHONE_NUMBER, TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID, so texts have a sender',
    ]);
    expect(problemsFor({ SMTP_URL: 'http://mail.example.co.uk', MAIL_FROM: 'not an address' })).toEqual([
      'SMTP_URL: must be an smtp:// or smtps:// URL such as smtp://user:password@smtp.example.co.uk:587',
      'MAIL_FROM: must be an e-mail address, or a name and address such as "CarBuy Direct <hello@example.co.uk>" (got "not an address")',
    ]);
  });

  it('configures texts with a number or a messaging service, and never prints the SMTP password or Twilio token', () => {
    const config = loadConfig({
      ...twilio,
      SMTP_URL: 'smtp://mailer:Smtp-pa55-xyz@mail.example.co.uk:587',
      MAIL_FROM: 'a@example.co.uk',
    });
    expect(config.messaging.sms).toMatchObject({ from: '+447700900123', apiUrl: 'https://api.twilio.com' });
    expect(secretEnvKeys).toEqual(expect.arrayContaining(['SMTP_URL', 'TWILIO_AUTH_TOKEN']));
    for (const text of [JSON.stringify(config), inspect(config, { depth: 5 })]) {
      expect(text).not.toContain('Smtp-pa55-xyz');
      expect(text).not.toContain('Twilio-t0ken-xyz');
      expect(text).toContain('mail.example.co.uk');
    }
    const service = loadConfig({
      ...twilio,
      TWILIO_FROM_NUMBER: '',
      TWILIO_MESSAGING_SERVICE_SID: `MG${'1b'.repeat(16)}`,
    });
    expect(service.messaging.sms).toMatchObject({ from: undefined, messagingServiceSid: `MG${'1b'.repeat(16)}` });
  });
});

describe('STORAGE: folders under DATA_DIR, or an S3-compatible bucket', () => {
  const s3 = { STORAGE: 's3', S3_BUCKET: 'carbuy-files' };

  it('keeps files in folders unless told otherwise', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'folder' });
    expect(loadConfig({ STORAGE: 'folder', S3_BUCKET: 'ignored' }).storage).toEqual({ kind: 'folder' });
  });

  it('takes a bucket, with the London region, AWS itself and the default credentials unless set', () => {
    expect(loadConfig(s3).storage).toEqual({
      kind: 's3',
      bucket: 'carbuy-files',
      region: 'eu-west-2',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
      prefix: '',
    });
  });

  it('takes an S3-compatible service, its keys and a prefix (written with one trailing slash)', () => {
    const config = loadConfig({
      ...s3,
      S3_REGION: 'auto',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      S3_PREFIX: '/carbuy/live/',
    });
    expect(config.storage).toMatchObject({
      region: 'auto',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
      prefix: 'carbuy/live/',
    });
    const printed = JSON.stringify(config) + inspect(config);
    expect(printed).not.toContain('wJalrXUtnFEMI');
    expect(printed).not.toContain('AKIAEXAMPLE');
  });

  it('says what is missing or wrong, never echoing a key', () => {
    expect(problemsFor({ STORAGE: 's3' })).toEqual([
      'S3_BUCKET: must be set when STORAGE=s3: the bucket to keep files in',
    ]);
    expect(problemsFor({ STORAGE: 'bucket' })[0]).toMatch(/^STORAGE: must be folder .* or s3 .* \(got "bucket"\)$/);
    expect(problemsFor({ ...s3, S3_ENDPOINT: 'minio:9000' })[0]).toMatch(/^S3_ENDPOINT: /);
    expect(problemsFor({ ...s3, S3_FORCE_PATH_STYLE: 'maybe' })[0]).toMatch(/^S3_FORCE_PATH_STYLE: /);
    expect(problemsFor({ ...s3, S3_PREFIX: 'a/../b' })[0]).toMatch(/^S3_PREFIX: must not hold/);
    expect(problemsFor({ ...s3, S3_SECRET_ACCESS_KEY: 'hunter2-secret' })).toEqual([
      'S3_ACCESS_KEY_ID: must be set together with the other S3_ key (or leave both unset for the default AWS credentials)',
    ]);
    expect(problemsFor({ ...s3, S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' })).toEqual([
      'S3_SECRET_ACCESS_KEY: must be set together with the other S3_ key (or leave both unset for the default AWS credentials)',
    ]);
    expect(secretEnvKeys).toEqual(expect.arrayContaining(['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']));
  });
});
