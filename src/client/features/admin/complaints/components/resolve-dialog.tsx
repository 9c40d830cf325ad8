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
import { COMPLAINT_RESOLUTION_MAX_LENGTH, complaintMessages, type AdminComplaint } from '~/shared/complaints';
import { NotesField } from '../../components/notes-field';

/**
 * "Mark resolved": staff write what they did about the complaint (required, checked here and
 * again on the server). Resolving sends nothing to the sender: staff reply to them themselves.
 */
export function ResolveDialog({
  complaint,
  pending,
  error,
  onConfirm,
  onOpenChange,
  finalFocus,
}: {
  complaint: AdminComplaint | null;
  pending: boolean;
  /** The server's message about the note, or null. */
  error: string | null;
  onConfirm: (resolutionNote: string) => void;
  onOpenChange: (open: boolean) => void;
  finalFocus?: FinalFocus;
}) {
  return (
    <Dialog open={complaint !== null} onOpenChange={onOpenChange}>
      <DialogContent finalFocus={finalFocus}>
        <DialogHeader>
          <DialogTitle>Mark complaint resolved</DialogTitle>
          <DialogDescription>
            Record how you answered it. This does not e-mail the sender: reply to them yourself first.
          </DialogDescription>
        </DialogHeader>
        {complaint ? (
          <ResolveForm
            key={complaint.id}
            complaint={complaint}
            pending={pending}
            serverError={error}
            onConfirm={onConfirm}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ResolveForm({
  complaint,
  pending,
  serverError,
  onConfirm,
}: {
  complaint: AdminComplaint;
  pending: boolean;
  serverError: string | null;
  onConfirm: (resolutionNote: string) => void;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (note.trim() === '') {
      setError(complaintMessages.resolutionRequired);
      return;
    }
    onConfirm(note.trim());
  };
  return (
    <DialogForm onSubmit={submit}>
      <DialogBody className="grid gap-1.5">
        <p className="mb-2 text-sm text-muted">
          <span className="font-mono font-semibold text-brand-950">{complaint.reference}</span> from {complaint.name}
        </p>
        <NotesField
          label="What did you do about it?"
          value={note}
          maxLength={COMPLAINT_RESOLUTION_MAX_LENGTH}
          error={error ?? serverError}
          showCount
          onChange={(value) => {
            setNote(value);
            setError(null);
          }}
        />
      </DialogBody>
      <DialogFormActions pending={pending} label="Mark resolved" pendingLabel="Saving..." />
    </DialogForm>
  );
}
