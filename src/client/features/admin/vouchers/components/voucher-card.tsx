import { NumberPlate } from '../../components/number-plate';
import { CircleAlert, Gift, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { cn } from '~/client/lib/cn';
import { formatDay } from '~/shared/finance-settlement';
import type { VoucherListItem } from '~/shared/voucher-schemas';
import { adminPaths } from '../../admin-paths';
import { formatUkDateAndTime } from '../../lib/format-date';
import type { useMarkVoucherSent } from '../api/mark-voucher-sent';
import { MarkSentForm } from './mark-sent-form';

function Fact({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('min-w-0', className)}>
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-0.5 break-words">{children}</dd>
    </div>
  );
}

/** The id of a voucher's "Mark as sent" button, to return focus to when its form closes. */
export const markButtonId = (voucherId: string) => `mark-sent-${voucherId}`;

/**
 * One launch voucher as staff handle it: whom it is for and the sale it came from (the reference
 * opens the request), the voucher, when the sale completed and when the voucher is due. An owed
 * one past its due date says "Overdue" in words as well as red; an owed one offers "Mark as sent",
 * which opens the code's form in place. A sent one shows its code, when and by whom.
 */
export function VoucherCard({
  voucher,
  today,
  editing,
  mark,
  onEdit,
  onDone,
  onCancel,
}: {
  voucher: VoucherListItem;
  /** Today in the UK, 'YYYY-MM-DD': dates in this year are shown without it. */
  today: string;
  /** This voucher's "Mark as sent" form is open. */
  editing: boolean;
  mark: ReturnType<typeof useMarkVoucherSent>;
  onEdit: () => void;
  onDone: () => void;
  onCancel: () => void;
}) {
  const owed = voucher.status === 'owed';
  const overdue = owed && voucher.overdue;
  const day = (date: string) => <time dateTime={date}>{formatDay(date, today)}</time>;
  return (
    <Card className={cn('p-4 sm:p-5', overdue && 'border-red-300 border-l-4 border-l-danger')}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 className="text-base font-bold break-words text-brand-950">{voucher.sellerName}</h3>
          <p className="text-sm">
            <span className="sr-only">Reference </span>
            <Link
              to={adminPaths.valuation(voucher.valuationId)}
              className="font-mono font-semibold tracking-wider text-brand-700 underline underline-offset-2 hover:text-brand-900"
            >
              {voucher.reference}
            </Link>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {overdue ? (
            <Badge variant="danger">
              <CircleAlert aria-hidden="true" />
              Overdue
            </Badge>
          ) : null}
          <Badge variant={owed ? 'plate' : 'success'}>{owed ? 'Owed' : 'Sent'}</Badge>
        </div>
      </div>

      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
        <Fact label="Registration">
          <NumberPlate registration={voucher.registration} />
        </Fact>
        <Fact label="Voucher">
          <span className="inline-flex items-center gap-1.5 font-semibold text-brand-950">
            <Gift aria-hidden="true" className="size-4 text-brand-600" />£{voucher.amountPounds} {voucher.brand}
          </span>
        </Fact>
        <Fact label="Sale completed">{day(voucher.owedOn)}</Fact>
        {owed ? (
          <Fact label="Send by">
            <span className={overdue ? 'font-semibold text-danger' : 'font-semibold text-brand-950'}>
              {day(voucher.dueDate)}
            </span>
          </Fact>
        ) : (
          <Fact label="Sent">
            {voucher.sentAt ? <time dateTime={voucher.sentAt}>{formatUkDateAndTime(voucher.sentAt)}</time> : '—'}
            {voucher.sentBy ? <span className="block text-muted">by {voucher.sentBy}</span> : null}
          </Fact>
        )}
        {!owed ? (
          <Fact label="Code" className="col-span-2 sm:col-span-4">
            <span className="font-mono font-semibold break-all text-brand-950">{voucher.code ?? '—'}</span>
          </Fact>
        ) : null}
      </dl>

      {owed ? (
        editing ? (
          <MarkSentForm voucher={voucher} mark={mark} onDone={onDone} onCancel={onCancel} />
        ) : (
          <div className="mt-4 flex flex-wrap gap-2">
            <Button
              id={markButtonId(voucher.id)}
              size="sm"
              variant={overdue ? 'brand' : 'outline'}
              onClick={onEdit}
              disabled={mark.isPending}
            >
              <Send aria-hidden="true" />
              Mark as sent
              <span className="sr-only">: {voucher.reference}</span>
            </Button>
          </div>
        )
      ) : null}
    </Card>
  );
}
