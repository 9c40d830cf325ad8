import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '~/client/components/ui/button';
import { DialogBody, DialogClose, DialogFooter, DialogForm } from '~/client/components/ui/dialog';
import { Spinner } from '~/client/components/ui/spinner';
import { lostReasonLabels, stageChoiceMessages, staffLostReasons, type LostReason } from '~/shared/valuation-lifecycle';

/**
 * A dialog's form that asks for one choice among a few (radio buttons as cards), with optional
 * fields under them: why a request was lost (its page and the board), how the seller was reached
 * (the board). Nothing chosen says `required` under the choices; a press while `pending` is ignored,
 * so a double click sends one answer. Mount it only while its dialog is open, so each opening starts
 * with nothing chosen.
 */
export function ChoiceForm<T extends string>({
  legend,
  name,
  choices,
  required,
  submitLabel,
  pending,
  onConfirm,
  children,
}: {
  legend: string;
  name: string;
  choices: { value: T; label: string }[];
  /** Said under the choices when none was made. */
  required: string;
  submitLabel: string;
  pending: boolean;
  onConfirm: (value: T) => void;
  children?: ReactNode;
}) {
  const [value, setValue] = useState<T | null>(null);
  const [missing, setMissing] = useState(false);
  const errorId = useId();
  // `pending` arrives with the next render; a second press of a double click comes before it, so
  // the form remembers its own answer until the one sent has been dealt with (pending again false).
  const sent = useRef(false);
  useEffect(() => {
    if (!pending) sent.current = false;
  }, [pending]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || sent.current) return;
    if (!value) return setMissing(true);
    sent.current = true;
    onConfirm(value);
  };
  return (
    <DialogForm onSubmit={submit}>
      <DialogBody className="grid gap-4">
        <fieldset aria-describedby={missing ? errorId : undefined}>
          <legend className="mb-3 text-sm font-semibold text-brand-950">{legend}</legend>
          <div className="grid gap-2">
            {choices.map((choice) => (
              <label
                key={choice.value}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-line px-3 py-2.5 text-sm has-checked:border-brand-500 has-checked:bg-brand-50"
              >
                <input
                  type="radio"
                  name={name}
                  value={choice.value}
                  checked={value === choice.value}
                  onChange={() => {
                    setValue(choice.value);
                    setMissing(false);
                  }}
                  className="size-4 accent-brand-700"
                />
                {choice.label}
              </label>
            ))}
          </div>
          {missing ? (
            <p id={errorId} role="alert" className="mt-3 text-sm font-medium text-danger">
              {required}
            </p>
          ) : null}
        </fieldset>
        {children}
      </DialogBody>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" variant="brand" disabled={pending}>
          {pending ? <Spinner /> : null}
          {submitLabel}
        </Button>
      </DialogFooter>
    </DialogForm>
  );
}

/**
 * Why a request was lost, one of DESIGN's reasons, required as the server requires it: the same
 * question on the request's page and on the board. The seller's own answer to a revised price
 * (issue 37) is not staff's to give, so it is not offered.
 */
export function LostReasonForm({ pending, onConfirm }: { pending: boolean; onConfirm: (reason: LostReason) => void }) {
  return (
    <ChoiceForm
      legend="Why was it lost?"
      name="lostReason"
      choices={staffLostReasons.map((reason) => ({ value: reason, label: lostReasonLabels[reason] }))}
      required={stageChoiceMessages.lostNeedsReason}
      submitLabel="Mark as lost"
      pending={pending}
      onConfirm={onConfirm}
    />
  );
}
