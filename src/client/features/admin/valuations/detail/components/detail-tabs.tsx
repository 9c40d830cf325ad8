import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Card } from '~/client/components/ui/card';
import type { ValuationDetail } from '~/shared/admin-valuation-detail';
import { DEFAULT_TAB, detailTabs, parseDetailTab, type DetailTab } from '../lib/detail-tabs';
import { ConditionTab, ContactTab, FinanceTab, VehicleTab } from './answer-tabs';
import { DvlaTab } from './dvla-tab';
import { LocationTab } from './location-tab';
import { PhotosTab } from './photos-tab';

/**
 * The seven tabs (arrow keys move between them, as Radix's tabs do). The open tab is `?tab=` in
 * the address, replaced rather than pushed, so a reload keeps it and Back leaves the page.
 */
export function DetailTabs({ valuation }: { valuation: ValuationDetail }) {
  const [search, setSearch] = useSearchParams();
  const tab = parseDetailTab(search.get('tab'));
  const choose = (value: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === DEFAULT_TAB) next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const panels: Record<DetailTab, ReactNode> = {
    vehicle: <VehicleTab valuation={valuation} />,
    condition: <ConditionTab valuation={valuation} />,
    finance: <FinanceTab valuation={valuation} />,
    contact: <ContactTab valuation={valuation} />,
    photos: <PhotosTab valuationId={valuation.id} photos={valuation.photos} />,
    dvla: <DvlaTab registration={valuation.registration} mileage={valuation.mileage} />,
    location: <LocationTab postcode={valuation.postcode} />,
  };
  return (
    <Card className="overflow-hidden">
      <Tabs.Root value={tab} onValueChange={choose}>
        <Tabs.List
          aria-label="Valuation details"
          className="flex overflow-x-auto border-b border-line bg-surface px-2 [scrollbar-width:thin]"
        >
          {detailTabs.map(({ id, label }) => (
            <Tabs.Trigger
              key={id}
              value={id}
              className="relative shrink-0 border-b-[3px] border-transparent px-3.5 py-3 text-sm font-semibold text-muted transition-colors hover:text-brand-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-950 sm:px-4"
            >
              {label}
              {id === 'photos' ? (
                <span className="ml-1.5 rounded-full bg-brand-100 px-1.5 text-xs text-brand-800">
                  {valuation.photoIds.length}
                </span>
              ) : null}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {detailTabs.map(({ id, label }) => (
          <Tabs.Content key={id} value={id} className="p-4 focus-visible:outline-offset-[-3px] sm:p-6">
            <h2 className="sr-only">{label}</h2>
            {panels[id]}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Card>
  );
}
