import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AdminDocument, AdminDocuments } from '~/shared/documents';
import { documentFileUrl, documentsQueryKey } from '../api/documents';
import { DocumentsCard } from './documents-card';

/**
 * The Documents card (issue 35) as it renders with the checklist already fetched: where it stands,
 * a row per document with its first page, file and who checked it, the buttons a pending one gets,
 * and the keys.
 */

const VALUATION_ID = '11111111-1111-4111-8111-111111111111';
const V5C_ID = '22222222-2222-4222-8222-222222222222';
const LICENCE_ID = '33333333-3333-4333-8333-333333333333';

const aDocument = (over: Partial<AdminDocument>): AdminDocument => ({
  id: V5C_ID,
  kind: 'v5c',
  status: 'pending',
  mediaType: 'application/pdf',
  sizeBytes: 1_258_291,
  pages: 3,
  rejectionReason: null,
  uploadedAt: '2026-03-02T10:15:00.000Z',
  reviewedAt: null,
  reviewedBy: null,
  ...over,
});

const checklist = (over: Partial<AdminDocuments>): AdminDocuments => ({
  asked: true,
  editable: true,
  items: [
    { kind: 'v5c', required: true, document: null },
    { kind: 'driving_licence', required: true, document: null },
    { kind: 'service_history', required: false, document: null },
  ],
  keysCount: null,
  completedAt: null,
  requestedAt: null,
  canRequest: false,
  ...over,
});

function render(documents: AdminDocuments): { html: string; text: string } {
  const client = new QueryClient();
  client.setQueryData(documentsQueryKey(VALUATION_ID), documents);
  const html = renderToString(
    <QueryClientProvider client={client}>
      <DocumentsCard valuation={{ id: VALUATION_ID, firstName: 'Jane' }} />
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

describe('the Documents card', () => {
  it('lists the checklist in order, nothing sent yet, the optional one marked, and the keys not stated', () => {
    const { text } = render(checklist({}));
    expect(text).toContain('Waiting for the seller');
    expect(text).toMatch(
      /V5C logbook Not sent yet .*Photo driving licence Not sent yet .*Service history Optional Not sent yet/,
    );
    expect(text).toContain('Keys: not stated yet');
    expect(text).not.toContain('Verify');
  });

  it('shows a pending document with its preview, file, Verify and Reject, and counts it to check', () => {
    const { html, text } = render(
      checklist({
        items: [
          { kind: 'v5c', required: true, document: aDocument({}) },
          { kind: 'driving_licence', required: true, document: null },
        ],
        keysCount: 2,
      }),
    );
    expect(text).toContain('1 to check');
    expect(text).toContain('Waiting for our check');
    expect(text).toContain('PDF, 3 pages, 1.2 MB');
    expect(html).toContain(`src="${documentFileUrl(VALUATION_ID, V5C_ID, 'preview').replace(/&/g, '&amp;')}"`);
    expect(html).toContain('alt="First page of the V5C logbook"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain(`href="${documentFileUrl(VALUATION_ID, V5C_ID, 'file')}"`);
    expect(text).toMatch(/Verify the V5C logbook/);
    expect(text).toMatch(/Reject the V5C logbook/);
    expect(text).toContain('Keys: 2');
  });

  it('says who checked a document, why one was not accepted, and when the papers were complete', () => {
    const { text } = render(
      checklist({
        items: [
          {
            kind: 'v5c',
            required: true,
            document: aDocument({ status: 'verified', reviewedAt: '2026-03-03T09:30:00.000Z', reviewedBy: 'sam' }),
          },
          {
            kind: 'driving_licence',
            required: true,
            document: aDocument({
              id: LICENCE_ID,
              kind: 'driving_licence',
              status: 'rejected',
              mediaType: 'image/jpeg',
              sizeBytes: 860_160,
              pages: 1,
              rejectionReason: 'The photo is blurred or too dark to read.',
              reviewedAt: '2026-03-03T09:31:00.000Z',
              reviewedBy: 'sam',
            }),
          },
        ],
      }),
    );
    expect(text).toContain('Checked by sam on 03 Mar 2026 • 09:30');
    expect(text).toContain('Photo, 840 KB');
    expect(text).toContain('Not accepted: The photo is blurred or too dark to read.');
    expect(text).not.toContain('Verify');

    const complete = render(checklist({ completedAt: '2026-03-04T12:00:00.000Z', keysCount: 1, editable: false }));
    expect(complete.text).toContain('Documents complete');
    expect(complete.text).toContain('04 Mar 2026');
  });

  it('offers "Ask for documents" before the seller is asked, and only while the request is open', () => {
    const open = render(checklist({ asked: false, editable: false, canRequest: true }));
    expect(open.text).toContain('Not asked yet');
    expect(open.text).toContain('Ask for documents');
    const closed = render(
      checklist({
        asked: false,
        editable: false,
        canRequest: false,
        items: [{ kind: 'v5c', required: true, document: aDocument({}) }],
      }),
    );
    expect(closed.text).toContain('Request closed');
    expect(closed.text).not.toContain('to check');
    expect(closed.text).not.toContain('Ask for documents');
    // A closed request's documents can no longer be checked (the server would refuse).
    expect(closed.text).not.toContain('Verify');
  });
});
