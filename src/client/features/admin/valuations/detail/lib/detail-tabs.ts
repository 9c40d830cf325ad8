/** The detail page's tabs, in order; the open one is `?tab=` in the address, so a reload keeps it. */
export const detailTabs = [
  { id: 'vehicle', label: 'Vehicle' },
  { id: 'condition', label: 'Condition' },
  { id: 'finance', label: 'Finance' },
  { id: 'contact', label: 'Contact' },
  { id: 'photos', label: 'Photos' },
  { id: 'dvla', label: 'DVLA' },
  { id: 'location', label: 'Location' },
] as const;

export type DetailTab = (typeof detailTabs)[number]['id'];

export const DEFAULT_TAB: DetailTab = 'vehicle';

/** The tab `?tab=` names, or Vehicle for a missing or unknown one. */
export function parseDetailTab(value: string | null): DetailTab {
  return detailTabs.find((tab) => tab.id === value)?.id ?? DEFAULT_TAB;
}
