import { describe, expect, it } from 'vitest';
import { deletionItems } from './deletion-items';

const none = { photos: 0, documents: 0, timelineEvents: 0, offers: 0, emails: 0, textMessages: 0, attachments: 0 };

describe('deletionItems', () => {
  it('counts everything that goes, messages and their files included', () => {
    expect(
      deletionItems({
        photos: 3,
        documents: 2,
        timelineEvents: 7,
        offers: 2,
        emails: 4,
        textMessages: 1,
        attachments: 1,
      }),
    ).toEqual([
      'The seller’s details and answers',
      '3 photos',
      '2 documents',
      '7 timeline events',
      '2 offers',
      '4 e-mails and 1 text message about it, in Messages',
      '1 file sent with them (dealer reports)',
    ]);
  });

  it('leaves out what there is none of, and writes one of a kind as one', () => {
    expect(deletionItems({ ...none, timelineEvents: 1, emails: 1 })).toEqual([
      'The seller’s details and answers',
      '1 timeline event',
      '1 e-mail about it, in Messages',
    ]);
    expect(deletionItems({ ...none, textMessages: 2 })).toContain('2 text messages about it, in Messages');
    expect(deletionItems({ ...none, documents: 1 })).toEqual(['The seller’s details and answers', '1 document']);
    expect(deletionItems(none)).toEqual(['The seller’s details and answers']);
  });

  it('names every kind while the counts are not known', () => {
    expect(deletionItems(undefined)).toEqual([
      'The seller’s details and answers',
      'Its photos',
      'Its documents (logbook, licence, service history, finance letter)',
      'Its timeline',
      'Its offers',
      'The e-mails and text messages about it, in Messages',
      'The files sent with them (dealer reports)',
    ]);
  });
});
