import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { AppError } from '~/server/http/app-error';

/**
 * Password hashing with Node's built-in scrypt at OWASP's minimum cost for
 * ASVS level 2 (N = 2^17, r = 8, p = 1: 128 MiB and a few hundred ms each).
 * No native addon: argon2's prebuilt binary crashed on this Node (STACK.md).
 *
 * Stored as `scrypt$<log2 N>$<r>$<p>$<salt base64>$<hash base64>` so the cost
 * can be raised later and old hashes still verify.
 */
export const SCRYPT_PARAMS = { log2N: 17, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** 128 * N * r bytes, plus headroom. */
const maxmemFor = (log2N: number, r: number) => 128 * 2 ** log2N * r + 32 * 1024 * 1024;

/** The same password typed on different devices may arrive in different Unicode forms. */
const normalise = (password: string) => password.normalize('NFC');

export type HashGateLimits = {
  /** Hashes running at once. */
  maxInFlight: number;
  /** Hashes allowed to wait for a free slot; beyond that, 503 at once. */
  maxWaiting: number;
  /** How long one may wait before it is refused with 503. */
  maxWaitMs: number;
  /** Hashes one session, or one user, may have running or waiting; beyond that, 429 at once. */
  maxPerCaller: number;
  /**
   * Hashes one client address may have running or waiting; beyond that, 429 at once. More than one:
   * several people behind one office router may sign in at the same moment.
   */
  maxPerAddress: number;
};

/** Who is asking for a hash: the client address, and for signed-in requests the session and user. */
export type HashCaller = { ip?: string; sessionId?: string; userId?: number };

// One hash takes a whole core for a few hundred ms: leave at least one core for serving pages.
const defaultLimits = (): HashGateLimits => ({
  maxInFlight: Math.max(1, availableParallelism() - 1),
  maxWaiting: 8,
  maxWaitMs: 5_000,
  maxPerCaller: 1,
  maxPerAddress: 4,
});

/**
 * Hashing is slow and memory-hungry on purpose, so it must not become a way to
 * take the site down: at most `maxInFlight` run at once (off the event loop, in
 * libuv's thread pool); a few more may wait briefly; the rest are refused with
 * 503 straight away.
 *
 * It is also shared fairly: each request names its caller (its address, and
 * when signed in its session and user). A session or user with a hash already
 * running or waiting, or an address with `maxPerAddress` of them, is refused
 * with 429 at once, before taking a place. So one session looping a password
 * form holds at most one slot, and other people's sign-ins are served.
 */
export class HashGate {
  private inFlight = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly perCaller = new Map<string, number>();
  private readonly limits: HashGateLimits;

  constructor(limits: Partial<HashGateLimits> = {}) {
    this.limits = { ...defaultLimits(), ...limits };
  }

  async run<T>(work: () => Promise<T>, caller: HashCaller = {}): Promise<T> {
    const keys: Array<[string, number]> = [];
    if (caller.ip !== undefined) keys.push([`ip:${caller.ip}`, this.limits.maxPerAddress]);
    if (caller.sessionId !== undefined) keys.push([`session:${caller.sessionId}`, this.limits.maxPerCaller]);
    if (caller.userId !== undefined) keys.push([`user:${caller.userId}`, this.limits.maxPerCaller]);
    if (keys.some(([key, limit]) => (this.perCaller.get(key) ?? 0) >= limit)) throw callerBusyError();
    for (const [key] of keys) this.perCaller.set(key, (this.perCaller.get(key) ?? 0) + 1);
    try {
      await this.acquire();
      try {
        return await work();
      } finally {
        this.release();
      }
    } finally {
      for (const [key] of keys) {
        const left = (this.perCaller.get(key) ?? 1) - 1;
        if (left > 0) this.perCaller.set(key, left);
        else this.perCaller.delete(key);
      }
    }
  }

  private acquire(): Promise<void> {
    if (this.inFlight < this.limits.maxInFlight) {
      this.inFlight += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.limits.maxWaiting) return Promise.reject(busyError());
    return new Promise((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const index = this.waiting.indexOf(grant);
        if (index !== -1) this.waiting.splice(index, 1);
        reject(busyError());
      }, this.limits.maxWaitMs);
      this.waiting.push(grant);
    });
  }

  private release() {
    const next = this.waiting.shift();
    if (next)
      next(); // the slot passes straight to the next waiter
    else this.inFlight -= 1;
  }
}

function busyError() {
  return new AppError('UNAVAILABLE', 'The server is busy. Please try again in a moment.', {
    headers: { 'Retry-After': '5' },
  });
}

function callerBusyError() {
  return new AppError('RATE_LIMITED', 'Your last request is still being checked. Please try again in a moment.', {
    headers: { 'Retry-After': '2' },
  });
}

/** `caller` says who is asking, so the gate can share hashing fairly. */
export type PasswordHasher = {
  hash(password: string, caller?: HashCaller): Promise<string>;
  verify(password: string, stored: string, caller?: HashCaller): Promise<boolean>;
  /** Spends the same effort as a real check, for sign-ins with an unknown username. */
  verifyAgainstDummy(password: string, caller?: HashCaller): Promise<false>;
};

export function createPasswordHasher(
  gate = new HashGate(),
  params: { log2N: number; r: number; p: number } = SCRYPT_PARAMS,
): PasswordHasher {
  const hash = (password: string, caller: HashCaller = {}) =>
    gate.run(async () => {
      const salt = randomBytes(SCRYPT_PARAMS.saltLength);
      const key = await scrypt(normalise(password), salt, SCRYPT_PARAMS.keyLength, {
        N: 2 ** params.log2N,
        r: params.r,
        p: params.p,
        maxmem: maxmemFor(params.log2N, params.r),
      });
      return ['scrypt', params.log2N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
    }, caller);

  const verify = (password: string, stored: string, caller: HashCaller = {}) =>
    gate.run(async () => {
      const [scheme, log2N, r, p, salt, expected] = stored.split('$');
      if (scheme !== 'scrypt' || !salt || !expected) return false;
      const expectedKey = Buffer.from(expected, 'base64');
      const key = await scrypt(normalise(password), Buffer.from(salt, 'base64'), expectedKey.length, {
        N: 2 ** Number(log2N),
        r: Number(r),
        p: Number(p),
        maxmem: maxmemFor(Number(log2N), Number(r)),
      });
      return timingSafeEqual(key, expectedKey);
    }, caller);

  // Made once, lazily; any well-formed hash of the same cost will do.
  let dummy: Promise<string> | undefined;
  const verifyAgainstDummy = async (password: string, caller: HashCaller = {}): Promise<false> => {
    // Not kept if it failed (the gate was busy, say), or every later unknown-name sign-in would fail too.
    dummy ??= hash(randomBytes(16).toString('base64')).catch((error: unknown) => {
      dummy = undefined;
      throw error;
    });
    await verify(password, await dummy, caller);
    return false;
  };

  return { hash, verify, verifyAgainstDummy };
}

/** Reads the cost a stored hash was made with (tests check it meets the minimum). */
export function hashParameters(stored: string) {
  const [scheme, log2N, r, p] = stored.split('$');
  return { scheme, N: 2 ** Number(log2N), r: Number(r), p: Number(p) };
}
