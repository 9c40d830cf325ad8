import type { LucideIcon } from 'lucide-react';
import { Card } from '~/client/components/ui/card';
import { cn } from '~/client/lib/cn';

/**
 * One of a screen's headline figures (the dashboard's counts, the analytics summary): a title, the
 * number grouped en-GB, a short note and an icon. Until the number arrives it keeps its place with
 * a dash; `dimmed` while an older number stands in for a new one being fetched.
 */
export function FigureCard({
  title,
  value,
  note,
  icon: Icon,
  dimmed = false,
}: {
  title: string;
  /** A count (grouped en-GB), or a figure already written out (a duration such as "2:05"). */
  value: number | string | undefined;
  note: string;
  icon: LucideIcon;
  dimmed?: boolean;
}) {
  return (
    <Card
      className={cn(
        'flex h-full items-start justify-between gap-3 p-4 transition-opacity sm:p-5',
        dimmed && 'opacity-60',
      )}
    >
      <div className="min-w-0">
        <p className="text-sm font-semibold text-muted">{title}</p>
        <p className="mt-1 text-2xl font-extrabold text-brand-950 tabular-nums sm:text-3xl">
          {value === undefined ? (
            <span className="text-slate-300">
              —<span className="sr-only">loading</span>
            </span>
          ) : typeof value === 'number' ? (
            value.toLocaleString('en-GB')
          ) : (
            value
          )}
        </p>
        <p className="mt-0.5 text-xs text-muted">{note}</p>
      </div>
      <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 sm:flex">
        <Icon aria-hidden="true" className="size-5" />
      </span>
    </Card>
  );
}
