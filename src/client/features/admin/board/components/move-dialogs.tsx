import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '~/client/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogForm,
  DialogHeader,
  DialogTitle,
  type FinalFocus,
} from '~/client/components/ui/dialog';
import { Spinner } from '~/client/components/ui/spinner';
import type { BoardCard } from '~/shared/board';
import {
  CONTACT_NOTE_MAX_LENGTH,
  contactChannelLabels,
  contactChannels,
  pipelineMessages,
  type ContactChannel,
} from '~/shared/staff-pipeline';
import { lostReasonLabels, stageChoiceMessages, staffLostReasons, type LostReason } from '~/shared/valuation-lifecycle';
import { NotesField } from '../../components/notes-field';

/**
 * What a move needs before it is sent: why a request was lost (as the detail page asks), and how
 * the seller was reached when a new request becomes Contacted (the contact is logged, and it is the
 * seller's first answer on the 24-hour promise). Each form is mounted only while its dialog is
 * open, so every opening starts empty; a dialog cannot be closed while its move is being sent.
 */

type MoveDialogProps<T> = {
  card: BoardCard | null;
  pending: boolean;
  /** The server's message about the note, or null. */
  noteError?: string | null;
  finalFocus: FinalFocus;
  onCancel: () => void;
  onConfirm: (card: BoardCard, answer: T) => void;
};

export function LostDialog({ card, pending, finalFocus, onCancel, onConfirm }: MoveDialogProps<LostReason>) {
  return (
    <MoveDialog
      open={card !== null}
      pending={pending}
      finalFocus={finalFocus}
      onCancel={onCancel}
      title={card ? `Mark ${card.reference} as lost?` : ''}
      description="It leaves the board; you can reopen it from its page. The timeline keeps who marked it and why."
    >
      {card ? (
        <ChoiceForm
          legend="Why was it lost?"
          name="lostReason"
          choices={staffLostReasons.map((reason) => ({ value: reason, label: lostReasonLabels[reason] }))}
          required={stageChoiceMessages.lostNeedsReason}
          submitLabel="Mark as lost"
          pending={pending}
          onConfirm={(reason) => onConfirm(card, reason)}
        />
      ) : null}
    </MoveDialog>
  );
}

export type ContactAnswer = { channel: ContactChannel; note: string };

export function ContactDialog({
  card,
  pending,
  noteError = null,
  finalFocus,
  onCancel,
  onConfirm,
}: MoveDialogProps<ContactAnswer>) {
  return (
    <MoveDialog
      open={card !== null}
      pending={pending}
      finalFocus={finalFocus}
      onCancel={onCancel}
      title={card ? `How did you reach ${card.firstName} ${card.lastName}?` : ''}
      description={
        card
          ? `${card.reference} moves to Contacted, and the contact is logged on its timeline as the seller's first answer.`
          : ''
      }
    >
      {card ? (
        <ContactForm pending={pending} noteError={noteError} onConfirm={(answer) => onConfirm(card, answer)} />
      ) : null}
    </MoveDialog>
  );
}

function MoveDialog({
  open,
  pending,
  finalFocus,
  onCancel,
  title,
  description,
  children,
}: {
  open: boolean;
  pending: boolean;
  finalFocus: FinalFocus;
  onCancel: () => void;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && onCancel()}>
      <DialogContent finalFocus={finalFocus} className="max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

function ChoiceForm<T extends string>({
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
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (!value) return setMissing(true);
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

function ContactForm({
  pending,
  noteError,
  onConfirm,
}: {
  pending: boolean;
  noteError: string | null;
  onConfirm: (answer: ContactAnswer) => void;
}) {
  const [note, setNote] = useState('');
  return (
    <ChoiceForm
      legend="How did you reach the seller?"
      name="channel"
      choices={contactChannels.map((channel) => ({ value: channel, label: contactChannelLabels[channel] }))}
      required={pipelineMessages.invalidChannel}
      submitLabel="Log contact and move"
      pending={pending}
      onConfirm={(channel) => onConfirm({ channel, note: note.trim() })}
    >
      <div className="grid gap-1.5">
        <NotesField
          label="Note (optional)"
          value={note}
          maxLength={CONTACT_NOTE_MAX_LENGTH}
          error={noteError}
          onChange={setNote}
          rows={3}
        />
      </div>
    </ChoiceForm>
  );
}
