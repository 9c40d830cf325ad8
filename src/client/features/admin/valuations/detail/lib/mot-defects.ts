import type { MotDefect } from '~/shared/vehicle-info';

/**
 * How each MOT defect type is shown: a word and a colour, the word carrying the meaning. DVSA's
 * `dangerous` flag wins over the type, as a dangerous defect is also recorded as MAJOR.
 */
export type DefectLook = { label: string; className: string; rank: number };

const looks: Record<string, DefectLook> = {
  DANGEROUS: { label: 'Dangerous', className: 'border-red-700 bg-red-700 text-white', rank: 0 },
  MAJOR: { label: 'Major', className: 'border-red-200 bg-red-50 text-red-800', rank: 1 },
  FAIL: { label: 'Fail', className: 'border-red-200 bg-red-50 text-red-800', rank: 1 },
  MINOR: { label: 'Minor', className: 'border-amber-300 bg-amber-50 text-amber-900', rank: 2 },
  PRS: { label: 'Repaired at test', className: 'border-brand-200 bg-brand-50 text-brand-800', rank: 3 },
  ADVISORY: { label: 'Advisory', className: 'border-slate-300 bg-slate-100 text-slate-800', rank: 4 },
};

const other: DefectLook = { label: '', className: 'border-line bg-white text-slate-700', rank: 5 };

export function defectLook(defect: Pick<MotDefect, 'type' | 'dangerous'>): DefectLook {
  if (defect.dangerous) return looks.DANGEROUS!;
  const look = looks[defect.type.toUpperCase()];
  if (look) return look;
  const words = defect.type.toLowerCase();
  return { ...other, label: words.charAt(0).toUpperCase() + words.slice(1) };
}

/** Worst first (dangerous, major, minor, advisory, notes), otherwise in DVSA's order. */
export function sortDefects<T extends Pick<MotDefect, 'type' | 'dangerous'>>(defects: readonly T[]): T[] {
  return defects
    .map((defect, index) => ({ defect, index, rank: defectLook(defect).rank }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ defect }) => defect);
}
