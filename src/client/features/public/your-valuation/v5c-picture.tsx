/**
 * Which part of the V5C logbook we need (issue 35): a simplified drawing of its first page with
 * the three things staff check highlighted. Decorative for screen readers: the hint beside it says
 * the same in words. Plain SVG, so it costs no script and scales on any screen.
 */
export function V5cPicture() {
  const highlight = 'fill-amber-100 stroke-amber-600';
  const label = 'fill-slate-900 text-[10px] font-semibold';
  const line = 'fill-slate-300';
  return (
    <svg
      viewBox="0 0 300 190"
      role="img"
      aria-label="The first page of the V5C logbook, with the document reference number at the top right, the registration number, and the registered keeper’s name and address highlighted"
      className="h-auto w-full max-w-xs"
    >
      <rect x="1" y="1" width="298" height="188" rx="6" className="fill-sky-50 stroke-sky-300" strokeWidth="2" />
      <text x="14" y="24" className="fill-sky-900 text-[12px] font-bold">
        V5C Vehicle registration certificate
      </text>
      {/* The 11-digit document reference number sits at the top right. */}
      <rect x="170" y="34" width="118" height="26" rx="3" className={highlight} strokeWidth="2" />
      <text x="177" y="51" className={label}>
        Ref. 1234 5678 901
      </text>
      <rect x="12" y="36" width="146" height="24" rx="3" className={highlight} strokeWidth="2" />
      <text x="19" y="52" className={label}>
        Registration AB12 CDE
      </text>
      <rect x="12" y="74" width="146" height="58" rx="3" className={highlight} strokeWidth="2" />
      <text x="19" y="90" className={label}>
        Registered keeper
      </text>
      <rect x="19" y="98" width="120" height="6" rx="3" className={line} />
      <rect x="19" y="110" width="130" height="6" rx="3" className={line} />
      <rect x="19" y="122" width="90" height="6" rx="3" className={line} />
      {[146, 158, 170].map((y) => (
        <rect key={y} x="12" y={y} width="276" height="6" rx="3" className={line} />
      ))}
      <rect x="170" y="74" width="118" height="58" rx="3" className="fill-white stroke-sky-200" />
    </svg>
  );
}
