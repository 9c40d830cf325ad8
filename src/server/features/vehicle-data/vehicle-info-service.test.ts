import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { vehicleInfoCache } from '~/server/db/schema';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../../test/helpers/database';
import type { DvlaClient } from './dvla-client';
import { deleteExpiredVehicleLookups } from './vehicle-lookup-service';
import { createVehicleInfo, INFO_NOT_FOUND_TTL_MS, INFO_TTL_MS } from './vehicle-info-service';

// The back office's vehicle information is kept in the database, so that a second server process
// reuses what the first fetched (issue 38): each process asking DVLA and DVSA once an hour would
// multiply the calls against their daily quotas by the number of processes.

describe.each(testEngines)('vehicle information cache on %s', (engine) => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.cleanup();
    t = undefined;
  });

  function twoProcesses(db: TestDatabase['database']['db'], clock: () => Date) {
    const asked: string[] = [];
    const dvla: DvlaClient = {
      vehicle: async (registration) => {
        asked.push(registration);
        return registration.startsWith('ZZ') ? null : { registrationNumber: registration, make: 'FORD' };
      },
    };
    const log = pino({ level: 'silent' });
    const one = () => createVehicleInfo({ db, clock, dvla, motHistory: undefined, log });
    return { asked, first: one(), second: one() };
  }

  it('answers the second process from what the first fetched, for an hour', async () => {
    t = await createTestDatabase(engine);
    let now = new Date('2026-03-02T09:00:00Z');
    const { asked, first, second } = twoProcesses(t.database.db, () => now);
    const answer = await first.lookup('AB12CDE');
    expect(answer).toMatchObject({ found: true, result: { registration: 'AB12CDE', vesData: { make: 'FORD' } } });
    expect(await second.lookup('AB12CDE')).toEqual(answer);
    expect(asked).toEqual(['AB12CDE']);
    now = new Date(now.getTime() + INFO_TTL_MS + 1);
    await second.lookup('AB12CDE');
    expect(asked).toEqual(['AB12CDE', 'AB12CDE']);
  });

  it('keeps "not found" for 15 minutes, and the clean-up removes what has expired', async () => {
    t = await createTestDatabase(engine);
    let now = new Date('2026-03-02T09:00:00Z');
    const { asked, first, second } = twoProcesses(t.database.db, () => now);
    expect(await first.lookup('ZZ99ZZZ')).toEqual({ found: false });
    await first.lookup('AB12CDE');
    expect(await second.lookup('ZZ99ZZZ')).toEqual({ found: false });
    expect(asked).toEqual(['ZZ99ZZZ', 'AB12CDE']);
    now = new Date(now.getTime() + INFO_NOT_FOUND_TTL_MS + 1);
    await deleteExpiredVehicleLookups(t.database.db, now);
    const kept = await t.database.db.select({ registration: vehicleInfoCache.registration }).from(vehicleInfoCache);
    expect(kept).toEqual([{ registration: 'AB12CDE' }]);
    await second.lookup('ZZ99ZZZ');
    expect(asked).toEqual(['ZZ99ZZZ', 'AB12CDE', 'ZZ99ZZZ']);
  });
});
