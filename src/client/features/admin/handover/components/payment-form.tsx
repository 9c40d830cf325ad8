import { ArrowRight, CircleAlert, CircleCheck, Landmark, Send } from 'lucide-react';
import { useId, useMemo, useRef } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { FormField } from '~/client/components/ui/form-field';
import { Input, inputClassName } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { Spinner } from '~/client/components/ui/spinner';
import { toast } from '~/client/components/ui/toast';
import { cn } from '~/client/lib/cn';
import {
  handoverMessages,
  PAYMENT_REFERENCE_MAX_LENGTH,
  type HandoverView,
  type Payee,
  type PaymentRequest,
  type PaymentSplit,
} from '~/shared/handover-schemas';
import { formatPounds } from '~/shared/offer-basics';
import { adminPaths } from '../../admin-paths';
import { errorMessage } from '../../lib/server-errors';
import { useRecordPayment } from '../api/handover';
import {
  applyPaymentIssues,
  paymentDefaults,
  paymentResolver,
  payeesOf,
  typedTotal,
  type PaymentFormValues,
} from '../lib/payment-form';

type Form = UseFormReturn<PaymentFormValues, unknown, PaymentRequest>;

/**
 * Step 2, "Payment" (issue 36): the Faster Payments that pay for the car, as the split says: the
 * lender the settlement (up to the price), the seller the rest. Each with its amount, reference and
 * the time it was sent; their total must be the agreed price. Without a split (the finance not yet
 * confirmed, or no accepted offer) it says why and where to put it right.
 */
export function PaymentStep({ view, onDone }: { view: HandoverView; onDone: () => void }) {
  if (!view.split) {
    return (
      <div
        role="note"
        className="grid justify-items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
      >
        <p className="flex items-start gap-2.5">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
          <span>{view.pricePence === null ? handoverMessages.noPrice : handoverMessages.financeNotConfirmed}</span>
        </p>
        {view.pricePence === null ? null : (
          <Link
            to={`${adminPaths.valuation(view.valuationId)}#finance`}
            className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950"
          >
            Confirm the finance settlement on the request’s page
            <ArrowRight aria-hidden="true" className="size-4 shrink-0" />
          </Link>
        )}
      </div>
    );
  }
  // A split that changes while the screen is open (the settlement confirmed again) starts the form afresh.
  const { sellerPence, lenderPence } = view.split;
  return <PaymentForm key={`${sellerPence}-${lenderPence}`} view={view} split={view.split} onDone={onDone} />;
}

function PaymentForm({ view, split, onDone }: { view: HandoverView; split: PaymentSplit; onDone: () => void }) {
  const record = useRecordPayment(view.valuationId);
  const resolver = useMemo(() => paymentResolver(split), [split]);
  const form = useForm<PaymentFormValues, unknown, PaymentRequest>({
    resolver,
    defaultValues: paymentDefaults(split, view.reference),
  });
  const payees = payeesOf(split);
  const sending = useRef(false);

  async function send(request: PaymentRequest) {
    if (sending.current) return;
    sending.current = true;
    try {
      await record.mutateAsync(request);
      toast({ title: handoverMessages.paymentRecorded });
      onDone();
    } catch (error) {
      applyPaymentIssues(error, form.setError, payees);
      toast({
        title: handoverMessages.paymentFailed,
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
      aria-labelledby="payment-heading"
      onSubmit={(event) => void form.handleSubmit(send)(event)}
      className="grid gap-6"
    >
      <p className="text-sm text-muted">
        Send each transfer by Faster Payments from the business account, then record it here as sent. The seller is
        e-mailed the receipt.
      </p>
      {split.sellerPence === 0 ? (
        <p className="rounded-lg border border-line bg-surface px-3 py-2.5 text-sm text-ink">
          Nothing is paid to the seller: the finance settlement takes the whole price. The seller settles the rest with
          the lender themselves.
        </p>
      ) : null}
      {payees.map((payee) => (
        <TransferFields
          key={payee}
          form={form}
          payee={payee}
          name={payee === 'seller' ? view.seller.name : (view.finance.lender ?? 'the lender')}
          owedPence={payee === 'seller' ? split.sellerPence : split.lenderPence}
        />
      ))}
      <Total form={form} split={split} />
      <Button
        type="submit"
        size="lg"
        variant="brand"
        disabled={record.isPending}
        className="h-auto! min-h-13 w-full py-2.5 text-center whitespace-normal! sm:w-auto sm:justify-self-start"
      >
        {record.isPending ? <Spinner /> : <Send aria-hidden="true" />}
        {record.isPending ? 'Recording...' : 'Record the payment'}
      </Button>
    </form>
  );
}

/** One transfer: to whom, how much, its reference and when it was sent. */
function TransferFields({
  form,
  payee,
  name,
  owedPence,
}: {
  form: Form;
  payee: Payee;
  name: string;
  owedPence: number;
}) {
  const errors = form.formState.errors[payee];
  return (
    <fieldset className="min-w-0 rounded-xl border border-line bg-surface/60 p-4">
      {/* Floated, the legend sits inside the box like a heading rather than across its border. */}
      <legend className="float-left mb-4 flex w-full items-start gap-2 text-base leading-6 font-bold text-brand-950">
        {payee === 'lender' ? <Landmark aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" /> : null}
        <span className="min-w-0">{payee === 'seller' ? `To the seller, ${name}` : `To the lender, ${name}`}</span>
      </legend>
      <div className="clear-both grid gap-4">
        <AmountField
          form={form}
          payee={payee}
          error={errors?.amount?.message}
          hint={
            payee === 'seller'
              ? `Owed ${formatPounds(owedPence)}: the price less the finance settled.`
              : `Owed ${formatPounds(owedPence)}: the settlement figure, up to the price.`
          }
        />
        <FormField
          label="Faster Payments reference"
          required
          hint={
            payee === 'seller'
              ? `As sent with the transfer, up to ${PAYMENT_REFERENCE_MAX_LENGTH} characters.`
              : `As sent with the transfer (usually the agreement number), up to ${PAYMENT_REFERENCE_MAX_LENGTH} characters.`
          }
          error={errors?.reference?.message}
        >
          <Input
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={PAYMENT_REFERENCE_MAX_LENGTH}
            className="h-12 font-mono"
            {...form.register(`${payee}.reference`)}
          />
        </FormField>
        <FormField
          label="Time sent"
          required
          hint="When the transfer was sent: now, unless it went earlier."
          error={errors?.paidAt?.message}
        >
          <Input type="datetime-local" className="h-12 max-w-64" {...form.register(`${payee}.paidAt`)} />
        </FormField>
      </div>
    </fieldset>
  );
}

/** The amount in pounds, with a £ before it (the label names the field, the hint says what is owed). */
function AmountField({
  form,
  payee,
  hint,
  error,
}: {
  form: Form;
  payee: Payee;
  hint: string;
  error: string | undefined;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-baseline gap-0.5">
        <Label htmlFor={id}>Amount</Label>
        <span aria-hidden="true" className="text-sm font-semibold text-danger">
          *
        </span>
      </div>
      <p id={hintId} className="-mt-1 text-sm text-muted">
        {hint}
      </p>
      <div className="relative max-w-64">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-lg font-semibold text-muted"
        >
          £
        </span>
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          className={cn(inputClassName, 'h-12 pl-7 text-lg font-semibold tabular-nums')}
          {...form.register(`${payee}.amount`)}
        />
      </div>
      {error ? (
        <p id={errorId} className="flex items-start gap-1.5 text-sm font-medium text-danger">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}

/** The transfers' total against the price, as typed. */
function Total({ form, split }: { form: Form; split: PaymentSplit }) {
  const values = useWatch({ control: form.control }) as PaymentFormValues;
  const total = typedTotal(values, split);
  const matches = total === split.pricePence;
  return (
    <div
      className={cn(
        'grid gap-1 rounded-lg border px-4 py-3',
        matches ? 'border-green-200 bg-green-50 text-go-700' : 'border-red-200 bg-red-50 text-danger',
      )}
    >
      <p className="flex items-center justify-between gap-3 text-lg font-extrabold">
        <span>Total</span>
        <span className="tabular-nums">{formatPounds(total)}</span>
      </p>
      <p className="flex items-start gap-1.5 text-sm font-medium">
        {matches ? (
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        ) : (
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        )}
        <span>
          {matches
            ? `Equals the agreed price of ${formatPounds(split.pricePence)}.`
            : `Must equal the agreed price of ${formatPounds(split.pricePence)}: ${formatPounds(Math.abs(split.pricePence - total))} ${total < split.pricePence ? 'short' : 'over'}.`}
        </span>
      </p>
    </div>
  );
}
