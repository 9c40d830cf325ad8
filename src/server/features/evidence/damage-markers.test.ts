import { asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { carValuations, valuationEvents } from '~/server/db/schema';
import { damageMessages as m, DAMAGE_MARKERS_MAX, panelCentre } from '~/shared/car-diagram';
import type { ValuationDetail } from '~/shared/admin-valuation-detail';
import type { DamageMarker, DamageMarkers } from '~/shared/damage-markers';
import { createTestApp, type TestApp } from '../../../../test/helpers/app';
import { cheapHasher, minutes, seedUser, signedInCookie, testClock } from '../../../../test/helpers/auth';
import { testEngines } from '../../../../test/helpers/database';
import { multipart, smallJpeg } from '../../../../test/helpers/images';
import { validValuation } from '../../../../test/helpers/valuation';

/**
 * The seller's damage markers (issue 35): placed on a panel of the car diagram from their page,
 * moved, described and removed until an offer is accepted, each on the timeline; staff read them
 * with the request.
 */

const ORIGIN = 'http://localhost';

describe.each(testEngines)('damage markers on %s', (engine) => {
  const hasher = cheapHasher();
  let t: TestApp | undefined;
  let secret: string;
  let valuationId: string;
  let clock = testClock();

  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const db = () => t!.db.database.db;

  async function setup() {
    clock = testClock();
    t = await createTestApp(engine, { deps: { passwordHasher: hasher, clock } });
    const response = await t.app.inject({ method: 'POST', url: '/api/valuations', payload: validValuation() });
    expect(response.statusCode, response.body).toBe(201);
    ({ id: valuationId, uploadToken: secret } = response.json<{ id: string; uploadToken: string }>());
  }

  // A minute passes between the seller's steps, as it would.
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
    clock.advance(minutes(1));
    return t!.app.inject({
      method,
      url,
      payload,
      headers: { cookie: `seller=${secret}`, ...(method === 'GET' ? {} : { origin: ORIGIN }) },
    });
  };
  const list = async () => (await call('GET', '/api/your-valuation/damage')).json<DamageMarkers>();
  const dent = { panel: 'left_front_door', ...panelCentre('left_front_door'), kind: 'dent' } as const;

  function expectRefused(response: { statusCode: number; json: () => unknown }, status: number, message: string) {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ message });
  }

  it('places, moves, describes and removes markers, each on the timeline, oldest first', async () => {
    await setup();
    expect(await list()).toEqual({ markers: [], editable: true });

    const placed = await call('POST', '/api/your-valuation/damage', { ...dent, description: '  Car park ding  ' });
    expect(placed.statusCode, placed.body).toBe(201);
    const first = placed.json<DamageMarker>();
    expect(first).toMatchObject({ ...dent, description: 'Car park ding', photoId: null });
    expect(placed.headers['cache-control']).toBe('no-store');
    const chip = await call('POST', '/api/your-valuation/damage', {
      panel: 'windscreen',
      x: 0.45,
      y: 0.36,
      kind: 'windscreen',
    });
    expect(chip.statusCode, chip.body).toBe(201);

    // Moved to the rear door: panel and place together; the description stays.
    const moved = await call('PATCH', `/api/your-valuation/damage/${first.id}`, {
      panel: 'left_rear_door',
      ...panelCentre('left_rear_door'),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ panel: 'left_rear_door', description: 'Car park ding', kind: 'dent' });
    const described = await call('PATCH', `/api/your-valuation/damage/${first.id}`, { kind: 'scratch' });
    expect(described.json()).toMatchObject({ kind: 'scratch', description: 'Car park ding' });

    expect((await list()).markers.map((marker) => marker.panel)).toEqual(['left_rear_door', 'windscreen']);
    const removed = await call('DELETE', `/api/your-valuation/damage/${chip.json<DamageMarker>().id}`);
    expect(removed.statusCode).toBe(204);
    expectRefused(
      await call('DELETE', `/api/your-valuation/damage/${chip.json<DamageMarker>().id}`),
      404,
      m.markerNotFound,
    );
    expect((await list()).markers).toHaveLength(1);

    const events = await db()
      .select({ type: valuationEvents.type, data: valuationEvents.data })
      .from(valuationEvents)
      .where(eq(valuationEvents.valuationId, valuationId))
      .orderBy(asc(valuationEvents.id));
    expect(events.map((event) => event.type)).toEqual([
      'created',
      'damage_marked',
      'damage_marked',
      'damage_marker_changed',
      'damage_marker_changed',
      'damage_marker_removed',
    ]);
    expect(events[1]!.data).toMatchObject({ panel: 'left_front_door', kind: 'dent', by: 'seller' });
  });

  it('refuses a place off its panel, a photo that is not the seller’s, and more than the most, changing nothing', async () => {
    await setup();
    expectRefused(
      await call('POST', '/api/your-valuation/damage', { ...dent, ...panelCentre('roof') }),
      400,
      m.offPanel,
    );
    expectRefused(
      await call('POST', '/api/your-valuation/damage', { ...dent, photoId: '0'.repeat(32) }),
      400,
      m.notYourPhoto,
    );
    expectRefused(await call('POST', '/api/your-valuation/damage', { ...dent, x: 1.2 }), 400, m.place);
    expect((await list()).markers).toEqual([]);

    // A close-up that is one of the request's photos is kept, and dropped once the photo is removed.
    const body = multipart([{ filename: 'a.jpg', content: await smallJpeg() }]);
    const upload = await t!.app.inject({
      method: 'POST',
      url: '/api/your-valuation/photos',
      payload: body.payload,
      headers: { 'content-type': body.contentType, cookie: `seller=${secret}`, origin: ORIGIN },
    });
    const [photoId] = upload.json<{ photoPaths: string[] }>().photoPaths;
    const withPhoto = await call('POST', '/api/your-valuation/damage', { ...dent, photoId });
    expect(withPhoto.json()).toMatchObject({ photoId });
    await call('DELETE', `/api/your-valuation/photos/${photoId}`);
    expect((await list()).markers[0]).toMatchObject({ photoId: null });

    for (let i = 1; i < DAMAGE_MARKERS_MAX; i++) {
      expect((await call('POST', '/api/your-valuation/damage', dent)).statusCode).toBe(201);
    }
    expectRefused(await call('POST', '/api/your-valuation/damage', dent), 409, m.tooMany);
    expect((await list()).markers).toHaveLength(DAMAGE_MARKERS_MAX);
  });

  it('stays as it was once an offer is accepted, and staff see the markers with the request', async () => {
    await setup();
    const marker = (await call('POST', '/api/your-valuation/damage', dent)).json<DamageMarker>();
    await db().update(carValuations).set({ status: 'offer_accepted' }).where(eq(carValuations.id, valuationId));
    expect(await list()).toMatchObject({ editable: false });
    expectRefused(await call('POST', '/api/your-valuation/damage', dent), 409, m.locked);
    expectRefused(await call('PATCH', `/api/your-valuation/damage/${marker.id}`, { kind: 'other' }), 409, m.locked);
    expectRefused(await call('DELETE', `/api/your-valuation/damage/${marker.id}`), 409, m.locked);

    const staff = await signedInCookie(t!.app, await seedUser(db(), hasher));
    const detail = await t!.app.inject({ url: `/api/admin/valuations/${valuationId}`, headers: { cookie: staff } });
    expect(detail.json<ValuationDetail>().damageMarkers).toEqual([marker]);
  });
});
