import type { UseQueryResult } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { cn } from '~/client/lib/cn';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import type { LocationsResponse } from '~/shared/analytics';
import { formatCount, noVisitsText } from '../lib/figures';
import { describeLocation } from '../lib/location';
import { compactCell, figureHead, NoVisits, SectionCard } from './section-card';

const countriesNote = (countries: number) =>
  countries > 0 ? ` (${formatCount(countries)} ${countries === 1 ? 'country' : 'countries'} in all)` : '';

/** SPEC section 2's "Top Visitor Locations": the five places most visitors came from. */
export function TopLocations({ query }: { query: UseQueryResult<LocationsResponse> }) {
  const data = query.data;
  return (
    <SectionCard
      title="Top Visitor Locations"
      icon={<MapPin aria-hidden="true" className="size-5 text-brand-600" />}
      description={
        data && data.locations.length > 0
          ? `Where visitors came from, last ${formatCount(data.range.days)} days${countriesNote(data.countries)}`
          : 'Where visitors came from'
      }
      query={query}
      loadingLabel="Loading locations..."
      errorTitle="Failed to load locations"
    >
      {({ locations, range }) =>
        locations.length === 0 ? (
          <NoVisits text={noVisitsText(range.days)} />
        ) : (
          <div className="grid gap-3">
            <div className="overflow-hidden rounded-lg border border-line">
              <Table>
                <caption className="sr-only">Top visitor locations</caption>
                <TableHeader>
                  <TableRow className="hover:bg-transparent">
                    <TableHead className={cn(compactCell, 'h-9')}>Location</TableHead>
                    <TableHead className={figureHead}>Visitors</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {locations.map((location, index) => {
                    const { place, country } = describeLocation(location);
                    return (
                      <TableRow key={`${location.country ?? ''}|${location.city ?? ''}|${index}`}>
                        <TableCell className={cn(compactCell, 'py-2.5')}>
                          <span className="block font-medium break-words text-brand-950">{place}</span>
                          {country ? <span className="block text-xs text-muted">{country}</span> : null}
                        </TableCell>
                        <TableCell className={cn(compactCell, 'py-2.5 text-right align-top tabular-nums')}>
                          {formatCount(location.visitors)}
                        </TableCell>
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </div>
            <p className="text-xs text-muted">
              Estimated from each visitor&rsquo;s internet address, so a place may be a nearby town or the
              provider&rsquo;s.
            </p>
          </div>
        )
      }
    </SectionCard>
  );
}
