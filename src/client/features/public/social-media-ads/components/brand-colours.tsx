import { BRAND_COLOURS } from '~/shared/ads/catalogue';

/** The palette the ads use, with names, hex values and what each is for. */
export function BrandColours() {
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
      {BRAND_COLOURS.map((colour) => (
        <li
          key={colour.hex}
          className="overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-[var(--shadow-card)]"
        >
          <div
            className="flex h-24 items-end border-b border-line p-3 font-mono text-sm font-semibold tracking-wide"
            style={{ backgroundColor: colour.hex, color: colour.on }}
          >
            {colour.hex.toUpperCase()}
          </div>
          <div className="p-3">
            <p className="leading-6 font-bold text-brand-950">{colour.name}</p>
            <p className="text-sm text-muted">{colour.use}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
