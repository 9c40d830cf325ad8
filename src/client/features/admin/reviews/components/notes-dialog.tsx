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
import { REVIEW_NOTES_MAX_LENGTH, reviewMessages, type AdminReview } from '~/shared/reviews';
import { NotesField } from '../../components/notes-field';

export type NotesDecision = { review: AdminReview; action: 'approve' | 'reject' };

/**
 * Approve or Reject with notes (SPEC section 2). Notes are optional to approve and required to
 * reject ("Admin notes required for rejection", checked here and again on the server).
 */
export function NotesDialog({
  decision,
  pending,
  onConfirm,
  onOpenChange,
  finalFocus,
}: {
  decision: NotesDecision | null;
  pending: boolean;
  onConfirm: (adminNotes: string) => void;
  onOpenChange: (open: boolean) => void;
  finalFocus?: FinalFocus;
}) {
  const rejecting = decision?.action === 'reject';
  return (
    <Dialog open={decision !== null} onOpenChange={onOpenChange}>
      <DialogContent finalFocus={finalFocus}>
        <DialogHeader>
          <DialogTitle>{rejecting ? 'Reject review' : 'Approve review'}</DialogTitle>
          <DialogDescription>
            {rejecting
              ? 'A rejected review is never published and leaves both lists. Say why, for the record.'
              : 'An approved review can then be published on the website. Notes are optional.'}
          </DialogDescription>
        </DialogHeader>
        {decision ? (
          <NotesForm
            key={`${decision.review.id}-${decision.action}`}
            decision={decision}
            pending={pending}
            onConfirm={onConfirm}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function NotesForm({
  decision,
  pending,
  onConfirm,
}: {
  decision: NotesDecision;
  pending: boolean;
  onConfirm: (adminNotes: string) => void;
}) {
  const rejecting = decision.action === 'reject';
  const [notes, setNotes] = useState(decision.review.adminNotes ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rejecting && notes.trim() === '') {
      setError(reviewMessages.notesRequired);
      return;
    }
    onConfirm(notes.trim());
  };
  return (
    <DialogForm onSubmit={submit}>
      <DialogBody className="grid gap-1.5">
        <p className="mb-2 text-sm text-muted">
          “{decision.review.reviewTitle}” by {decision.review.customerName}
        </p>
        <NotesField
          label={`Admin notes${rejecting ? '' : ' (optional)'}`}
          value={notes}
          maxLength={REVIEW_NOTES_MAX_LENGTH}
          error={error}
          onChange={(value) => {
            setNotes(value);
            setError(null);
          }}
        />
      </DialogBody>
      <DialogFormActions
        pending={pending}
        label={rejecting ? 'Reject review' : 'Approve review'}
        pendingLabel={rejecting ? 'Rejecting...' : 'Approving...'}
      />
    </DialogForm>
  );
}
