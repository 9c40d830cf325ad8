import { describe, expect, it } from 'vitest';
import { contentDeletedNotice } from './content-deleted';

describe('contentDeletedNotice: what staff read where retention deleted a message’s content', () => {
  it('says nothing while the content is kept', () => {
    expect(
      contentDeletedNotice({
        contentDeletedAt: null,
        sentAt: '2026-01-01T10:00:00.000Z',
        createdAt: '2026-01-01T10:00:00.000Z',
      }),
    ).toBeUndefined();
  });

  it('gives the UK date it was deleted and the whole days since it was sent', () => {
    expect(
      contentDeletedNotice({
        createdAt: '2026-01-01T09:59:58.000Z',
        sentAt: '2026-01-01T10:00:00.000Z',
        contentDeletedAt: '2026-04-02T03:00:00.000Z',
      }),
    ).toBe('Content deleted on 02 Apr 2026, 90 days after sending, under our retention policy.');
  });

  it('counts from when it was queued for a message that never went', () => {
    expect(
      contentDeletedNotice({
        createdAt: '2026-01-01T10:00:00.000Z',
        sentAt: null,
        contentDeletedAt: '2026-01-02T10:00:00.000Z',
      }),
    ).toBe(
      'Content deleted on 02 Jan 2026, 1 day after it was queued (it was never sent), under our retention policy.',
    );
  });
});
