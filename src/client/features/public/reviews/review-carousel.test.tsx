// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicReview } from './public-review';
import { ReviewCarousel } from './review-carousel';

/**
 * The carousel of the reviews page with more reviews than the page brings (issue 33): which review
 * sits where once fetched, what is fetched and when, the sliding dots, and a batch that fails.
 * The browser tests (e2e/admin/reviews.configured.spec.ts) drive the same against the real server;
 * here the list stands still, so positions can be checked exactly.
 */

const review = (n: number): PublicReview => ({
  id: 1000 - n,
  rating: 5,
  reviewTitle: `Review no. ${n}`,
  reviewText: 'Collected the next morning.',
  customerName: `Seller ${n}`,
  location: null,
  vehicleSold: null,
  submittedAt: new Date(Date.UTC(2026, 0, 1, 0, 60 - n)).toISOString(),
});

/** The published list, newest first, as `GET /api/reviews` holds it. */
let published: PublicReview[];
let requested: string[];
let failNext = false;

beforeEach(() => {
  published = Array.from({ length: 45 }, (_, i) => review(i + 1));
  requested = [];
  failNext = false;
  // Asks for reduced motion, so it stands still unless moved.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(prefers-reduced-motion: reduce)',
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  vi.stubGlobal('fetch', async (url: string) => {
    requested.push(url);
    if (failNext) {
      failNext = false;
      throw new TypeError('Failed to fetch');
    }
    const query = new URL(url, 'http://localhost').searchParams;
    const offset = Number(query.get('offset'));
    const limit = Number(query.get('limit'));
    const body = { reviews: published.slice(offset, offset + limit), count: published.length, average: 5 };
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function showCarousel() {
  render(<ReviewCarousel reviews={published.slice(0, 20)} total={published.length} label="Customer reviews" />);
}
const slide = () => screen.getByRole('group', { name: /^\d+ of \d+$/ });
const press = (name: string) => act(() => fireEvent.click(screen.getByRole('button', { name })));
const shownDots = () =>
  screen
    .getAllByRole('button', { name: /^Show review \d+$/ })
    .map((dot) => dot.textContent!.replace('Show review ', ''));

describe('ReviewCarousel with more reviews than the page brought', () => {
  it('fetches nothing while the visitor stays on the first review', async () => {
    showCarousel();
    await act(async () => {});
    expect(screen.getByText('Review 1 of 45')).toBeTruthy();
    expect(within(slide()).getByRole('heading').textContent).toBe('Review no. 1');
    expect(requested).toEqual([]);
  });

  it('fetches the batch of a review not yet here, and shows the right one in its place', async () => {
    showCarousel();
    await press('Previous review');
    expect(screen.getByText('Review 45 of 45')).toBeTruthy();
    expect(await within(slide()).findByRole('heading', { name: 'Review no. 45' })).toBeTruthy();
    expect(requested).toEqual(['/api/reviews?offset=40&limit=20']);

    await press('Show review 40');
    expect(screen.getByText('Review 40 of 45')).toBeTruthy();
    expect(await within(slide()).findByRole('heading', { name: 'Review no. 40' })).toBeTruthy();
    // The batch of 21 to 40 once; the review after the last (the first) was already here.
    expect(requested).toEqual(['/api/reviews?offset=40&limit=20', '/api/reviews?offset=20&limit=20']);
    await press('Next review');
    expect(within(slide()).getByRole('heading').textContent).toBe('Review no. 41');
  });

  it('shows at most 7 dots, sliding along with the current review', async () => {
    showCarousel();
    expect(shownDots()).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    await press('Show review 7');
    expect(shownDots()).toEqual(['4', '5', '6', '7', '8', '9', '10']);
    expect(screen.getByRole('button', { name: 'Show review 7' }).getAttribute('aria-current')).toBe('true');
    await press('Previous review');
    await press('Previous review');
    expect(screen.getByText('Review 5 of 45')).toBeTruthy();
    expect(shownDots()).toEqual(['2', '3', '4', '5', '6', '7', '8']);
    await press('Show review 2');
    expect(shownDots()).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    await press('Previous review');
    await press('Previous review');
    expect(screen.getByText('Review 45 of 45')).toBeTruthy();
    expect(shownDots()).toEqual(['39', '40', '41', '42', '43', '44', '45']);
  });

  it('keeps to the list as it is when reviews were withdrawn since the page was made', async () => {
    showCarousel();
    published = published.slice(0, 41);
    await press('Previous review');
    expect(await within(slide()).findByRole('heading', { name: 'Review no. 41' })).toBeTruthy();
    expect(screen.getByText('Review 41 of 41')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Show review \d+$/ }).at(-1)!.textContent).toBe('Show review 41');
  });

  it('says so when a batch fails to arrive, and "Try again" fetches it', async () => {
    showCarousel();
    failNext = true;
    await press('Previous review');
    expect(await within(slide()).findByText(/This review could not be loaded/)).toBeTruthy();
    expect(slide().getAttribute('aria-busy')).toBe('false');
    await press('Try again');
    expect(await within(slide()).findByRole('heading', { name: 'Review no. 45' })).toBeTruthy();
    expect(requested).toEqual(['/api/reviews?offset=40&limit=20', '/api/reviews?offset=40&limit=20']);
  });

  it('with every review already here (the home page), never fetches', async () => {
    render(<ReviewCarousel reviews={published.slice(0, 10)} label="Latest reviews" />);
    await press('Previous review');
    expect(within(slide()).getByRole('heading').textContent).toBe('Review no. 10');
    expect(screen.getByText('Review 10 of 10')).toBeTruthy();
    expect(requested).toEqual([]);
  });
});
