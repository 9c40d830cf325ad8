import { Check, CheckCheck } from 'lucide-react';
import { EmailAddress } from '~/client/components/email-address';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Card } from '~/client/components/ui/card';
import { complaintReplyDue, type AdminComplaint } from '~/shared/complaints';
import { formatUkDate, formatUkDateAndTime } from '../../lib/format-date';

/**
 * One data-protection complaint as staff handle it: the reference to quote, when it came and when
 * the reply we promised is due, who sent it and how to reach them, what they wrote, and, once
 * resolved, what staff did, who and when. Open ones offer "Mark resolved".
 */
export function ComplaintCard({
  complaint,
  now,
  busy,
  onResolve,
}: {
  complaint: AdminComplaint;
  /** The time the list was shown, to tell an overdue reply. */
  now: number;
  busy: boolean;
  onResolve: (complaint: AdminComplaint, trigger: HTMLElement) => void;
}) {
  const open = complaint.status === 'open';
  const due = complaintReplyDue(new Date(complaint.receivedAt));
  const overdue = open && due.getTime() < now;
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-mono text-lg font-bold tracking-wider text-brand-950">{complaint.reference}</h3>
          <p className="text-sm text-muted">Received {formatUkDateAndTime(complaint.receivedAt)}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {overdue ? <Badge variant="danger">Reply overdue</Badge> : null}
          <Badge variant={open ? 'plate' : 'success'}>{open ? 'Open' : 'Resolved'}</Badge>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Name</dt>
        <dd className="min-w-0 font-medium break-words">{complaint.name}</dd>
        <dt className="text-muted">E-mail</dt>
        <dd className="min-w-0">
          <a href={`mailto:${complaint.email}`} className="text-brand-700 underline underline-offset-2">
            <EmailAddress address={complaint.email} />
          </a>
        </dd>
        <dt className="text-muted">Phone</dt>
        <dd className="min-w-0 break-words">{complaint.phone ?? 'Not given'}</dd>
        {open ? (
          <>
            <dt className="text-muted">Reply by</dt>
            <dd className={overdue ? 'font-semibold text-danger' : undefined}>{formatUkDate(due)}</dd>
          </>
        ) : null}
      </dl>
      <div className="mt-4 rounded-lg border border-line bg-surface px-4 py-3">
        <p className="text-sm font-semibold text-brand-950">What they wrote</p>
        <p className="mt-1 text-base break-words whitespace-pre-line text-ink">{complaint.details}</p>
      </div>
      {complaint.status === 'resolved' ? (
        <div className="mt-4 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm">
          <p className="flex items-center gap-1.5 font-semibold text-go-700">
            <CheckCheck aria-hidden="true" className="size-4" />
            Resolved
            {complaint.resolvedAt ? ` ${formatUkDateAndTime(complaint.resolvedAt)}` : ''}
            {complaint.resolvedBy ? ` by ${complaint.resolvedBy}` : ''}
          </p>
          <p className="mt-1 break-words whitespace-pre-line text-ink">{complaint.resolutionNote}</p>
        </div>
      ) : (
        <div className="mt-5 flex flex-wrap items-center gap-3">
          <Button size="sm" onClick={(event) => onResolve(complaint, event.currentTarget)} disabled={busy}>
            <Check aria-hidden="true" />
            Mark resolved
          </Button>
        </div>
      )}
    </Card>
  );
}
