// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { commonRejectionReasons, documentMessages, type AdminDocuments } from '~/shared/documents';
import { documentsQueryKey } from '../api/documents';
import { valuationQueryKey } from '../api/get-valuation';
import { DocumentsCard } from './documents-card';

/**
 * Staff acting on the Documents card (issue 35) against a stand-in for the server: a double click
 * sends once, Reject asks for a reason and shows the server's message under it, the answer replaces
 * the checklist, and the valuation (its timeline) is fetched again.
 */

const VALUATION_ID = '11111111-1111-4111-8111-111111111111';
const V5C_ID = '22222222-2222-4222-8222-222222222222';
const BASE = `/api/admin/valuations/${VALUATION_ID}/documents`;

let state: AdminDocuments;
let posts: { url: string; body: unknown }[];
/** When set, POSTs wait for it (to look at the card while one is on its way). */
let hold: Promise<void> | null;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function review(status: 'verified' | 'rejected', reason: string | null) {
  state = {
    ...state,
    items: state.items.map((item) =>
      item.document?.id === V5C_ID
        ? {
            ...item,
            document: {
              ...item.document,
              status,
              rejectionReason: reason,
              reviewedAt: '2026-03-03T09:30:00.000Z',
              reviewedBy: 'sam',
            },
          }
        : item,
    ),
  };
}

beforeEach(() => {
  posts = [];
  hold = null;
  state = {
    asked: true,
    editable: true,
    items: [
      {
        kind: 'v5c',
        required: true,
        document: {
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
        },
      },
      { kind: 'driving_licence', required: true, document: null },
    ],
    keysCount: 2,
    completedAt: null,
    requestedAt: null,
    canRequest: false,
  };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (init.method === 'GET' || !init.method) {
      if (url === BASE) return json(state);
      return json({ message: 'Not found' }, 404);
    }
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    posts.push({ url, body });
    if (hold) await hold;
    if (url === `${BASE}/${V5C_ID}/verify`) {
      review('verified', null);
      return json(state);
    }
    if (url === `${BASE}/${V5C_ID}/reject`) {
      const reason = (body as { reason?: string }).reason ?? '';
      if (reason.includes('refuse')) {
        return json(
          {
            message: documentMessages.reasonTooLong,
            issues: [{ path: 'reason', message: documentMessages.reasonTooLong }],
          },
          400,
        );
      }
      review('rejected', reason);
      return json(state);
    }
    if (url === `${BASE}/request`) {
      state = { ...state, asked: true, canRequest: false, requestedAt: '2026-03-02T11:00:00.000Z' };
      return json(state);
    }
    return json({ message: 'Not found' }, 404);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function showCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  render(
    <QueryClientProvider client={client}>
      <DocumentsCard valuation={{ id: VALUATION_ID, firstName: 'Jane' }} />
    </QueryClientProvider>,
  );
  await act(async () => {});
  await screen.findByText('1 to check');
  return { client, invalidated: () => invalidate.mock.calls.map(([filters]) => filters?.queryKey) };
}

const v5cRow = () => screen.getByRole('listitem', { name: 'V5C logbook' });
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 10)));

describe('the Documents card’s actions', () => {
  it('verifies once on a double click, shows the answer, and refreshes the valuation', async () => {
    const { client, invalidated } = await showCard();
    const verify = within(v5cRow()).getByRole('button', { name: 'Verify the V5C logbook' });
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    act(() => {
      fireEvent.click(verify);
      fireEvent.click(verify);
    });
    await settle();
    expect(posts.map((p) => p.url)).toEqual([`${BASE}/${V5C_ID}/verify`]);
    expect((within(v5cRow()).getByRole('button', { name: /Checking/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(
      (within(v5cRow()).getByRole('button', { name: 'Reject the V5C logbook' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await act(async () => release());
    await settle();
    expect(posts).toHaveLength(1);
    expect(within(v5cRow()).getByText('Checked')).toBeTruthy();
    expect(v5cRow().textContent).toContain('Checked by sam on 03 Mar 2026 • 09:30');
    expect(within(v5cRow()).queryByRole('button', { name: /Verify/ })).toBeNull();
    expect(screen.getByText('Waiting for the seller')).toBeTruthy();
    expect(client.getQueryData<AdminDocuments>(documentsQueryKey(VALUATION_ID))?.items[0]?.document?.status).toBe(
      'verified',
    );
    expect(invalidated()).toContainEqual(valuationQueryKey(VALUATION_ID));
    expect(document.activeElement?.textContent).toBe('V5C logbook');
  });

  it('asks for a reason, fills in a common one, shows the server’s message, then "Not accepted: …"', async () => {
    await showCard();
    fireEvent.click(within(v5cRow()).getByRole('button', { name: 'Reject the V5C logbook' }));
    const form = within(v5cRow()).getByRole('form', { name: 'Reject the V5C logbook' });
    const field = within(form).getByRole('textbox', { name: 'Why it cannot be accepted' }) as HTMLTextAreaElement;
    expect(document.activeElement).toBe(field);
    expect(field.maxLength).toBe(500);

    fireEvent.click(within(form).getByRole('button', { name: 'Send to seller' }));
    expect(within(form).getByText(documentMessages.reasonRequired)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(posts).toEqual([]);

    fireEvent.change(field, { target: { value: 'Please refuse this one' } });
    expect(within(form).getByText('22 of 500 characters')).toBeTruthy();
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Send to seller' })));
    await settle();
    expect(within(form).getByText(documentMessages.reasonTooLong)).toBeTruthy();
    expect(field.getAttribute('aria-describedby')).toContain(within(form).getByRole('alert').id);

    fireEvent.click(within(form).getByRole('button', { name: commonRejectionReasons[0] }));
    expect(field.value).toBe(commonRejectionReasons[0]);
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Send to seller' })));
    await settle();
    expect(posts.at(-1)).toEqual({ url: `${BASE}/${V5C_ID}/reject`, body: { reason: commonRejectionReasons[0] } });
    expect(within(v5cRow()).queryByRole('form')).toBeNull();
    expect(within(v5cRow()).getByText(`Not accepted: ${commonRejectionReasons[0]}`)).toBeTruthy();
  });

  it('closes the reason form on Cancel or Escape, focus back on Reject, nothing sent', async () => {
    await showCard();
    const reject = within(v5cRow()).getByRole('button', { name: 'Reject the V5C logbook' });
    fireEvent.click(reject);
    fireEvent.click(within(v5cRow()).getByRole('button', { name: 'Cancel' }));
    await settle();
    expect(within(v5cRow()).queryByRole('form')).toBeNull();
    expect(document.activeElement?.textContent).toMatch(/^Reject/);
    fireEvent.click(within(v5cRow()).getByRole('button', { name: 'Reject the V5C logbook' }));
    fireEvent.keyDown(within(v5cRow()).getByRole('textbox'), { key: 'Escape' });
    expect(within(v5cRow()).queryByRole('form')).toBeNull();
    expect(posts).toEqual([]);
  });

  it('asks for the documents before an offer is accepted', async () => {
    state = { ...state, asked: false, editable: false, canRequest: true };
    state.items = state.items.map((item) => ({ ...item, document: null }));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <DocumentsCard valuation={{ id: VALUATION_ID, firstName: 'Jane' }} />
      </QueryClientProvider>,
    );
    await screen.findByText('Not asked yet');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Ask for documents' })));
    await settle();
    expect(posts.map((p) => p.url)).toEqual([`${BASE}/request`]);
    expect(screen.getByText('Waiting for the seller')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ask for documents' })).toBeNull();
  });
});
