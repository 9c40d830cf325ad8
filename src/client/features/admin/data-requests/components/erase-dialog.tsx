import { TriangleAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
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
import { FormField } from '~/client/components/ui/form-field';
import { Input } from '~/client/components/ui/input';
import { Spinner } from '~/client/components/ui/spinner';
import {
  confirmationMatches,
  dataRequestMessages as m,
  type DataRequestSearchInput,
  type DataRequestSearchResult,
} from '~/shared/data-requests';
import { countPhrase } from '../lib/labels';

/** "1 valuation request, with 2 photos and 1 offer"; the parts that are none are left out. */
function withParts(main: string, parts: (string | null)[]): string {
  const some = parts.filter((part): part is string => part !== null);
  if (some.length === 0) return main;
  const last = some.pop()!;
  return `${main}, with ${some.length ? `${some.join(', ')} and ${last}` : last}`;
}

/**
 * The confirmation before an erasure: exactly what will be deleted, that it cannot be undone, and
 * the identifier typed again (as it was searched), so nobody erases the wrong person with a slip
 * of the mouse. It stays open while the request runs.
 */
export function EraseDialog({
  open,
  result,
  searched,
  typed,
  pending,
  serverError,
  onConfirm,
  onOpenChange,
  finalFocus,
}: {
  open: boolean;
  result: DataRequestSearchResult;
  /** The search's own body: what the erasure repeats. */
  searched: DataRequestSearchInput;
  /** The identifier as staff typed it for the search: what they must type again. */
  typed: string;
  pending: boolean;
  serverError: string | undefined;
  onConfirm: (confirm: string) => void;
  onOpenChange: (open: boolean) => void;
  finalFocus?: FinalFocus;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent finalFocus={finalFocus} className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Erase everything held about this person?</DialogTitle>
          <DialogDescription>
            This deletes the records below for good, with their photos and files. It cannot be undone, and the person
            will no longer appear in any list.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts with an empty box. */}
        {open ? (
          <EraseForm
            result={result}
            searched={searched}
            typed={typed}
            pending={pending}
            serverError={serverError}
            onConfirm={onConfirm}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function EraseForm({
  result,
  searched,
  typed,
  pending,
  serverError,
  onConfirm,
}: {
  result: DataRequestSearchResult;
  searched: DataRequestSearchInput;
  typed: string;
  pending: boolean;
  serverError: string | undefined;
  onConfirm: (confirm: string) => void;
}) {
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { counts } = result;
  const lines = [
    counts.valuations
      ? withParts(countPhrase('valuations', counts.valuations), [
          counts.photos ? countPhrase('photos', counts.photos) : null,
          counts.documents ? countPhrase('documents', counts.documents) : null,
          counts.valuationEvents ? countPhrase('valuationEvents', counts.valuationEvents) : null,
          counts.offers ? countPhrase('offers', counts.offers) : null,
        ])
      : null,
    counts.messages
      ? withParts(countPhrase('messages', counts.messages), [
          counts.attachments ? countPhrase('attachments', counts.attachments) : null,
        ])
      : null,
    counts.calls
      ? `${countPhrase('calls', counts.calls)} from the call log${counts.callRecordings ? ` (${counts.callRecordings} recorded)` : ''}`
      : null,
    counts.reviews ? `${countPhrase('reviews', counts.reviews)} (taken off the website if published)` : null,
    counts.complaints ? countPhrase('complaints', counts.complaints) : null,
  ].filter((line): line is string => line !== null);
  const noun = result.identifier.kind === 'email' ? 'e-mail address' : 'phone number';
  const thirdParty = result.thirdPartyMessages.length;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!confirmationMatches(searched, confirm)) {
      setError(confirm.trim() ? m.confirmMismatch : m.confirmRequired);
      return;
    }
    setError(undefined);
    onConfirm(confirm);
  };

  return (
    <DialogForm onSubmit={submit}>
      <DialogBody className="grid content-start gap-5">
        <div className="rounded-lg border border-red-200 bg-red-50 p-3.5 text-sm text-red-950">
          <p className="flex items-center gap-2 font-semibold">
            <TriangleAlert aria-hidden="true" className="size-5 shrink-0 text-danger" />
            What will be deleted
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-6">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {counts.callRecordings ? (
            <p className="mt-2">
              Recordings are held by Twilio: they are deleted there too when phone calls are set up in this system;
              otherwise you will be told to delete them in the Twilio console.
            </p>
          ) : null}
          <p className="mt-2">
            The request log keeps a note of this erasure (how many records, by whom and when), never the person’s
            details.
          </p>
        </div>
        {thirdParty > 0 ? (
          <p className="rounded-lg border border-line bg-surface p-3.5 text-sm text-ink">
            <strong className="font-semibold text-brand-950">Not deleted:</strong>{' '}
            {thirdParty === 1 ? '1 message' : `${thirdParty.toLocaleString('en-GB')} messages`} sent to them about other
            people’s valuation requests or complaints. That is the other people’s data, not this person’s.
          </p>
        ) : null}
        <FormField
          label={`Type the ${noun} to confirm`}
          hint={
            <>
              Type <span className="font-mono font-semibold text-brand-950">{typed}</span> exactly as searched.
            </>
          }
          error={error ?? serverError}
          required
        >
          <Input
            name="confirm"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={confirm}
            onChange={(event) => {
              setConfirm(event.target.value);
              if (error) setError(undefined);
            }}
          />
        </FormField>
      </DialogBody>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" variant="danger" disabled={pending}>
          {pending ? <Spinner /> : null}
          {pending ? 'Erasing...' : 'Erase everything'}
        </Button>
      </DialogFooter>
    </DialogForm>
  );
}
