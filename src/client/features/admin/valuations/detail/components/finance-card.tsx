import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, CircleCheck, Clock, Download, Landmark, TriangleAlert } from 'lucide-react';
import { useId, useRef, type Ref } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { FormField } from '~/client/components/ui/form-field';
import { Input, inputClassName } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { LoadingState, Spinner } from '~/client/components/ui/spinner';
import { toast } from '~/client/components/ui/toast';
import { cn } from '~/client/lib/cn';
import type { ValuationDetail } from '~/shared/admin-valuation-detail';
import { slotTimes } from '~/shared/collections';
import {
  confirmFinanceSchema,
  FINANCE_LENDER_MAX_LENGTH,
  financeMessages,
  formatDay,
  formatEquity,
  type ConfirmFinanceRequest,
  ukDayOf,
  type FinanceSettlement,
} from '~/shared/finance-settlement-schemas';
import { formatPounds } from '~/shared/offer-basics';
import { formatUkDateAndTime } from '../../../lib/format-date';
import { applyServerIssues, errorMessage } from '../../../lib/server-errors';
import { documentFileUrl, useDocuments } from '../api/documents';
import { useConfirmFinance, useFinance } from '../api/finance';

type FinanceFormValues = { lender: string; settlement: string; validUntil: string };
type FinanceOutput = z.output<typeof confirmFinanceSchema>;
type Valuation = Pick<ValuationDetail, 'id' | 'firstName' | 'status'>;

const isClosed = (status: ValuationDetail['status']) => status === 'completed' || status === 'lost';

/** 875032 → "8750.32", 875000 → "8750": the figure as the field holds it, without grouping. */
const poundsText = (pence: number) => (pence % 100 === 0 ? String(pence / 100) : (pence / 100).toFixed(2));

/**
 * The finance settlement (issue 36), shown when the seller declared outstanding finance: what they
 * said they owe, and the lender, settlement figure and the letter's last day as staff confirm them
 * from the settlement letter. Then the equity against our offer, and what to do before collection day.
 */
export function FinanceCard({ valuation }: { valuation: Valuation }) {
  const finance = useFinance(valuation.id);
  return (
    <Card id="finance" className="scroll-mt-24">
      <CardHeader className="pb-3">
        <CardTitle>Finance settlement</CardTitle>
        <CardDescription>
          {valuation.firstName} declared outstanding finance on the car. We pay the lender from the price on collection
          day: confirm the lender, the settlement figure and the date from the settlement letter.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {finance.isPending ? (
          <LoadingState className="py-6" label="Loading the finance settlement..." />
        ) : finance.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p className="text-danger">{errorMessage(finance.error, 'The finance settlement could not be loaded.')}</p>
            <Button variant="outline" size="sm" onClick={() => void finance.refetch()} disabled={finance.isFetching}>
              Try again
            </Button>
          </div>
        ) : (
          <FinanceDetails valuation={valuation} data={finance.data} />
        )}
      </CardContent>
    </Card>
  );
}

function FinanceDetails({ valuation, data }: { valuation: Valuation; data: FinanceSettlement }) {
  const status = useRef<HTMLDivElement>(null);
  const closed = isClosed(valuation.status);
  const today = ukDayOf(new Date());
  return (
    <>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Declared by the seller</dt>
        <dd className="font-semibold text-brand-950">
          {data.declaredAmountPence === null ? 'Amount not given' : formatPounds(data.declaredAmountPence)}
        </dd>
        <dt className="text-muted">Our offer</dt>
        <dd className="font-semibold text-brand-950">
          {data.offerPence === null ? 'No offer standing' : formatPounds(data.offerPence)}
        </dd>
        <dt className="text-muted">Collection</dt>
        <dd className="font-semibold text-brand-950">
          {data.collection
            ? `${formatDay(data.collection.date, today)}, ${slotTimes[data.collection.slot].label.toLowerCase()}`
            : 'Not booked'}
        </dd>
      </dl>
      <ConfirmedLine data={data} today={today} statusRef={status} />
      <EquityLine data={data} />
      {data.warnings.length > 0 ? (
        <ul aria-label="Finance warnings" className="grid gap-2">
          {data.warnings.map((warning) => (
            <li
              key={warning.kind}
              className="flex items-start gap-2.5 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-950"
            >
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
              <p className="min-w-0">
                <span className="sr-only">Warning: </span>
                {warning.message}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      <SettlementLetterLink valuationId={valuation.id} />
      {closed ? (
        <p className="rounded-lg border border-line bg-surface px-3 py-2.5 text-sm text-brand-950">
          {financeMessages.closed}
        </p>
      ) : (
        // A new answer (another confirmation) starts the form again from what now stands.
        <FinanceForm
          key={`${data.confirmedAt ?? 'new'}`}
          valuationId={valuation.id}
          data={data}
          onConfirmed={() => status.current?.focus()}
        />
      )}
    </>
  );
}

/** "Confirmed by sam on 02 Mar 2026 • 09:05", or not yet. Focus comes here once staff confirm. */
function ConfirmedLine({
  data,
  today,
  statusRef,
}: {
  data: FinanceSettlement;
  today: string;
  statusRef: Ref<HTMLDivElement>;
}) {
  const confirmed = data.confirmedAt !== null;
  return (
    <div
      ref={statusRef}
      tabIndex={-1}
      className={cn(
        'flex items-start gap-2.5 rounded-lg border px-3 py-2.5 text-sm',
        confirmed ? 'border-green-200 bg-green-50 text-go-700' : 'border-line bg-surface text-ink',
      )}
    >
      {confirmed ? (
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      ) : (
        <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted" />
      )}
      <div className="min-w-0">
        {confirmed ? (
          <>
            <p className="font-bold">
              {data.lender}: {data.settlementPence === null ? '' : formatPounds(data.settlementPence)}
              {data.validUntil ? `, valid until ${formatDay(data.validUntil, today)}` : ''}
            </p>
            <p className="mt-0.5">
              Confirmed{data.confirmedBy ? ` by ${data.confirmedBy}` : ''} on{' '}
              <time dateTime={data.confirmedAt!}>{formatUkDateAndTime(data.confirmedAt!)}</time>
            </p>
          </>
        ) : (
          <>
            <p className="font-bold">Settlement not confirmed yet</p>
            <p className="mt-0.5">Enter it from the lender&apos;s settlement letter.</p>
          </>
        )}
      </div>
    </div>
  );
}

/** "Equity: £1,250" (offer minus settlement), in red when the seller owes more than we pay. */
function EquityLine({ data }: { data: FinanceSettlement }) {
  if (data.equityPence === null) {
    return (
      <p className="text-sm text-muted">
        {data.offerPence === null
          ? 'Equity: shown once there is an offer.'
          : 'Equity: shown once the settlement is confirmed.'}
      </p>
    );
  }
  const negative = data.equityPence < 0;
  return (
    <p
      className={cn(
        'flex flex-wrap items-center gap-x-2 text-base font-bold',
        negative ? 'text-danger' : 'text-brand-950',
      )}
    >
      {negative ? <CircleAlert aria-hidden="true" className="size-5 shrink-0" /> : null}
      {/* One piece: a phone must not break "−£750" after its minus sign. */}
      <span className="whitespace-nowrap">
        {formatEquity(data.equityPence)}
        {negative ? <span className="sr-only"> (negative)</span> : null}
      </span>
      <span className="text-sm font-normal text-muted">
        (offer {formatPounds(data.offerPence!)} minus settlement {formatPounds(data.settlementPence!)})
      </span>
    </p>
  );
}

/** The settlement letter the seller sent, when there is one (features/documents). */
function SettlementLetterLink({ valuationId }: { valuationId: string }) {
  const documents = useDocuments(valuationId);
  const letter = documents.data?.items.find((item) => item.kind === 'settlement_letter')?.document;
  if (!letter) return null;
  return (
    <p className="text-sm">
      <a
        href={documentFileUrl(valuationId, letter.id, 'file')}
        download
        className="inline-flex items-center gap-1.5 font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
      >
        <Download aria-hidden="true" className="size-4 shrink-0" />
        See the settlement letter
      </a>
    </p>
  );
}

function FinanceForm({
  valuationId,
  data,
  onConfirmed,
}: {
  valuationId: string;
  data: FinanceSettlement;
  onConfirmed: () => void;
}) {
  const confirm = useConfirmFinance(valuationId);
  const form = useForm<FinanceFormValues, unknown, FinanceOutput>({
    resolver: zodResolver(confirmFinanceSchema as unknown as z.ZodType<FinanceOutput, FinanceFormValues>),
    defaultValues: {
      lender: data.lender ?? '',
      settlement: data.settlementPence === null ? '' : poundsText(data.settlementPence),
      validUntil: data.validUntil ?? '',
    },
  });
  const { errors } = form.formState;
  const settlementId = useId();
  const hintId = `${settlementId}-hint`;
  const errorId = `${settlementId}-error`;

  // A double click sends once: the second submit finds the first on its way.
  const sending = useRef(false);

  async function send(values: FinanceOutput) {
    if (sending.current) return;
    sending.current = true;
    // The figure goes as typed ("8,750.32"); the server reads pounds the same way the form checked them.
    const request: ConfirmFinanceRequest = {
      lender: values.lender,
      settlement: form.getValues('settlement'),
      validUntil: values.validUntil,
    };
    try {
      const answer = await confirm.mutateAsync(request);
      toast({
        title: financeMessages.confirmed,
        ...(answer.warnings.length > 0
          ? {
              description: `${answer.warnings.length === 1 ? 'One warning' : `${answer.warnings.length} warnings`} to act on.`,
            }
          : {}),
      });
      onConfirmed();
    } catch (error) {
      applyServerIssues(error, form.setError, ['lender', 'settlement', 'validUntil']);
      toast({
        title: financeMessages.failed,
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    } finally {
      sending.current = false;
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void form.handleSubmit(send)(event)}
      aria-label="Confirm the finance settlement"
      className="grid gap-4"
    >
      <FormField label="Lender" required error={errors.lender?.message}>
        <Input autoComplete="off" maxLength={FINANCE_LENDER_MAX_LENGTH} {...form.register('lender')} />
      </FormField>
      <div className="grid gap-1.5">
        <div className="flex items-baseline gap-0.5">
          <Label htmlFor={settlementId}>Settlement figure</Label>
          <span aria-hidden="true" className="text-sm font-semibold text-danger">
            *
          </span>
        </div>
        <p id={hintId} className="-mt-1 text-sm text-muted">
          In pounds, as on the letter
          {data.declaredAmountPence === null ? '.' : `. The seller said ${formatPounds(data.declaredAmountPence)}.`}
        </p>
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center font-semibold text-muted"
          >
            £
          </span>
          <input
            id={settlementId}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            aria-required
            aria-invalid={errors.settlement ? true : undefined}
            aria-describedby={errors.settlement ? `${hintId} ${errorId}` : hintId}
            className={cn(inputClassName, 'pl-7')}
            {...form.register('settlement')}
          />
        </div>
        {errors.settlement?.message ? (
          <p id={errorId} className="flex items-start gap-1.5 text-sm font-medium text-danger">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{errors.settlement.message}</span>
          </p>
        ) : null}
      </div>
      <FormField
        label="Letter valid until"
        required
        hint="The last day the letter's figure holds."
        error={errors.validUntil?.message}
      >
        <Input type="date" {...form.register('validUntil')} />
      </FormField>
      <Button type="submit" variant="brand" disabled={confirm.isPending} className="justify-self-start">
        {confirm.isPending ? <Spinner /> : <Landmark aria-hidden="true" />}
        {confirm.isPending ? 'Confirming...' : 'Confirm settlement'}
      </Button>
    </form>
  );
}
