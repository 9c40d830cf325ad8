import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, envSchema, loadConfig } from './config';
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
