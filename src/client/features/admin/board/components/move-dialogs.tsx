import { useState, type ReactNode } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  type FinalFocus,
} from '~/client/components/ui/dialog';
import type { BoardCard } from '~/shared/board';
import {
  CONTACT_NOTE_MAX_LENGTH,
  contactChannelLabels,
  contactChannels,
  pipelineMessages,
  type ContactChannel,
} from '~/shared/staff-pipeline';
import type { LostReason } from '~/shared/valuation-lifecycle';
import { ChoiceForm, LostReasonForm } from '../../components/choice-form';
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
  /** Where focus goes when the dialog is closed without a move; empty when the board has put it. */
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
      {card ? <LostReasonForm pending={pending} onConfirm={(reason) => onConfirm(card, reason)} /> : null}
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
      <DialogContent
        finalFocus={finalFocus}
        // Closed by an answered move, the board has put focus already (finalFocus is then empty):
        // Radix's own return of focus, in a timer, would take it from where a person may have moved on.
        onCloseAutoFocus={(event) => {
          if (!finalFocus.current) event.preventDefault();
        }}
        className="max-w-md"
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
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
