/** "AB12CDE" → "AB12 CDE": a current-format registration spaced as on the plate (others as stored). */
const plateText = (registration: string) => registration.replace(/^([A-Z]{2}\d{2})([A-Z]{3})$/, '$1 $2');

/**
 * The registration on a yellow number plate, large enough to check against the car at the kerb.
 * The look of valuations/components/number-plate.tsx (spaced as the request page's plate), drawn
 * here as a feature reaches another only through its index.ts, and the valuations feature has none.
 */
export function Plate({ registration }: { registration: string }) {
  return (
    <span className="inline-block rounded-md border-2 border-brand-950/80 bg-plate px-3 py-1 font-plate text-2xl leading-8 font-bold tracking-widest whitespace-nowrap text-brand-950 uppercase shadow-xs">
      <span className="sr-only">Registration </span>
      {plateText(registration)}
    </span>
  );
}
