// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlausibilityFlag } from '~/shared/plausibility';
import { PlausibilityIcons } from './plausibility-icons';

/**
 * A list row's checks (issue 37) against a stand-in for the server: the list gives the flags' words
 * without the other requests; opening the checks shows the words at once, says it is finding the
 * requests, then links them; a failure says so and points to the request's page; a row whose flags
 * link nothing asks for nothing, and a row opened again shows its links without asking again.
 */

const VALUATION_ID = '11111111-1111-4111-8111-111111111111';
const OTHER_ID = '22222222-2222-4222-8222-222222222222';
const URL = `/api/admin/valuations/${VALUATION_ID}/flags`;

const seenBefore: PlausibilityFlag = {
  kind: 'registration_seen_before',
  severity: 'warning',
  message: 'This car (KX19 QAB) was submitted before, in 1 earlier request, at least one from another phone number.',
};
const export_: PlausibilityFlag = {
  kind: 'marked_for_export',
  severity: 'warning',
  message: 'DVLA’s record marks this car for export.',
};
const linked: PlausibilityFlag[] = [
  export_,
  {
    ...seenBefore,
    links: [{ id: OTHER_ID, reference: 'CB-7K3-9QX', label: 'received 1 March 2026, Lost, another seller' }],
  },
];

let asked: string[];
let answer: () => Promise<Response>;
let release: () => void;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  asked = [];
  answer = async () => json({ flags: linked });
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    return url === URL ? answer() : json({ message: 'Not found' }, 404);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function showRow(flags: PlausibilityFlag[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/admin',
        element: <PlausibilityIcons valuationId={VALUATION_ID} flags={flags} subject="Jane Smith, KX19QAB" />,
      },
      { path: '/admin/valuations/:id', element: <p>Request page</p> },
    ],
    { initialEntries: ['/admin'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return screen.getByRole('button', { name: /raised for Jane Smith, KX19QAB/ });
}

const popover = () => screen.getByRole('dialog', { name: 'Checks before an offer: Jane Smith, KX19QAB' });

describe('a list row’s checks', () => {
  it('show the words at once, then the other requests they link to', async () => {
    const held = new Promise<void>((resolve) => (release = resolve));
    answer = async () => {
      await held;
      return json({ flags: linked });
    };
    const button = showRow([export_, seenBefore]);
    expect(asked).toEqual([]);

    fireEvent.click(button);
    expect(within(popover()).getByText(seenBefore.message)).toBeTruthy();
    expect(within(popover()).getByRole('status').textContent).toBe('Finding the requests…');
    expect(asked).toEqual([URL]);

    await act(async () => release());
    const link = await within(popover()).findByRole('link', { name: 'CB-7K3-9QX' });
    expect(link.getAttribute('href')).toBe(`/admin/valuations/${OTHER_ID}`);
    expect(within(popover()).getByText('received 1 March 2026, Lost, another seller')).toBeTruthy();
    expect(within(popover()).queryByRole('status')).toBeNull();

    // Closed and opened again: the links are there at once, not asked for again.
    fireEvent.keyDown(popover(), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(button);
    expect(within(popover()).getByRole('link', { name: 'CB-7K3-9QX' })).toBeTruthy();
    expect(asked).toEqual([URL]);
  });

  it('say when the requests could not be loaded, and lead to the request’s page', async () => {
    answer = async () => json({ message: 'Something went wrong on our side.' }, 500);
    fireEvent.click(showRow([seenBefore]));
    const alert = await within(popover()).findByRole('alert');
    expect(alert.textContent).toBe('The requests could not be loaded. Open this request to see them');
    expect(within(alert).getByRole('link', { name: 'Open this request to see them' }).getAttribute('href')).toBe(
      `/admin/valuations/${VALUATION_ID}`,
    );
    expect(within(popover()).getByText(seenBefore.message)).toBeTruthy();
  });

  it('ask for nothing when no flag links other requests', () => {
    fireEvent.click(showRow([export_]));
    expect(within(popover()).getByText(export_.message)).toBeTruthy();
    expect(within(popover()).queryByRole('status')).toBeNull();
    expect(asked).toEqual([]);
  });
});
