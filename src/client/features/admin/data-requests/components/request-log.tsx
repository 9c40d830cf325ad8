import { Download, History, Trash2 } from 'lucide-react';
import { Badge } from '~/client/components/ui/badge';
import { Card } from '~/client/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '~/client/components/ui/table';
import { cn } from '~/client/lib/cn';
import type { DataRequestLogEntry } from '~/shared/data-requests';
import { ListPager } from '../../components/list-pager';
import { ListError, ListLoading } from '../../components/list-states';
import { formatUkDateAndTime } from '../../lib/format-date';
import { useRequestLog } from '../api/request-log';
import { countPhrases } from '../lib/labels';

const kinds = {
  export: { label: 'Export', icon: Download, variant: 'subtle' },
  erasure: { label: 'Erasure', icon: Trash2, variant: 'danger' },
} as const;

function KindBadge({ kind }: { kind: DataRequestLogEntry['kind'] }) {
  const { label, icon: Icon, variant } = kinds[kind];
  return (
    <Badge variant={variant}>
      <Icon aria-hidden="true" />
      {label}
    </Badge>
  );
}

/** What an entry counted, in words; an erasure's Twilio deletions after the records. */
function recordsOf(entry: DataRequestLogEntry): string {
  const phrases = countPhrases(entry.counts);
  const atTwilio = entry.counts.recordingsDeletedAtTwilio;
  if (atTwilio) phrases.push(`${atTwilio} ${atTwilio === 1 ? 'recording' : 'recordings'} deleted at Twilio`);
  return phrases.length ? phrases.join(', ') : 'Nothing held';
}

/**
 * The request log: every export and erasure, newest first, with how many records of each sort,
 * who and when. It never names the person (the log of an erasure must not bring them back).
 */
export function RequestLog({ page, hrefFor }: { page: number; hrefFor: (page: number) => string }) {
  const log = useRequestLog(page);
  const data = log.data;
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-4 py-3.5 sm:px-5">
        <h2 className="flex items-center gap-2 font-bold text-brand-950">
          <History aria-hidden="true" className="size-5 text-brand-600" />
          Request log
        </h2>
        <p className="text-sm text-muted">Exports and erasures, newest first. The people are not named.</p>
      </div>
      {log.isPending ? (
        <ListLoading label="Loading the request log..." />
      ) : log.isError && !data ? (
        <ListError title="Failed to load the request log" error={log.error} onRetry={() => void log.refetch()} />
      ) : !data || data.items.length === 0 ? (
        <p className="px-4 py-10 text-center text-sm text-muted sm:px-5">
          {data && data.total > 0 ? 'Nothing on this page.' : 'No exports or erasures yet.'}
        </p>
      ) : (
        <div className={cn('transition-opacity', log.isPlaceholderData && 'opacity-60')}>
          <Table wrapperClassName="hidden md:block">
            <caption className="sr-only">Exports and erasures, newest first</caption>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>When</TableHead>
                <TableHead>Request</TableHead>
                <TableHead>Records</TableHead>
                <TableHead>By</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.items.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell className="whitespace-nowrap">{formatUkDateAndTime(entry.createdAt)}</TableCell>
                  <TableCell>
                    <KindBadge kind={entry.kind} />
                  </TableCell>
                  <TableCell className="text-muted">{recordsOf(entry)}</TableCell>
                  <TableCell className="font-semibold text-brand-950">{entry.actorUsername}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <ul aria-label="Exports and erasures, newest first" className="divide-y divide-line md:hidden">
            {data.items.map((entry) => (
              <li key={entry.id} className="grid gap-1.5 px-4 py-3">
                <div className="flex flex-wrap items-center gap-2">
                  <KindBadge kind={entry.kind} />
                  <span className="text-sm font-semibold text-brand-950">{formatUkDateAndTime(entry.createdAt)}</span>
                </div>
                <p className="text-sm text-muted">{recordsOf(entry)}</p>
                <p className="text-sm">
                  By <span className="font-semibold text-brand-950">{entry.actorUsername}</span>
                </p>
              </li>
            ))}
          </ul>
        </div>
      )}
      {data && data.pageCount > 1 ? (
        <ListPager
          label="Request log pages"
          page={page}
          pageCount={data.pageCount}
          count={`${data.total.toLocaleString('en-GB')} requests`}
          hrefFor={hrefFor}
        />
      ) : null}
    </Card>
  );
}
