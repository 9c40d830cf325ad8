import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '~/server/db/client';
import { ensureBuilt } from '../../scripts/lib/ensure-build.mjs';
import { startApp } from '../../scripts/lib/start-app.mjs';
import { suiteFigures } from '../helpers/figures';
import {
  acknowledgedIds,
  BURST_STAFF_EMAIL,
  burstWithFault,
  expectStoredWhole,
  idOf,
  submission,
  submit,
  type Answer,
} from '../helpers/valuation-burst';

/**
 * Issue 17, suite 7: the server, with its embedded PGlite database, is killed outright (SIGKILL:
 * a power cut, the OOM killer, `docker kill`) in the middle of a burst of valuation submissions,
 * then started again on the same DATA_DIR. It must open cleanly (healthy, taking submissions,
 * nothing in its log about damage) and hold every valuation it had acknowledged, each whole.
 *
 * The built server runs as `npm start` runs it (scripts/lib/start-app.mjs), as a child process.
 */

const N = 200;
/** The process is killed once this many submissions have been acknowledged. */
const KILL_AT = 60;
/** What a database damaged by the kill would print on opening. */
const DAMAGE = /PANIC|corrupt|invalid (page|record|checkpoint)|could not (read|open|locate)/i;

describe('Process faults (PGlite)', () => {
  const figures = suiteFigures('Process faults');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbuy-process-faults-'));
  const env = {
    DATA_DIR: dataDir,
    STAFF_NOTIFY_EMAIL: BURST_STAFF_EMAIL,
    LOG_LEVEL: 'info',
    // One proxy in front, so each seller can come from an address of their own (X-Forwarded-For):
    // from one address, the per-address submission limit would refuse all but the first few.
    TRUST_PROXY: '1',
    // Refusing work when busy is the load suite's subject; here every request should reach the database.
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
  };
  const sellerAddress = (index: number) => ({
    'x-forwarded-for': `10.17.${Math.floor(index / 250)}.${(index % 250) + 1}`,
  });
  const stops: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    await ensureBuilt(); // a first build takes a while; not the server's start-up time
  }, 600_000);
  afterAll(async () => {
    for (const stop of stops) await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('killed during a burst, restarts on the same DATA_DIR with every acknowledged valuation', async () => {
    const first = await startApp({ env });
    stops.push(first.stop);
    const { answers, killedAt } = await burstWithFault({
      baseUrl: first.baseUrl,
      n: N,
      faultAt: KILL_AT,
      fault: () => void process.kill(-first.pid, 'SIGKILL'), // the whole process group, as the kernel would
      headers: sellerAddress,
    });
    if (killedAt === undefined) process.kill(-first.pid, 'SIGKILL');
    expect(killedAt, `killed midway (answers: ${tally(answers)})`).toBeDefined();
    expect(await first.exited).toMatchObject({ signal: 'SIGKILL' });
    // Before the kill, each answer was "received" or a plain "try again" (overload); after it, none.
    const answered = answers.filter((a) => a.status !== 0);
    const others = answered.filter((a) => a.status !== 201 && a.status !== 503);
    expect(others.map((a) => `${a.status} ${JSON.stringify(a.body)}`)).toEqual([]);
    expect(answered.length, 'the kill cut some requests off').toBeLessThan(N);

    // The same DATA_DIR opens again: healthy, taking submissions, and saying nothing of damage.
    const second = await startApp({ env });
    stops.push(second.stop);
    expect(await (await fetch(`${second.baseUrl}/api/health`)).json()).toMatchObject({ status: 'ok', database: 'ok' });
    const after = await submit(second.baseUrl, submission(N), sellerAddress(N));
    expect(after.status, JSON.stringify(after.body)).toBe(201);
    await second.stop();
    expect(await second.exited).toEqual({ code: 0, signal: null });
    expect(second.output()).not.toMatch(DAMAGE);

    // Read with the server stopped: the embedded engine is one process at a time.
    const acknowledged = acknowledgedIds(answers).set(idOf(after), submission(N));
    const database = await openDatabase({ dataDir });
    try {
      const { lost, unacknowledgedStored } = await expectStoredWhole(database.db, acknowledged, N + 1);
      console.log(
        `Process faults (PGlite): ${answered.length} of ${N} answered before the kill, ` +
          `${acknowledged.size - 1} acknowledged, ${unacknowledgedStored} stored but never answered`,
      );
      figures.report(`killed at ${killedAt} of ${N}, ${lost.length} acknowledged lost`, 'PGlite');
    } finally {
      await database.close();
    }
  }, 600_000);
});

/** "201 × 60, 0 × 140": how many got each status (0: no answer). */
function tally(answers: Answer[]): string {
  const counts = new Map<number, number>();
  for (const { status } of answers) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${status} × ${n}`).join(', ');
}
