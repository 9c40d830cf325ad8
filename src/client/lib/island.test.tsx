import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { render } from '~/client/entry-server';
import { DEFAULT_PROMOTION } from '~/shared/promotion';
import type { SiteConfig } from '~/shared/site-config';
import { island, IslandRoot } from './island';

const site: SiteConfig = {
  tradingName: 'Test Motors',
  address: { lines: ['Louth'], postcode: 'LN11 0LQ' },
  openingHours: [],
  publicBaseUrl: 'https://www.test.invalid',
  demo: false,
  promotion: { ...DEFAULT_PROMOTION, phase: 'ended' },
} as unknown as SiteConfig;

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}
const GreetingIsland = island('components/registration-input', Greeting);

describe('island', () => {
  it('is just the component where nothing renders islands (the back office, in the browser)', () => {
    const html = renderToString(
      <IslandRoot site={site}>
        <GreetingIsland name="Sam" />
      </IslandRoot>,
    );
    expect(html).toBe('<p>Hello <!-- -->Sam</p>');
  });

  it('renders each island of a public page as a root of its own, with its props for the browser', async () => {
    const home = { reviews: { reviews: [], count: 0, average: null }, vehicles: null };
    const page = await render(new Request('https://www.test.invalid/'), site, {
      'features/public/home/home-page': { data: home },
    });
    if (page.type !== 'page') throw new Error('expected a page');
    const islands = [
      ...page.html.matchAll(/<div data-island="([^"]+)" data-island-id="([^"]+)" data-props="([^"]*)"/g),
    ];
    // The header has none: its menu is a popover, with no script.
    expect(islands.map(([, name]) => name)).toEqual(['components/registration-input', 'components/registration-input']);
    // Every island has its own id prefix, so the ids inside two registration boxes never clash.
    const prefixes = islands.map(([, , prefix]) => prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    const props = islands.map(([, , , json]) => JSON.parse(json!.replace(/&quot;/g, '"')) as unknown);
    expect(props[0]).toEqual({ label: 'Enter your registration to start', className: 'mt-8' });
    // Each says when it comes to life: a registration box only once it is touched or focused.
    expect([...page.html.matchAll(/ data-wake="([^"]+)"/g)].map(([, wake]) => wake)).toEqual([
      'interaction',
      'interaction',
    ]);
  });
});
