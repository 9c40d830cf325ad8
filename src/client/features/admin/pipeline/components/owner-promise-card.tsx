import { Hand, MessageSquarePlus, UserRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import { inputClassName } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { LoadingState, Spinner } from '~/client/components/ui/spinner';
import { toast } from '~/client/components/ui/toast';
import { cn } from '~/client/lib/cn';
import type { ValuationStatusValue } from '~/shared/admin-valuations';
import {
  CONTACT_NOTE_MAX_LENGTH,
  contactChannelLabels,
  contactChannels,
  pipelineMessages,
  PROMISE_HOURS,
  type ContactChannel,
  type PipelineDetail,
} from '~/shared/staff-pipeline';
import { useAdminUser } from '../../auth';
import { formatUkDateAndTime } from '../../lib/format-date';
import { errorMessage } from '../../lib/server-errors';
import { useChangeOwner, useClaim, useLogContact, usePipeline, useStaff } from '../api/pipeline';
import { PromiseTimer, useServerClock } from './promise-timer';

type Status = ValuationStatusValue;

/**
 * The request page's "Owner and reply" card (issue 37): who owns it (claim it, or give it to a
 * colleague, who is e-mailed), the 24-hour promise (time left, or when it was first answered), and
 * the contacts logged with the seller, with a form to log one (the first answers the request).
 */
export function OwnerPromiseCard({ id, status, subject }: { id: string; status: Status; subject: string }) {
  const pipeline = usePipeline(id);
  return (
    <Card>
      <CardHeader className="pb-3 sm:pb-3">
        <CardTitle className="flex items-center gap-2">
          <UserRound aria-hidden="true" className="size-5 text-brand-600" />
          Owner and reply
        </CardTitle>
        <CardDescription>
          We promise every seller an answer within {PROMISE_HOURS} hours of their request.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {pipeline.isPending ? (
          <LoadingState label="Loading owner and contacts..." />
        ) : pipeline.isError ? (
          <p role="alert" className="text-sm text-danger">
            Could not load the owner and contacts: {errorMessage(pipeline.error, 'please try again.')}
          </p>
        ) : (
          <>
            <OwnerControl id={id} detail={pipeline.data} subject={subject} />
            <PromiseLine detail={pipeline.data} status={status} />
            <ContactForm id={id} status={status} />
            <ContactList detail={pipeline.data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function OwnerControl({ id, detail, subject }: { id: string; detail: PipelineDetail; subject: string }) {
  const user = useAdminUser();
  const staff = useStaff();
  const claim = useClaim(id);
  const change = useChangeOwner(id);
  const selectId = useId();
  const pending = claim.isPending || change.isPending;
  const mine = detail.owner?.id === user.id;

  const report = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      toast({ title: done, description: subject });
    } catch (error) {
      toast({
        title: 'Could not change the owner',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={selectId}>Owner</Label>
      <div className="flex flex-wrap items-center gap-2">
        <select
          id={selectId}
          value={detail.owner ? String(detail.owner.id) : ''}
          disabled={pending || !staff.data}
          onChange={(event) => {
            const userId = event.target.value ? Number(event.target.value) : null;
            void report(
              () => change.mutateAsync({ userId }),
              userId === null
                ? pipelineMessages.unassigned
                : userId === user.id
                  ? pipelineMessages.claimed
                  : pipelineMessages.assigned,
            );
          }}
          className={cn(inputClassName, 'min-w-0 flex-1 cursor-pointer pr-8')}
        >
          <option value="">Nobody yet</option>
          {(staff.data ?? (detail.owner ? [detail.owner] : [])).map((member) => (
            <option key={member.id} value={member.id}>
              {member.id === user.id ? `${member.name} (you)` : member.name}
            </option>
          ))}
        </select>
        {mine ? null : (
          <Button
            variant="outline"
            size="sm"
            disabled={pending}
            onClick={() => void report(() => claim.mutateAsync(), pipelineMessages.claimed)}
          >
            {claim.isPending ? <Spinner /> : <Hand aria-hidden="true" />}
            Claim
          </Button>
        )}
      </div>
      {detail.owner && detail.assignedAt ? (
        <p className="text-xs text-muted">Since {formatUkDateAndTime(detail.assignedAt)}</p>
      ) : null}
    </div>
  );
}

function PromiseLine({ detail, status }: { detail: PipelineDetail; status: Status }) {
  const now = useServerClock(detail.now);
  const { dueAt, firstAnsweredAt } = detail.promise;
  if (!firstAnsweredAt && (status === 'completed' || status === 'lost')) {
    return <p className="text-sm text-muted">Closed without a first answer logged.</p>;
  }
  return (
    <div className="grid gap-1 text-sm">
      <PromiseTimer dueAt={dueAt} firstAnsweredAt={firstAnsweredAt} now={now} className="justify-self-start" />
      <p className="text-muted">
        {firstAnsweredAt
          ? `First answered ${formatUkDateAndTime(firstAnsweredAt)} (due by ${formatUkDateAndTime(dueAt)}).`
          : `Answer due by ${formatUkDateAndTime(dueAt)}: send an offer, or contact the seller and log it here.`}
      </p>
    </div>
  );
}

function ContactForm({ id, status }: { id: string; status: Status }) {
  const log = useLogContact(id);
  const [channel, setChannel] = useState<ContactChannel | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const noteId = useId();
  const errorId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (log.isPending) return;
    if (!channel) return setError(pipelineMessages.invalidChannel);
    setError(null);
    try {
      await log.mutateAsync({ channel, note });
      toast({
        title: pipelineMessages.contactLogged,
        description: status === 'new' ? 'The request is now Contacted.' : contactChannelLabels[channel],
      });
      setChannel(null);
      setNote('');
    } catch (failure) {
      setError(errorMessage(failure, 'Could not log the contact. Please try again.'));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-3 rounded-lg border border-line p-3">
      <fieldset aria-describedby={error ? errorId : undefined} className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold text-brand-950">Log a contact with the seller</legend>
        <div className="grid grid-cols-2 gap-2">
          {contactChannels.map((value) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-md border border-line px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50',
              )}
            >
              <input
                type="radio"
                name={`contact-channel-${id}`}
                value={value}
                checked={channel === value}
                onChange={() => setChannel(value)}
                className="size-4 accent-brand-700"
              />
              {contactChannelLabels[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-1.5">
        <Label htmlFor={noteId}>What was said (optional)</Label>
        <textarea
          id={noteId}
          value={note}
          maxLength={CONTACT_NOTE_MAX_LENGTH}
          rows={2}
          onChange={(event) => setNote(event.target.value)}
          className={cn(inputClassName, 'h-auto min-h-16 py-2')}
        />
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
      <Button type="submit" variant="brand" size="sm" className="justify-self-start" disabled={log.isPending}>
        {log.isPending ? <Spinner /> : <MessageSquarePlus aria-hidden="true" />}
        Log contact
      </Button>
    </form>
  );
}

function ContactList({ detail }: { detail: PipelineDetail }) {
  if (detail.contacts.length === 0) return <p className="text-sm text-muted">No contacts logged yet.</p>;
  return (
    <ul aria-label="Contacts logged" className="grid gap-2 text-sm">
      {detail.contacts.map((contact) => (
        <li key={contact.id} className="rounded-md bg-slate-50 px-3 py-2">
          <p className="font-semibold text-brand-950">
            {contactChannelLabels[contact.channel]}
            <span className="font-normal text-muted">
              {' '}
              · {formatUkDateAndTime(contact.createdAt)}
              {contact.by ? ` · ${contact.by}` : ''}
            </span>
          </p>
          {contact.note ? <p className="mt-0.5 whitespace-pre-line text-slate-700">{contact.note}</p> : null}
        </li>
      ))}
    </ul>
  );
}
