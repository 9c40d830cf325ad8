import { describe, expect, it } from 'vitest';
import type { MessageStatus } from '~/shared/messages';
import { PENDING_REFETCH_MS, pendingRefetchInterval, QUEUED_REFETCH_MAX_MS } from './refetch-interval';

const now = Date.parse('2025-09-05T13:00:00.000Z');
const at = (seconds: number) => new Date(now + seconds * 1000).toISOString();
const message = (status: MessageStatus, nextAttemptAt: string | null = null) => ({ status, nextAttemptAt });

describe('pendingRefetchInterval: polling while a message is on its way', () => {
  it('stops when nothing is pending', () => {
    expect(pendingRefetchInterval([], now)).toBe(false);
    expect(
      pendingRefetchInterval([message('sent'), message('failed'), message('held'), message('held', at(60))], now),
    ).toBe(false);
  });

  it('asks every 2 s while a message is sending', () => {
    expect(pendingRefetchInterval([message('sent'), message('sending')], now)).toBe(PENDING_REFETCH_MS);
  });

  it('asks every 2 s for a message queued to go now, or overdue, or with no time', () => {
    expect(pendingRefetchInterval([message('queued', at(0))], now)).toBe(PENDING_REFETCH_MS);
    expect(pendingRefetchInterval([message('queued', at(-90))], now)).toBe(PENDING_REFETCH_MS);
    expect(pendingRefetchInterval([message('queued')], now)).toBe(PENDING_REFETCH_MS);
    expect(pendingRefetchInterval([message('queued', 'not a date')], now)).toBe(PENDING_REFETCH_MS);
  });

  it('waits until a later retry is due, at most 30 s', () => {
    expect(pendingRefetchInterval([message('queued', at(12))], now)).toBe(12_000);
    expect(pendingRefetchInterval([message('queued', at(600))], now)).toBe(QUEUED_REFETCH_MAX_MS);
  });

  it('takes the soonest of several', () => {
    expect(pendingRefetchInterval([message('queued', at(600)), message('queued', at(8))], now)).toBe(8_000);
    expect(pendingRefetchInterval([message('queued', at(600)), message('sending')], now)).toBe(PENDING_REFETCH_MS);
  });
});
