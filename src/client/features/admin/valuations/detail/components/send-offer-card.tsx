import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, Mail, MessageSquareText, Send } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { FormField } from '~/client/components/ui/form-field';
import { inputClassName } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { Spinner } from '~/client/components/ui/spinner';
import { toast } from '~/client/components/ui/toast';
import { cn } from '~/client/lib/cn';
import type { ValuationDetail } from '~/shared/admin-valuation-detail';
import { formatUkDeadline, OFFER_VALIDITY_DAYS, offerValidUntil } from '~/shared/offer-validity';
import {
  OFFER_NOTES_MAX_LENGTH,
  offerMessages,
  offerRequestSchema,
  type OfferRequest,
  type OfferSendMethodValue,
} from '~/shared/valuation-offer';
import { nextStage } from '~/shared/valuation-lifecycle';
import { applyServerIssues, errorMessage } from '../../../lib/server-errors';
import { useSendOffer } from '../api/send-offer';
import { OfferHistory } from './offer-history';

type OfferFormValues = { offerAmount: string; notes: string; sendMethod: OfferSendMethodValue; validityDays: number };
type OfferOutput = z.output<typeof offerRequestSchema>;

const methods: { value: OfferSendMethodValue; label: string; icon: typeof Mail; needsPhone: boolean }[] = [
  { value: 'email', label: 'E-mail', icon: Mail, needsPhone: false },
  { value: 'sms', label: 'Text', icon: MessageSquareText, needsPhone: true },
  { value: 'both', label: 'Both', icon: Send, needsPhone: true },
];

const emptyOffer: OfferFormValues = {
  offerAmount: '',
  notes: '',
  sendMethod: 'email',
  validityDays: OFFER_VALIDITY_DAYS.default,
};

const validityChoices = Array.from(
  { length: OFFER_VALIDITY_DAYS.max - OFFER_VALIDITY_DAYS.min + 1 },
  (_, i) => OFFER_VALIDITY_DAYS.min + i,
);

/** Send Offer (SPEC sections 2, 5 and 8): an amount in pounds, notes, e-mail / text / both; then the history. */
export function SendOfferCard({ valuation }: { valuation: ValuationDetail }) {
  const send = useSendOffer(valuation.id);
  const form = useForm<OfferFormValues, unknown, OfferOutput>({
    resolver: zodResolver(offerRequestSchema as unknown as z.ZodType<OfferOutput, OfferFormValues>),
    defaultValues: emptyOffer,
  });
  const amount = useWatch({ control: form.control, name: 'offerAmount' });
  const method = useWatch({ control: form.control, name: 'sendMethod' });
  const { errors } = form.formState;
  const canText = valuation.phoneE164 !== null;
  const noTextId = useId();
  const amountId = useId();
  const validityDays = useWatch({ control: form.control, name: 'validityDays' });
  const validUntil = formatUkDeadline(offerValidUntil(new Date(), Number(validityDays)), new Date());

  // The lifecycle says whether an offer may go now (not once accepted, completed or lost); the
  // server refuses it anyway, so the form gives way to the reason instead of a 409 after typing.
  const offerAllowed = nextStage(valuation.status, { type: 'send_offer' });

  const onSubmit = form.handleSubmit(async (offer) => {
    // The amount goes as typed ("1,250.50"); the server reads pounds the same way the form checked them.
    const request: OfferRequest = {
      offerAmount: form.getValues('offerAmount'),
      notes: offer.notes,
      sendMethod: offer.sendMethod,
      validityDays: offer.validityDays,
    };
    try {
      await send.mutateAsync(request);
      toast({ title: offerMessages.sent });
      form.reset(emptyOffer);
    } catch (error) {
      applyServerIssues(error, form.setError, ['offerAmount', 'notes', 'sendMethod', 'validityDays']);
      toast({
        title: offerMessages.failed,
        description: errorMessage(error, 'Please try again later.'),
        variant: 'destructive',
      });
    }
  });

  return (
    <Card id="send-offer" className="scroll-mt-24">
      <CardHeader className="pb-4">
        <CardTitle>Send Offer</CardTitle>
        <CardDescription>
          The offer goes to {valuation.firstName} with your notes and a link to accept it on their own page. It stands
          until 23:59 UK time on its last day, on the seller&apos;s own declarations; a new offer replaces an open one.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {offerAllowed.ok ? (
          <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Send offer">
            <div className="grid gap-1.5">
              <div className="flex items-baseline gap-0.5">
                <Label htmlFor={amountId}>Offer amount</Label>
                <span aria-hidden="true" className="text-sm font-semibold text-danger">
                  *
                </span>
              </div>
              <div className="relative">
                <span
                  aria-hidden="true"
                  className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-lg font-semibold text-muted"
                >
                  £
                </span>
                <input
                  id={amountId}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0.00"
                  aria-required
                  aria-invalid={errors.offerAmount ? true : undefined}
                  aria-describedby={errors.offerAmount ? `${amountId}-error` : undefined}
                  className={cn(inputClassName, 'pl-7 text-lg font-semibold')}
                  {...form.register('offerAmount')}
                />
              </div>
              {errors.offerAmount?.message ? (
                <p id={`${amountId}-error`} className="flex items-start gap-1.5 text-sm font-medium text-danger">
                  <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                  <span>{errors.offerAmount.message}</span>
                </p>
              ) : null}
            </div>
            <FormField label="Notes (optional)" error={errors.notes?.message}>
              <textarea
                rows={3}
                maxLength={OFFER_NOTES_MAX_LENGTH}
                className={cn(inputClassName, 'h-auto py-2 leading-6')}
                {...form.register('notes')}
              />
            </FormField>
            <FormField label="Valid for" error={errors.validityDays?.message} hint={`Until ${validUntil} (UK time).`}>
              <select
                className={cn(inputClassName, 'bg-white')}
                {...form.register('validityDays', { valueAsNumber: true })}
              >
                {validityChoices.map((days) => (
                  <option key={days} value={days}>
                    {days === 1 ? '1 day' : `${days} days`}
                    {days === OFFER_VALIDITY_DAYS.default ? ' (usual)' : ''}
                  </option>
                ))}
              </select>
            </FormField>
            <fieldset className="grid gap-2" aria-describedby={canText ? undefined : noTextId}>
              <legend className="mb-1.5 text-sm leading-5 font-semibold text-brand-950">Send by</legend>
              <div className="grid grid-cols-3 gap-2">
                {methods.map(({ value, label, icon: Icon, needsPhone }) => {
                  const disabled = needsPhone && !canText;
                  return (
                    <label
                      key={value}
                      className={cn(
                        'relative flex h-11 items-center justify-center gap-1.5 rounded-lg border px-2 text-sm font-semibold transition-colors',
                        disabled
                          ? 'cursor-not-allowed border-line bg-surface text-slate-500'
                          : method === value
                            ? 'border-brand-600 bg-brand-50 text-brand-950 ring-1 ring-brand-600'
                            : 'border-slate-300 bg-white text-brand-900 hover:bg-brand-50',
                      )}
                    >
                      <input
                        type="radio"
                        value={value}
                        disabled={disabled}
                        className="absolute inset-0 cursor-pointer appearance-none rounded-lg disabled:cursor-not-allowed"
                        {...form.register('sendMethod')}
                      />
                      <Icon aria-hidden="true" className="size-4 shrink-0" />
                      {label}
                    </label>
                  );
                })}
              </div>
              {canText ? null : (
                <p id={noTextId} className="text-sm text-muted">
                  Text is not available: the seller&apos;s phone number ({valuation.phone}) cannot receive text
                  messages.
                </p>
              )}
              {errors.sendMethod?.message ? (
                <p className="text-sm font-medium text-danger">{errors.sendMethod.message}</p>
              ) : null}
            </fieldset>
            <Button type="submit" variant="brand" disabled={amount === '' || send.isPending}>
              {send.isPending ? <Spinner /> : <Send aria-hidden="true" />}
              {send.isPending ? 'Sending...' : 'Send Offer'}
            </Button>
          </form>
        ) : (
          <p className="rounded-lg border border-line bg-surface px-3 py-2.5 text-sm text-brand-950">
            {offerAllowed.refusal}
          </p>
        )}
        <OfferHistory offers={valuation.offers} />
      </CardContent>
    </Card>
  );
}
