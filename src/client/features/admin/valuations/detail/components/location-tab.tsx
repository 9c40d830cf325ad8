import { ExternalLink, MapPin, RefreshCw } from 'lucide-react';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { LoadingState } from '~/client/components/ui/spinner';
import { cn } from '~/client/lib/cn';
import { distanceMessages, districtOf, roadDistanceText } from '~/shared/distance';
import type { DistanceFound, DistanceResult } from '~/shared/distance-schema';
import { canLookUpDistance, useDistance } from '../../api/get-distance';
import { DetailList, PanelNote } from './detail-list';

/** The Location tab: road distance and time from the collection base, and the driving directions. */
export function LocationTab({ postcode }: { postcode: string }) {
  const distance = useDistance(postcode);
  if (!canLookUpDistance(postcode)) {
    return (
      <PanelNote
        icon={<MapPin aria-hidden="true" className="size-8 text-brand-300" />}
        title={distanceMessages.noPostcode}
      />
    );
  }
  if (distance.isPending) return <LoadingState label="Working out the distance..." />;
  if (distance.isError) {
    return (
      <PanelNote
        tone="danger"
        title={distanceMessages.error}
        action={
          <Button variant="outline" size="sm" onClick={() => void distance.refetch()} disabled={distance.isFetching}>
            <RefreshCw aria-hidden="true" className={cn(distance.isFetching && 'animate-spin')} />
            Retry
          </Button>
        }
      >
        The distance service did not answer. Please try again.
      </PanelNote>
    );
  }
  return <DistanceDetails result={distance.data} />;
}

function DistanceDetails({ result }: { result: DistanceResult }) {
  return (
    <div className="grid gap-5">
      {result.status === 'OK' ? (
        <div className="grid gap-2">
          <DetailList
            items={[
              {
                label: 'Road distance',
                value: (
                  <span className="flex flex-wrap items-center gap-2">
                    {roadDistanceText(result)}
                    {result.estimated ? <Badge variant="neutral">estimated</Badge> : null}
                  </span>
                ),
              },
              { label: 'Driving time', value: result.duration },
              { label: 'Band', value: <Badge variant="subtle">{result.band}</Badge> },
              { label: 'From (collection base)', value: result.origin },
              { label: 'To', value: result.postcode },
            ]}
          />
          {result.estimated ? <EstimateNote result={result} /> : null}
        </div>
      ) : (
        <PanelNote tone={result.status === 'ERROR' ? 'danger' : 'neutral'} title={result.message}>
          From {result.origin} to {result.postcode}.
        </PanelNote>
      )}
      <Directions result={result} />
      <p className="text-xs text-muted">{result.attribution}</p>
    </div>
  );
}

/** What an estimate rests on; it puts two places of one district both at its centre, and says so. */
function EstimateNote({ result }: { result: DistanceFound }) {
  const district = districtOf(result.postcode);
  const sharesDistrict = result.postcode !== result.origin && district === districtOf(result.origin);
  return (
    <p className="text-sm text-muted">
      {distanceMessages.estimated}.
      {sharesDistrict
        ? ` The base is in ${district} too: the estimate puts both at the district's centre, so it cannot tell how far apart they are.`
        : null}
    </p>
  );
}

function Directions({ result }: { result: DistanceResult }) {
  const { embedUrl, linkUrl } = result.directions;
  return (
    <div className="grid gap-3">
      {embedUrl ? (
        <iframe
          src={embedUrl}
          title={`Driving directions from ${result.origin} to ${result.postcode}`}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          allowFullScreen
          className="aspect-[4/3] w-full rounded-lg border border-line sm:aspect-video"
        />
      ) : null}
      <p>
        <a
          href={linkUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1.5 font-semibold text-brand-700 underline"
        >
          Open directions in Google Maps
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </p>
    </div>
  );
}
