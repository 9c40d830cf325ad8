// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { financeMessages, type FinanceSettlement } from '~/shared/finance-settlement';
import { valuationQueryKey } from '../api/get-valuation';
import { FinanceCard } from './finance-card';

/**
 * Staff confirming the settlement on the Finance card (issue 36) against a stand-in for the server:
 * the form is prefilled from what stands, a double click sends once with the figure as typed, the
 * server's field messages show under the fields, and the answer replaces what the card shows.
 */

const VALUATION_ID = '11111111-1111-4111-8111-111111111111';
const URL = `/api/admin/valuations/${VALUATION_ID}/finance`;

let state: FinanceSettlement;
let puts: unknown[];
let hold: Promise<void> | null;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  puts = [];
  hold = null;
  state = {
    declared: 'yes',
    declaredAmountPence: 900_000,
    lender: 'Black Horse',
    settlementPence: 875_032,
    validUntil: '2026-03-20',
    confirmedAt: '2026-03-02T09:05:00.000Z',
    confirmedBy: 'sam',
    offerPence: 1_000_000,
    equityPence: 124_968,
    collection: null,
    warnings: [],
  };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (url !== URL) return json({ message: 'Not found' }, 404);
    if (init.method === 'GET' || !init.method) return json(state);
    const body = JSON.parse(String(init.body)) as { lender: string; settlement: string; validUntil: string };
    puts.push(body);
    if (hold) await hold;
    if (body.lender === 'Refused') {
      return json(
        {
          message: financeMessages.settlementTooHigh,
          issues: [{ path: 'settlement', message: financeMessages.settlementTooHigh }],
        },
        400,
      );
    }
    state = {
      ...state,
      lender: body.lender,
      settlementPence: 1_025_000,
      validUntil: body.validUntil,
      confirmedAt: '2026-03-02T10:00:00.000Z',
      confirmedBy: 'alex',
      equityPence: -25_000,
      warnings: [{ kind: 'negative_equity', message: 'The settlement (£10,250) is more than our offer (£10,000).' }],
    };
    return json(state);
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
      <FinanceCard valuation={{ id: VALUATION_ID, firstName: 'Jane', status: 'offer_accepted' }} />
    </QueryClientProvider>,
  );
  await act(async () => {});
  await screen.findByText(/Confirmed by sam/);
  return { invalidated: () => invalidate.mock.calls.map(([filters]) => filters?.queryKey) };
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
const form = () => screen.getByRole('form', { name: 'Confirm the finance settlement' });
const field = (name: string) => within(form()).getByLabelText(name) as HTMLInputElement;

describe('the Finance card’s form', () => {
  it('is prefilled, sends once on a double click with the figure as typed, and shows the answer', async () => {
    const { invalidated } = await showCard();
    expect(field('Lender').value).toBe('Black Horse');
    expect(field('Settlement figure').value).toBe('8750.32');
    expect(field('Letter valid until').value).toBe('2026-03-20');
    expect(screen.getByText('Equity: £1,249.68')).toBeTruthy();

    fireEvent.change(field('Settlement figure'), { target: { value: '10,250' } });
    fireEvent.change(field('Letter valid until'), { target: { value: '2026-03-27' } });
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    const button = within(form()).getByRole('button', { name: 'Confirm settlement' });
    await act(async () => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    await settle();
    expect(puts).toEqual([{ lender: 'Black Horse', settlement: '10,250', validUntil: '2026-03-27' }]);
    expect((within(form()).getByRole('button', { name: /Confirming/ }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => release());
    await settle();
    expect(puts).toHaveLength(1);
    expect(screen.getByText(/Confirmed by alex/)).toBeTruthy();
    expect(screen.getByText(/Equity: −£250/)).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Finance warnings' }).textContent).toContain('more than our offer');
    expect(field('Letter valid until').value).toBe('2026-03-27');
    expect(invalidated()).toContainEqual(valuationQueryKey(VALUATION_ID));
  });

  it('checks the fields before sending, and shows the server’s message under its field', async () => {
    await showCard();
    fireEvent.change(field('Lender'), { target: { value: '  ' } });
    fireEvent.change(field('Settlement figure'), { target: { value: '12.345' } });
    await act(async () => fireEvent.click(within(form()).getByRole('button', { name: 'Confirm settlement' })));
    await settle();
    expect(puts).toEqual([]);
    expect(within(form()).getByText(financeMessages.lenderRequired)).toBeTruthy();
    expect(within(form()).getByText(financeMessages.settlementInvalid)).toBeTruthy();
    expect(field('Settlement figure').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(field('Lender'), { target: { value: 'Refused' } });
    fireEvent.change(field('Settlement figure'), { target: { value: '900' } });
    await act(async () => fireEvent.click(within(form()).getByRole('button', { name: 'Confirm settlement' })));
    await settle();
    expect(puts).toHaveLength(1);
    expect(within(form()).getByText(financeMessages.settlementTooHigh)).toBeTruthy();
    expect(document.activeElement).toBe(field('Settlement figure'));
  });
});
