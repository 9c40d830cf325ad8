import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { databaseRefusal, serializeError, sqlState } from './database-errors';

function pgError(code: string, message: string, extra: object = {}) {
  return Object.assign(new Error(message), { code, severity: 'ERROR', ...extra });
}

describe('database errors', () => {
  const hash = 'scrypt$17$8$1$c2FsdA==$aGFzaA==';
  const cause = pgError('23502', 'null value in column "username" violates not-null constraint', {
    detail: `Failing row contains (1, null, ${hash}).`,
    params: ['x', hash],
    table: 'users',
    column: 'username',
  });
  const error = new DrizzleQueryError('insert into "users" values ($1, $2)', ['line one\nline two', hash], cause);

  it('logs the SQL, the SQLSTATE and the server message, never the parameters or the failing row', () => {
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toContain(hash);
    expect(logged).not.toContain('line two');
    expect(logged).not.toContain('Failing row');
    expect(logged).toContain('insert into \\"users\\" values ($1, $2)');
    expect(logged).toContain('"code":"23502"');
    expect(logged).toContain('"table":"users"');
    expect(logged).toContain('violates not-null constraint');
    const serialized = serializeError(error) as { stack: string; type: string };
    expect(serialized.type).toBe('DrizzleQueryError');
    expect(serialized.stack).toMatch(/^Error: Failed query: insert into "users" values \(\$1, \$2\)\n {4}at /);
  });

  it('leaves other errors and non-errors as they are', () => {
    const plain = serializeError(new Error('boom')) as { message: string; stack: string };
    expect(plain.message).toBe('boom');
    expect(plain.stack).toContain('boom');
    expect(serializeError('text')).toBe('text');
  });

  it('finds the SQLSTATE through the cause chain and maps input faults only', () => {
    expect(sqlState(error)).toBe('23502');
    expect(databaseRefusal(error)).toBeUndefined();
    expect(databaseRefusal(new DrizzleQueryError('q', [], pgError('22001', 'too long')))?.status).toBe(400);
    expect(databaseRefusal(new DrizzleQueryError('q', [], pgError('22P02', 'syntax')))?.status).toBe(400);
    expect(databaseRefusal(new DrizzleQueryError('q', [], pgError('23505', 'duplicate')))?.status).toBe(409);
    expect(databaseRefusal(new Error('no code'))).toBeUndefined();
  });
});
