import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { cn } from '~/client/lib/cn';
import type { ValuationEventView } from '~/shared/admin-valuation-detail';
import { describeEvent, eventActor, type EventTone } from '../lib/events';
import { formatUkDateAndTime } from '../../../lib/format-date';

const dotTones: Record<EventTone, string> = {
  neutral: 'bg-slate-400',
  brand: 'bg-brand-600',
  success: 'bg-go-600',
  warning: 'bg-amber-500',
};

/** Everything that happened to the valuation, newest first, with who and when (UK time). */
export function TimelineCard({ events }: { events: readonly ValuationEventView[] }) {
  // The server sends the oldest first; staff look for the latest step, so it goes on top.
  const newestFirst = [...events].reverse();
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle>Timeline</CardTitle>
        <CardDescription>Newest first. Times are UK time.</CardDescription>
      </CardHeader>
      <CardContent>
        {newestFirst.length === 0 ? (
          <p className="text-sm text-muted">Nothing recorded yet.</p>
        ) : (
          <ol className="relative grid gap-4 border-l-2 border-line pl-5">
            {newestFirst.map((event, index) => {
              const { title, detail, tone } = describeEvent(event);
              return (
                <li key={`${event.createdAt}-${index}`} className="relative">
                  <span
                    aria-hidden="true"
                    className={cn(
                      'absolute top-1.5 -left-[1.6rem] size-3 rounded-full ring-4 ring-white',
                      dotTones[tone],
                    )}
                  />
                  <p className="font-semibold text-brand-950">{title}</p>
                  {detail ? <p className="text-sm text-ink">{detail}</p> : null}
                  <p className="text-sm text-muted">
                    <time dateTime={event.createdAt}>{formatUkDateAndTime(event.createdAt)}</time> · {eventActor(event)}
                  </p>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
