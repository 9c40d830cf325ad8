import { Ban, CircleAlert, ClipboardCheck, TriangleAlert } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '~/client/components/ui/alert-dialog';
import { Button } from '~/client/components/ui/button';
import { FormField } from '~/client/components/ui/form-field';
import { inputClassName } from '~/client/components/ui/input';
import { Spinner } from '~/client/components/ui/spinner';
import { toast } from '~/client/components/ui/toast';
import { cn } from '~/client/lib/cn';
import {
  HANDOVER_KEYS_MAX,
  HANDOVER_NOTES_MAX_LENGTH,
  handoverMessages,
  type HandoverRequest,
  type HandoverView,
} from '~/shared/handover-schemas';
import { OFFER_MILEAGE_TOLERANCE } from '~/shared/offer-basics';
import { applyServerIssues, errorMessage } from '../../lib/server-errors';
import { useRecordHandover } from '../api/handover';
import {
  emptyHandover,
  handoverFields,
  handoverResolver,
  wholeNumber,
  type HandoverFormValues,
} from '../lib/handover-form';
import { ChoiceGroup } from './choice-group';

const conditionChoices = [
  { value: 'as_declared', label: 'As declared', description: 'Then the mileage, the keys and the logbook.' },
  {
    value: 'not_as_declared',
    label: 'Not as declared',
    description: 'Something differs from what the seller told us: we do not buy the car today.',
  },
] as const;

const keyChoices = Array.from({ length: HANDOVER_KEYS_MAX }, (_, i) => ({
  value: String(i + 1),
  label: String(i + 1),
}));
const yesNoChoices = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

const grouped = (n: number) => n.toLocaleString('en-GB');

/**
 * Step 1, "At the door" (issue 36): is the car as the seller declared it? As declared, the driver
 * reads the mileage, counts the keys and says whether the V5C was handed over and the seller is its
 * keeper; not as declared, they say what differs and, once confirmed, the request is lost. The
 * messages under the fields are the route's own (src/shared/handover.ts), the server's too.
 */
export function HandoverForm({ view, onDone }: { view: HandoverView; onDone: () => void }) {
  const record = useRecordHandover(view.valuationId);
  const form = useForm<HandoverFormValues, unknown, HandoverRequest>({
    resolver: handoverResolver,
    defaultValues: emptyHandover,
  });
  const { errors } = form.formState;
  const condition = useWatch({ control: form.control, name: 'condition' });
  const [confirming, setConfirming] = useState<HandoverRequest | null>(null);
  // A double tap sends once: the second finds the first on its way.
  const sending = useRef(false);
  const sent = useRef(false);

  async function send(request: HandoverRequest) {
    if (sending.current) return;
    sending.current = true;
    try {
      await record.mutateAsync(request);
      sent.current = true;
      toast({
        title: request.condition === 'as_declared' ? handoverMessages.handoverRecorded : handoverMessages.carNotTaken,
      });
      setConfirming(null);
      onDone();
    } catch (error) {
      setConfirming(null);
      applyServerIssues(error, form.setError, handoverFields);
      toast({
        title: handoverMessages.handoverFailed,
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    } finally {
      sending.current = false;
    }
  }

  const onValid = (request: HandoverRequest) => {
    // Not buying the car closes the request: asked once more, in a dialog.
    if (request.condition === 'not_as_declared') setConfirming(request);
    else void send(request);
  };

  return (
    <>
      <form
        noValidate
        aria-labelledby="door-heading"
        onSubmit={(event) => void form.handleSubmit(onValid)(event)}
        className="grid gap-6"
      >
        <ChoiceGroup
          legend="Is the car as the seller declared it?"
          hint="Check the car, its condition and its mileage against what the seller told us."
          look="cards"
          choices={conditionChoices}
          error={errors.condition?.message}
          registration={form.register('condition')}
        />

        {condition === 'as_declared' ? (
          <AsDeclaredFields view={view} form={form} />
        ) : condition === 'not_as_declared' ? (
          <NotAsDeclaredFields form={form} />
        ) : null}

        <Button
          type="submit"
          size="lg"
          variant={condition === 'not_as_declared' ? 'danger' : 'brand'}
          disabled={record.isPending}
          className="h-auto! min-h-13 w-full py-2.5 text-center whitespace-normal! sm:w-auto sm:justify-self-start"
        >
          {record.isPending ? (
            <Spinner />
          ) : condition === 'not_as_declared' ? (
            <Ban aria-hidden="true" />
          ) : (
            <ClipboardCheck aria-hidden="true" />
          )}
          {record.isPending
            ? 'Recording...'
            : condition === 'not_as_declared'
              ? 'Record: not buying the car'
              : 'Record the handover'}
        </Button>
      </form>

      <AlertDialog
        open={confirming !== null}
        onOpenChange={(open) => !record.isPending && !open && setConfirming(null)}
      >
        <AlertDialogContent
          // Once recorded, focus goes to the screen's next heading, not back to the button that has gone.
          onCloseAutoFocus={(event) => sent.current && event.preventDefault()}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>Not buying this car?</AlertDialogTitle>
            <AlertDialogDescription>
              The request for {view.registration} will be marked lost, and {view.seller.name} can read your note. Pay
              nothing and leave the car with the seller.
            </AlertDialogDescription>
          </AlertDialogHeader>
          {confirming?.condition === 'not_as_declared' ? (
            <blockquote className="rounded-lg border border-line bg-surface px-3.5 py-3 text-sm whitespace-pre-line text-ink">
              {confirming.notes}
            </blockquote>
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={record.isPending}>Go back</AlertDialogCancel>
            <AlertDialogAction
              variant="danger"
              disabled={record.isPending}
              onClick={(event) => {
                // Stay open until the server has answered.
                event.preventDefault();
                if (confirming) void send(confirming);
              }}
            >
              {record.isPending ? <Spinner /> : null}
              {record.isPending ? 'Recording...' : 'Yes, we are not buying it'}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}

type Form = UseFormReturn<HandoverFormValues, unknown, HandoverRequest>;

function AsDeclaredFields({ view, form }: { view: HandoverView; form: Form }) {
  const { errors } = form.formState;
  const typed = useWatch({ control: form.control, name: 'mileage' });
  const read = wholeNumber(typed);
  const over = read !== undefined && Number.isFinite(read) ? read - view.declaredMileage : 0;
  return (
    <>
      <div className="grid gap-1.5">
        <FormField
          label="Mileage on the dashboard"
          required
          hint={`In miles, as the odometer reads. Declared: ${grouped(view.declaredMileage)} miles.`}
          error={errors.mileage?.message}
        >
          <input
            type="text"
            inputMode="numeric"
            autoComplete="off"
            enterKeyHint="next"
            className={cn(inputClassName, 'h-12 max-w-56 text-lg font-semibold tabular-nums')}
            {...form.register('mileage')}
          />
        </FormField>
        <p aria-live="polite" className="empty:hidden">
          {over > OFFER_MILEAGE_TOLERANCE ? (
            <span className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-700" />
              <span>
                That is {grouped(over)} miles more than declared; the offer allowed {grouped(OFFER_MILEAGE_TOLERANCE)}.
                If it changes the price, the car is not as declared.
              </span>
            </span>
          ) : null}
        </p>
      </div>

      <ChoiceGroup
        legend="Keys handed over"
        hint={
          view.documents.keysStated === null
            ? undefined
            : `The seller said ${view.documents.keysStated === 1 ? '1 key' : `${view.documents.keysStated} keys`}.`
        }
        choices={keyChoices}
        error={errors.keys?.message}
        registration={form.register('keys')}
      />

      <ChoiceGroup
        legend="V5C logbook handed over"
        choices={yesNoChoices}
        error={errors.v5cHandedOver?.message}
        registration={form.register('v5cHandedOver')}
      />

      <ChoiceGroup
        legend="The seller is the keeper named on the V5C"
        hint="This decides the launch voucher: only a seller who is the legal owner, with the V5C in their name, can have it."
        choices={yesNoChoices}
        error={errors.sellerIsKeeper?.message}
        registration={form.register('sellerIsKeeper')}
      />

      <FormField
        label="Note (optional)"
        hint="Anything the office should know: a scratch not in the photos, a missing locking wheel nut."
        error={errors.notes?.message}
      >
        <textarea
          rows={3}
          maxLength={HANDOVER_NOTES_MAX_LENGTH}
          className={cn(inputClassName, 'h-auto py-2 leading-6')}
          {...form.register('notes')}
        />
      </FormField>
    </>
  );
}

function NotAsDeclaredFields({ form }: { form: Form }) {
  const { errors } = form.formState;
  return (
    <>
      <div
        role="note"
        className="flex items-start gap-2.5 rounded-lg border border-red-200 bg-red-50 px-3 py-3 text-sm text-red-950"
      >
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
        <p>
          <strong className="font-bold">We will not buy the car.</strong> The request will be marked lost. Pay nothing,
          take no documents or keys, and leave the car with the seller.
        </p>
      </div>
      <FormField
        label="What is not as declared"
        required
        hint="The seller and the request's timeline will read it: say plainly what differs."
        error={errors.notes?.message}
      >
        <textarea
          rows={4}
          maxLength={HANDOVER_NOTES_MAX_LENGTH}
          className={cn(inputClassName, 'h-auto py-2 leading-6')}
          {...form.register('notes')}
        />
      </FormField>
    </>
  );
}
