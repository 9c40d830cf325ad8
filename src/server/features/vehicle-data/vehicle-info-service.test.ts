import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { DvlaClient } from './dvla-client';
import { createVehicleInfo, INFO_CACHE_SIZE } from './vehicle-info-service';

// The cache's bound, which the API tests cannot reach cheaply: past INFO_CACHE_SIZE
// registrations, the one read least recently is asked for again.

describe('vehicle information cache', () => {
  it('keeps at most INFO_CACHE_SIZE answers, dropping the least recently read', async () => {
    const asked: string[] = [];
    const dvla: DvlaClient = {
      vehicle: async (registration) => {
        asked.push(registration);
        return { registrationNumber: registration, make: 'FORD' };
      },
    };
    const now = new Date('2026-03-02T09:00:00Z');
    const info = createVehicleInfo({ clock: () => now, dvla, motHistory: undefined, log: pino({ level: 'silent' }) });
    const registrations = Array.from({ length: INFO_CACHE_SIZE }, (_, i) => `AB${String(i).padStart(3, '0')}C`);
    for (const registration of registrations) await info.lookup(registration);
    await info.lookup('AB000C'); // read again: now the most recent
    await info.lookup('ZZ999Z'); // one more than the bound: AB001C, least recently read, goes
    expect(asked).toHaveLength(INFO_CACHE_SIZE + 1);
    await info.lookup('AB000C');
    expect(asked).toHaveLength(INFO_CACHE_SIZE + 1);
    await info.lookup('AB001C');
    expect(asked).toHaveLength(INFO_CACHE_SIZE + 2);
  });
});
