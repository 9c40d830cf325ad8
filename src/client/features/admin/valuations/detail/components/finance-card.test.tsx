import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AdminDocuments } from '~/shared/documents';
import { financeWarnings, type FinanceSettlement } from '~/shared/finance-settlement';
import { documentFileUrl, documentsQueryKey } from '../api/documents';
import { financeQueryKey } from '../api/finance';
import { FinanceCard } from './finance-card';

/**
 * The Finance settlement card (issue 36) as it renders with the settlement already fetched: what
 * the seller declared, the confirmed figures and who confirmed them, the equity (red when negative),
 * each warning in its own box, and the form prefilled from what stands.
 */

const VALUATION_ID = '11111111-1111-4111-8111-111111111111';
const LETTER_ID = '22222222-2222-4222-8222-222222222222';

const settlement = (over: Partial<FinanceSettlement>): FinanceSettlement => ({
  declared: 'yes',
  declaredAmountPence: 900_000,
  lender: null,
  settlementPence: null,
  validUntil: null,
  confirmedAt: null,
  confirmedBy: null,
  offerPence: null,
  equityPence: null,
  collection: null,
  warnings: [],
  ...over,
});

function render(
  finance: FinanceSettlement,
  options: { status?: 'offer_accepted' | 'lost'; documents?: AdminDocuments } = {},
): { html: string; text: string } {
  const client = new QueryClient();
  client.setQueryData(financeQueryKey(VALUATION_ID), finance);
  if (options.documents) client.setQueryData(documentsQueryKey(VALUATION_ID), options.documents);
  const html = renderToString(
    <QueryClientProvider client={client}>
      <FinanceCard valuation={{ id: VALUATION_ID, firstName: 'Jane', status: options.status ?? 'offer_accepted' }} />
    </QueryClientProvider>,
  );
  const text = html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
  return { html, text };
}

describe('the Finance settlement card', () => {
  it('before confirmation: the declared amount, no equity yet, and an empty form', () => {
    const { html, text } = render(settlement({ offerPence: 1_000_000 }));
    expect(text).toContain('Declared by the seller £9,000');
    expect(text).toContain('Our offer £10,000');
    expect(text).toContain('Settlement not confirmed yet');
    expect(text).toContain('Equity: shown once the settlement is confirmed.');
    expect(text).toContain('The seller said £9,000.');
    expect(html).toContain('type="date"');
    expect(html).not.toContain('Finance warnings');
    expect(text).toContain('Confirm settlement');
  });

  it('confirmed with a negative equity and a letter running out before collection: red equity and two warnings', () => {
    const facts = {
      offerPence: 800_000,
      settlementPence: 925_000,
      validUntil: '2026-03-10',
      collection: { date: '2026-03-12', slot: 'morning' as const },
    };
    const warnings = financeWarnings({ ...facts, today: '2026-03-02' });
    expect(warnings.map((w) => w.kind)).toEqual(['negative_equity', 'letter_expires_before_collection']);
    const { html, text } = render(
      settlement({
        ...facts,
        lender: 'Black Horse',
        confirmedAt: '2026-03-02T09:05:00.000Z',
        confirmedBy: 'sam',
        equityPence: -125_000,
        warnings,
      }),
    );
    expect(text).toMatch(/Black Horse: £9,250, valid until Tue 10 Mar/);
    expect(text).toContain('Confirmed by sam on 02 Mar 2026 • 09:05');
    expect(text).toContain('Equity: −£1,250 (negative)');
    expect(html).toMatch(/class="[^"]*text-danger[^"]*"><svg/);
    expect(html).toContain('aria-label="Finance warnings"');
    expect(text).toContain(
      'Warning: The settlement (£9,250) is more than our offer (£8,000): the seller must pay the lender the £1,250 ' +
        'difference before collection, or on the day by bank transfer, so the finance can be cleared.',
    );
    expect(text).toContain(
      'Warning: The settlement letter is valid until Tue 10 Mar, before the collection on Thu 12 Mar: ask the seller ' +
        'for an updated letter.',
    );
    expect(html.match(/<li /g)).toHaveLength(2);
  });

  it('a positive equity without warnings, the settlement letter to open, and no form once the request is closed', () => {
    const documents: AdminDocuments = {
      asked: true,
      editable: true,
      items: [
        {
          kind: 'settlement_letter',
          required: true,
          document: {
            id: LETTER_ID,
            kind: 'settlement_letter',
            status: 'pending',
            mediaType: 'application/pdf',
            sizeBytes: 120_000,
            pages: 1,
            rejectionReason: null,
            uploadedAt: '2026-03-02T10:15:00.000Z',
            reviewedAt: null,
            reviewedBy: null,
          },
        },
      ],
      keysCount: null,
      completedAt: null,
      requestedAt: null,
      canRequest: false,
    };
    const confirmed = settlement({
      lender: 'Close Brothers',
      settlementPence: 875_032,
      validUntil: '2026-03-20',
      confirmedAt: '2026-03-02T09:05:00.000Z',
      confirmedBy: 'sam',
      offerPence: 1_000_000,
      equityPence: 124_968,
    });
    const open = render(confirmed, { documents });
    expect(open.text).toContain('Equity: £1,249.68');
    expect(open.text).not.toContain('(negative)');
    expect(open.html).not.toContain('Finance warnings');
    expect(open.text).toContain('See the settlement letter');
    expect(open.html).toContain(`href="${documentFileUrl(VALUATION_ID, LETTER_ID, 'file').replace(/&/g, '&amp;')}"`);

    const closed = render(confirmed, { status: 'lost' });
    expect(closed.text).toContain('This request is closed');
    expect(closed.text).not.toContain('Confirm settlement');
    expect(closed.text).not.toContain('See the settlement letter');
  });
});
