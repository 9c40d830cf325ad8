import { useState, type FormEvent } from 'react';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogForm,
  DialogFormActions,
  DialogHeader,
  DialogTitle,
  type FinalFocus,
} from '~/client/components/ui/dialog';
import { toast } from '~/client/components/ui/toast';
import { ApiError } from '~/client/lib/api-client';
import { CALL_NOTES_MAX_LENGTH, formatCallDuration, type CallLogItem } from '~/shared/calls';
import { NotesField } from '../../components/notes-field';
import { formatUkDateAndTime } from '../../lib/format-date';
import { errorMessage } from '../../lib/server-errors';
import { useSaveCallNotes } from '../api/save-call-notes';
import { callParty } from '../lib/call-display';

/**
 * Staff's notes on a call (SPEC section 2's Notes dialog), saved with PATCH. At most 2,000 characters:
 * the field stops there, and the server's own message is shown should it refuse them.
 */
export function CallNotesDialog({
  call,
  onOpenChange,
  finalFocus,
}: {
  /** The call whose notes are open; the dialog is open while there is one. */
  call: CallLogItem | null;
  onOpenChange: (open: boolean) => void;
  finalFocus?: FinalFocus;
}) {
  const party = call ? callParty(call) : null;
  return (
    <Dialog open={call !== null} onOpenChange={onOpenChange}>
      <DialogContent finalFocus={finalFocus}>
        <DialogHeader>
          <DialogTitle>Call notes</DialogTitle>
          <DialogDescription>
            {party && call
              ? `${party.name}${party.number ? ` (${party.number})` : ''}, ${formatUkDateAndTime(call.startTime ?? call.createdAt)}, ${formatCallDuration(call.duration)}. Only staff see these notes.`
              : 'Only staff see these notes.'}
          </DialogDescription>
        </DialogHeader>
        {/* Keyed by call, so each opening starts from that call's saved notes. */}
        {call ? <NotesForm key={call.callSid} call={call} onSaved={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function NotesForm({ call, onSaved }: { call: CallLogItem; onSaved: () => void }) {
  const save = useSaveCallNotes();
  const [notes, setNotes] = useState(call.notes ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { callSid: call.callSid, notes: notes.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Notes saved successfully' });
          onSaved();
        },
        onError: (failure) => {
          const message = errorMessage(failure, 'Failed to save notes');
          if (failure instanceof ApiError && failure.status === 400) setError(message);
          toast({ title: 'Error', description: message, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <DialogForm onSubmit={submit}>
      <DialogBody className="grid gap-1.5">
        <NotesField
          label="Notes"
          value={notes}
          maxLength={CALL_NOTES_MAX_LENGTH}
          rows={5}
          showCount
          error={error}
          onChange={(value) => {
            setNotes(value);
            setError(null);
          }}
        />
      </DialogBody>
      <DialogFormActions pending={save.isPending} label="Save notes" pendingLabel="Saving..." />
    </DialogForm>
  );
}
