import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect } from './helpers';
import { sellerAddress } from './valuations';

/** Customer reviews for the browser tests, sent and moderated through the API as people would. */

export const uniqueReviewTag = () => randomBytes(3).toString('hex');

/** A review sent as the form sends it, from its own made-up address (the endpoint is rate-limited). */
export async function submitReview(request: APIRequestContext, title: string, rating = 5) {
  const response = await request.post('/api/reviews', {
    headers: { 'x-forwarded-for': sellerAddress() },
    data: {
      customerName: 'Priya Shah',
      email: `priya-${uniqueReviewTag()}@example.com`,
      rating,
      reviewTitle: title,
      reviewText: 'Collected from my drive the next morning and paid before the car left.',
      location: 'Lincoln',
      vehicleSold: '2017 Honda Jazz',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Approves and publishes a pending review by its title, with an admin's signed-in `request`. */
export async function publishReview(request: APIRequestContext, title: string) {
  const list = (await (await request.get('/api/admin/reviews?status=pending&pageSize=100')).json()) as {
    items: { id: number; reviewTitle: string }[];
  };
  const id = list.items.find((item) => item.reviewTitle === title)!.id;
  expect((await request.patch(`/api/admin/reviews/${id}/approve`, { data: { adminNotes: '' } })).ok()).toBe(true);
  expect((await request.patch(`/api/admin/reviews/${id}/publish`)).ok()).toBe(true);
}
