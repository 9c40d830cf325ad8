import type { UseQueryResult } from '@tanstack/react-query';
import { ChartNoAxesColumn } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { cn } from '~/client/lib/cn';
import { ListError, ListLoading } from '../../components/list-states';

/**
 * One card of the screen: its heading, then what its query has (loading, failed with Try again,
 * or the figures, dimmed while a new range loads).
 */
export function SectionCard<T>({
  title,
  icon,
  description,
  query,
  loadingLabel,
  errorTitle,
  className,
  children,
}: {
  title: string;
  icon: ReactNode;
  description?: ReactNode;
  query: UseQueryResult<T>;
  loadingLabel: string;
  errorTitle: string;
  className?: string;
  children: (data: T) => ReactNode;
}) {
  const { data } = query;
  return (
    <Card className={cn('flex flex-col', className)}>
      <CardHeader className="pb-3 sm:pb-3">
        <CardTitle className="flex items-center gap-2">
          {icon}
          {title}
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="flex-1">
        {data !== undefined ? (
          <div className={cn('h-full transition-opacity', query.isPlaceholderData && 'opacity-60')}>
            {children(data)}
          </div>
        ) : query.isError ? (
          <ListError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <ListLoading label={loadingLabel} />
        )}
      </CardContent>
    </Card>
  );
}

/** Table cells a little tighter on a phone, so three columns fit a 390 px screen. */
export const compactCell = 'px-3 first:pl-3 last:pr-3 sm:px-4 sm:first:pl-4 sm:last:pr-4';
/** A figure's column heading: right-aligned, and free to wrap onto two lines on a phone. */
export const figureHead = `${compactCell} h-auto min-h-9 py-2 text-right whitespace-normal sm:whitespace-nowrap`;

/** A card's honest empty state: nothing was counted in the range yet. */
export function NoVisits({ text, hint }: { text: string; hint?: string }) {
  return (
    <div className="grid h-full min-h-40 content-center justify-items-center gap-2 px-4 py-8 text-center">
      <ChartNoAxesColumn aria-hidden="true" className="size-8 text-brand-300" />
      <p className="font-semibold text-brand-950">{text}</p>
      {hint ? <p className="max-w-sm text-sm text-muted">{hint}</p> : null}
    </div>
  );
}
