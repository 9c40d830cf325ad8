import { describe, expect, it } from 'vitest';
import { users } from '~/server/db/schema';
import { createTestDatabase } from '../../../test/helpers/database';
import { weakPasswordReason } from './password-policy';
import { createPasswordHasher, HashGate, hashParameters } from './passwords';

describe('password hashing', () => {
  const hasher = createPasswordHasher();

  it('uses scrypt at no less than OWASP’s minimum cost (N=2^17, r=8, p=1)', async () => {
    const stored = await hasher.hash('Correct horse battery staple');
    expect(hashParameters(stored)).toEqual({ scheme: 'scrypt', N: 2 ** 17, r: 8, p: 1 });
    expect(await hasher.verify('Correct horse battery staple', stored)).toBe(true);
    expect(await hasher.verify('Correct horse battery stapl', stored)).toBe(false);
  });

  it('salts: the same password twice gives two different hashes, and no plaintext is stored', async () => {
    const { database, cleanup } = await createTestDatabase();
    try {
      const password = 'Same password for both 42';
      const hash = await hasher.hash(password);
      await database.db.insert(users).values([
        { username: 'first', passwordHash: hash },
        { username: 'second', passwordHash: await hasher.hash(password) },
      ]);
      const rows = await database.db.select().from(users);
      expect(rows[0]!.passwordHash).not.toBe(rows[1]!.passwordHash);
      expect(JSON.stringify(rows)).not.toContain(password);
    } finally {
      await cleanup();
    }
  });

  it('treats the same text in different Unicode forms as the same password', async () => {
    const stored = await hasher.hash('Crème brûlée for pudding');
    expect(await hasher.verify('Cre\u0300me bru\u0302le\u0301e for pudding', stored)).toBe(true);
  });
});

describe('the hashing gate', () => {
  it('runs a few at once, lets a few wait, and refuses the rest with 503 straight away', async () => {
    const gate = new HashGate({ maxInFlight: 1, maxWaiting: 1, maxWaitMs: 1_000 });
    let release!: () => void;
    const blocker = new Promise<void>((resolve) => (release = resolve));
    const first = gate.run(() => blocker);
    const second = gate.run(async () => 'second ran');
    await expect(gate.run(async () => 'third')).rejects.toMatchObject({
      statusCode: 503,
      message: 'The server is busy. Please try again in a moment.',
    });
    release();
    await first;
    await expect(second).resolves.toBe('second ran');
  });

  it('gives up on a waiter that waited too long', async () => {
    const gate = new HashGate({ maxInFlight: 1, maxWaiting: 5, maxWaitMs: 20 });
    const never = gate.run(() => new Promise(() => {}));
    await expect(gate.run(async () => 'late')).rejects.toMatchObject({ statusCode: 503 });
    void never;
  });
});

describe('weak passwords', () => {
  it.each([
    'password1234',
    'Password1234!',
    'qwertyuiop12',
    '1q2w3e4r5t6y',
    'aaaaaaaaaaaa',
    'abababababab',
    'iloveyou2026',
  ])('refuses %s', (password) =>
    expect(weakPasswordReason(password)).toBe('This password is too common. Choose another.'),
  );

  it.each(['correct horse battery staple', 'Marmalade kettle on the stove', 'tangerine-lantern-58'])(
    'accepts %s',
    (password) => expect(weakPasswordReason(password)).toBeNull(),
  );

  it('refuses a password that is little more than the username', () => {
    expect(weakPasswordReason('margaret.h2026', { username: 'margaret.h' })).not.toBeNull();
  });
});
