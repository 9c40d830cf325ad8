import { Gift, RefreshCw } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { toast } from '~/client/components/ui/toast';
import { cn } from '~/client/lib/cn';
import type { RouteHandle } from '~/client/lib/page-meta';
import { ukDayOf } from '~/shared/finance-settlement';
import { PROMOTION_TERMS } from '~/shared/promotion';
import { voucherStatuses, type VoucherStatus } from '~/shared/voucher-schemas';
import { ListPager } from '../components/list-pager';
import { ListError, ListLoading } from '../components/list-states';
import { PageHeader } from '../layout/page-header';
import { errorMessage } from '../lib/server-errors';
import { useAdminVouchers } from './api/list-vouchers';
import { useMarkVoucherSent } from './api/mark-voucher-sent';
import { markButtonId, VoucherCard } from './components/voucher-card';

export const handle: RouteHandle = { meta: { title: 'Vouchers', noindex: true } };

const tabs: Record<VoucherStatus, { label: string; heading: string; empty: string; emptyMore: string }> = {
  owed: {
    label: 'Owed',
    heading: 'Vouchers owed',
    empty: 'No vouchers to send',
    emptyMore: 'When a sale completes during the launch promotion, its voucher appears here until you send it.',
  },
  sent: {
    label: 'Sent',
    heading: 'Vouchers sent',
    empty: 'No vouchers sent yet',
    emptyMore: 'Vouchers you mark as sent appear here, with their codes.',
  },
};

function readState(search: URLSearchParams): { status: VoucherStatus; page: number } {
  const wanted = search.get('status');
  const status = voucherStatuses.find((s) => s === wanted) ?? 'owed';
  const page = Number(search.get('page'));
  return { status, page: Number.isInteger(page) && page > 1 ? page : 1 };
}

function searchFor(status: VoucherStatus, page: number): URLSearchParams {
  const params = new URLSearchParams();
  if (status !== 'owed') params.set('status', status);
  if (page > 1) params.set('page', String(page));
  return params;
}

const count = (n: number) => n.toLocaleString('en-GB');

/**
 * /admin/vouchers (issue 36; SPEC section 1's launch promotion): the Love2Shop vouchers owed after
 * completed sales, soonest due first, each to be sent within the promotion's working days; staff
 * buy the voucher, enter its code, and the seller is e-mailed it. Sent ones keep the code, when
 * and by whom. The tab and page live in the address.
 */
export function Component() {
  const [search, setSearch] = useSearchParams();
  const { status, page } = readState(search);
  const vouchers = useAdminVouchers(status, page);
  const mark = useMarkVoucherSent();
  const [editing, setEditing] = useState<string | null>(null);
  const listHeading = useRef<HTMLHeadingElement | null>(null);
  // Today in the UK, when the list was shown: dates in this year leave the year out.
  const [today] = useState(() => ukDayOf(new Date()));

  const show = (next: VoucherStatus) => {
    setEditing(null);
    setSearch(searchFor(next, 1), { preventScrollReset: true });
  };

  const closeForm = (voucherId: string) => {
    setEditing(null);
    // Back to the button that opened the form (after it is drawn again).
    requestAnimationFrame(() => document.getElementById(markButtonId(voucherId))?.focus());
  };

  const sent = () => {
    setEditing(null);
    // The voucher leaves this list: focus stays near, on the list's heading.
    requestAnimationFrame(() => listHeading.current?.focus());
  };

  const refresh = async () => {
    const result = await vouchers.refetch();
    if (result.isSuccess) toast({ title: 'Refreshed' });
    else
      toast({
        title: 'Error',
        description: errorMessage(result.error, 'Failed to load vouchers'),
        variant: 'destructive',
      });
  };

  const data = vouchers.data;
  const counts = data?.counts;
  return (
    <>
      <PageHeader
        title="Vouchers"
        description={`Launch vouchers owed after completed sales. Send each within ${PROMOTION_TERMS.sentWithinWorkingDays} working days of the sale: enter its code and we e-mail it to the seller.`}
        actions={
          <Button variant="outline" size="sm" onClick={() => void refresh()} disabled={vouchers.isFetching}>
            <RefreshCw aria-hidden="true" className={cn(vouchers.isFetching && 'animate-spin')} />
            Refresh
          </Button>
        }
      />
      <Tabs.Root value={status} onValueChange={(value) => show(value as VoucherStatus)}>
        <Tabs.List aria-label="Vouchers" className="mb-5 flex gap-1 overflow-x-auto border-b border-line">
          {voucherStatuses.map((id) => (
            <Tabs.Trigger
              key={id}
              value={id}
              className="-mb-px flex items-center gap-2 border-b-[3px] border-transparent px-3 py-2.5 text-sm font-semibold whitespace-nowrap text-muted hover:text-brand-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-950"
            >
              {tabs[id].label}
              <span className="rounded-full bg-brand-100 px-2 text-xs text-brand-800">
                {counts ? count(counts[id]) : '…'}
              </span>
              {id === 'owed' && counts && counts.overdue > 0 ? (
                <span className="rounded-full border border-red-200 bg-red-50 px-2 text-xs text-danger">
                  {count(counts.overdue)} overdue
                </span>
              ) : null}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {voucherStatuses.map((id) => (
          <Tabs.Content key={id} value={id} className="focus-visible:outline-none">
            <h2 ref={id === status ? listHeading : undefined} tabIndex={-1} className="sr-only">
              {tabs[id].heading}
            </h2>
            {vouchers.isPending ? (
              <ListLoading label="Loading vouchers..." />
            ) : vouchers.isError && !data ? (
              <Card>
                <ListError
                  title="Failed to load vouchers"
                  error={vouchers.error}
                  onRetry={() => void vouchers.refetch()}
                />
              </Card>
            ) : !data || data.items.length === 0 ? (
              <Card className="grid justify-items-center gap-2 px-4 py-14 text-center">
                <Gift aria-hidden="true" className="size-8 text-brand-500" />
                <p className="font-semibold text-brand-950">{tabs[id].empty}</p>
                <p className="max-w-md text-sm text-muted">{tabs[id].emptyMore}</p>
              </Card>
            ) : (
              <>
                <ul className={cn('grid gap-4', vouchers.isPlaceholderData && 'opacity-60')}>
                  {data.items.map((voucher) => (
                    <li key={voucher.id}>
                      <VoucherCard
                        voucher={voucher}
                        today={today}
                        editing={editing === voucher.id}
                        mark={mark}
                        onEdit={() => setEditing(voucher.id)}
                        onDone={sent}
                        onCancel={() => closeForm(voucher.id)}
                      />
                    </li>
                  ))}
                </ul>
                {data.pageCount > 1 ? (
                  <Card className="mt-4">
                    <ListPager
                      label={`${tabs[id].heading}: pages`}
                      page={page}
                      pageCount={data.pageCount}
                      count={`${count(data.total)} vouchers`}
                      hrefFor={(to) => `?${searchFor(status, to).toString()}`}
                    />
                  </Card>
                ) : null}
              </>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}
