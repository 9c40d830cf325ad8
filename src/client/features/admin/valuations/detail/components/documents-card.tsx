import { CircleAlert, CircleCheck, Clock, Download, FileCheck, FileX, KeyRound, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Badge } from '~/client/components/ui/badge';
import { Button } from '~/client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '~/client/components/ui/dialog';
import { inputClassName } from '~/client/components/ui/input';
import { Label } from '~/client/components/ui/label';
import { LoadingState, Spinner } from '~/client/components/ui/spinner';
import { toast } from '~/client/components/ui/toast';
import { ApiError } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';
import type { ValuationDetail } from '~/shared/admin-valuation-detail';
import {
  commonRejectionReasons,
  describeDocumentFile,
  documentGuide,
  documentMessages,
  documentStatusLabels,
  REJECTION_REASON_MAX_LENGTH,
  type AdminDocument,
  type AdminDocuments,
  type DocumentStatus,
} from '~/shared/documents';
import { formatUkDate, formatUkDateAndTime } from '../../../lib/format-date';
import { errorMessage } from '../../../lib/server-errors';
import { documentFileUrl, useDocumentAction, useDocuments, type DocumentAction } from '../api/documents';

type Item = AdminDocuments['items'][number];
/** Sends one change unless one is already on its way (a double click sends once); undefined then. */
type Run = (change: DocumentAction) => Promise<AdminDocuments | undefined>;

const statusVariant: Record<DocumentStatus, 'plate' | 'success' | 'danger'> = {
  pending: 'plate',
  verified: 'success',
  rejected: 'danger',
};

/** The server's message about the reason field (a 400's issue), or its message, or the fallback. */
function reasonError(error: unknown): string {
  if (error instanceof ApiError) {
    const issue = error.body?.issues?.find((i) => i.path.split(/[./]/).at(-1) === 'reason');
    if (issue) return issue.message;
  }
  return errorMessage(error, 'The reason was not sent. Please try again.');
}

/**
 * The seller's documents (issue 35): where the checklist stands, each document with its first page,
 * its file and who checked it, and the keys. Staff check a document waiting for them, or turn it
 * down with a reason the seller sees; before an offer is accepted they can ask for the documents.
 */
export function DocumentsCard({ valuation }: { valuation: Pick<ValuationDetail, 'id' | 'firstName'> }) {
  const documents = useDocuments(valuation.id);
  const action = useDocumentAction(valuation.id);
  const sending = useRef(false);
  const run: Run = async (change) => {
    if (sending.current) return undefined;
    sending.current = true;
    try {
      return await action.mutateAsync(change);
    } finally {
      sending.current = false;
    }
  };
  const pendingChange = action.isPending ? action.variables : undefined;

  return (
    <Card id="documents" className="scroll-mt-24">
      <CardHeader className="pb-3">
        <CardTitle>Documents</CardTitle>
        <CardDescription>
          What {valuation.firstName} sent for the sale. Check each one, or say why it cannot be accepted:{' '}
          {valuation.firstName} sees the reason on their page and by e-mail.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {documents.isPending ? (
          <LoadingState className="py-6" label="Loading documents..." />
        ) : documents.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p className="text-danger">{errorMessage(documents.error, 'The documents could not be loaded.')}</p>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void documents.refetch()}
              disabled={documents.isFetching}
            >
              Try again
            </Button>
          </div>
        ) : (
          <DocumentsChecklist
            valuationId={valuation.id}
            data={documents.data}
            firstName={valuation.firstName}
            run={run}
            busy={action.isPending}
            pendingChange={pendingChange}
          />
        )}
      </CardContent>
    </Card>
  );
}

function DocumentsChecklist({
  valuationId,
  data,
  firstName,
  run,
  busy,
  pendingChange,
}: {
  valuationId: string;
  data: AdminDocuments;
  firstName: string;
  run: Run;
  busy: boolean;
  pendingChange: DocumentAction | undefined;
}) {
  // asked is false for a closed request, and canRequest false for an asked or closed one.
  const closed = !data.asked && !data.canRequest;
  return (
    <>
      <DocumentsStatus
        data={data}
        firstName={firstName}
        run={run}
        busy={busy}
        asking={pendingChange?.action === 'request'}
        closed={closed}
      />
      <ol aria-label="Documents" className="grid gap-3">
        {data.items.map((item) => (
          <DocumentRow
            key={item.kind}
            valuationId={valuationId}
            item={item}
            firstName={firstName}
            run={run}
            busy={busy}
            pendingChange={pendingChange}
            canReview={!closed}
          />
        ))}
      </ol>
      <p className="flex items-center gap-2 text-sm font-semibold text-brand-950">
        <KeyRound aria-hidden="true" className="size-4 shrink-0 text-muted" />
        {data.keysCount === null ? 'Keys: not stated yet' : `Keys: ${data.keysCount}`}
      </p>
    </>
  );
}

/** Complete, N to check, waiting for the seller, or not asked yet (with "Ask for documents"). */
function DocumentsStatus({
  data,
  firstName,
  run,
  busy,
  asking,
  closed,
}: {
  data: AdminDocuments;
  firstName: string;
  run: Run;
  busy: boolean;
  /** "Ask for documents" is on its way. */
  asking: boolean;
  closed: boolean;
}) {
  // The button goes once the seller is asked; focus then stays here, not lost with it.
  const line = useRef<HTMLDivElement>(null);
  const toCheck = data.items.filter((item) => item.document?.status === 'pending').length;

  async function ask() {
    try {
      const answer = await run({ action: 'request' });
      if (!answer) return;
      toast({ title: 'Documents asked for', description: `${firstName} has been e-mailed the list.` });
      line.current?.focus();
    } catch (error) {
      toast({
        title: 'Documents not asked for',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  }

  let tone: string;
  let icon: ReactNode;
  let title: ReactNode;
  let note: ReactNode;
  if (data.completedAt) {
    tone = 'border-green-200 bg-green-50 text-go-700';
    icon = <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />;
    title = 'Documents complete';
    note = (
      <>
        Every document checked and the keys counted, on{' '}
        <time dateTime={data.completedAt}>{formatUkDate(data.completedAt)}</time>.
      </>
    );
  } else if (closed) {
    tone = 'border-line bg-surface text-ink';
    icon = <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted" />;
    title = 'Request closed';
    note = 'Its documents can no longer be checked or changed.';
  } else if (toCheck > 0) {
    tone = 'border-amber-300 bg-amber-50 text-amber-950';
    icon = <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />;
    title = `${toCheck} to check`;
    note = `${firstName} sent ${toCheck === 1 ? 'a document that is' : 'documents that are'} waiting for our check.`;
  } else if (data.asked) {
    tone = 'border-line bg-surface text-ink';
    icon = <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted" />;
    title = 'Waiting for the seller';
    note = data.requestedAt ? (
      <>
        Asked for on <time dateTime={data.requestedAt}>{formatUkDate(data.requestedAt)}</time>, before an offer was
        accepted.
      </>
    ) : (
      `Asked for since ${firstName} accepted the offer.`
    );
  } else {
    tone = 'border-line bg-surface text-ink';
    icon = <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted" />;
    title = 'Not asked yet';
    note = `${firstName} is asked once they accept an offer. Ask now to have them ready sooner.`;
  }

  return (
    <div
      ref={line}
      tabIndex={-1}
      className={cn('flex flex-wrap items-start justify-between gap-3 rounded-lg border px-3 py-2.5 text-sm', tone)}
    >
      <div className="flex min-w-0 flex-1 gap-2.5">
        {icon}
        <div className="min-w-0">
          <p className="font-bold">{title}</p>
          {note ? <p className="mt-0.5">{note}</p> : null}
        </div>
      </div>
      {data.canRequest ? (
        <Button variant="brand" size="sm" onClick={() => void ask()} disabled={busy}>
          {asking ? <Spinner /> : <Send aria-hidden="true" />}
          {asking ? 'Asking...' : 'Ask for documents'}
        </Button>
      ) : null}
    </div>
  );
}

function DocumentRow({
  valuationId,
  item,
  firstName,
  run,
  busy,
  pendingChange,
  canReview,
}: {
  valuationId: string;
  item: Item;
  firstName: string;
  run: Run;
  busy: boolean;
  pendingChange: DocumentAction | undefined;
  canReview: boolean;
}) {
  const { label } = documentGuide[item.kind];
  const doc = item.document;
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const rejectButton = useRef<HTMLButtonElement>(null);
  const reviewable = canReview && doc?.status === 'pending';
  // Which upload the Reject form is open for: a file sent again, or checked meanwhile, closes it.
  const [rejectingUpload, setRejectingUpload] = useState<string | null>(null);
  const rejecting = reviewable && rejectingUpload === doc.uploadedAt;
  // Once the form has closed (in the same commit, so never on a button that is gone): back to the
  // Reject button, or to the row when the reason was sent and the buttons went with it.
  const returnFocus = useRef<'heading' | 'reject' | null>(null);
  const [formClosings, setFormClosings] = useState(0);
  useEffect(() => {
    if (rejecting || !returnFocus.current) return;
    (returnFocus.current === 'heading' ? heading.current : rejectButton.current)?.focus();
    returnFocus.current = null;
  }, [rejecting, formClosings]);
  const pendingHere =
    pendingChange && pendingChange.action !== 'request' && pendingChange.documentId === doc?.id
      ? pendingChange.action
      : undefined;

  async function verify() {
    if (!doc) return;
    try {
      const answer = await run({ action: 'verify', documentId: doc.id });
      if (!answer) return;
      toast({
        title: `Checked: ${label}`,
        ...(answer.completedAt ? { description: 'Documents complete.' } : {}),
      });
      heading.current?.focus();
    } catch (error) {
      toast({
        title: `${label} not marked as checked`,
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      });
      heading.current?.focus();
    }
  }

  return (
    <li aria-labelledby={headingId} className="rounded-lg border border-line p-3 sm:p-4">
      <div className="flex gap-3 sm:gap-4">
        {doc ? <DocumentPreview valuationId={valuationId} document={doc} label={label} /> : null}
        <div className="grid min-w-0 flex-1 content-start gap-1.5">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 ref={heading} id={headingId} tabIndex={-1} className="font-semibold text-brand-950">
              {label}
            </h3>
            {item.required ? null : <Badge variant="neutral">Optional</Badge>}
            {doc ? (
              <Badge variant={statusVariant[doc.status]}>{documentStatusLabels[doc.status]}</Badge>
            ) : (
              <Badge variant="neutral">Not sent yet</Badge>
            )}
          </div>
          {doc ? <DocumentFacts document={doc} /> : null}
          {doc?.status === 'rejected' && doc.rejectionReason ? (
            <p className="flex items-start gap-1.5 text-sm font-medium text-danger">
              <FileX aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span className="min-w-0 break-words">Not accepted: {doc.rejectionReason}</span>
            </p>
          ) : null}
          {doc ? (
            <div className="mt-1 flex flex-wrap gap-2">
              <Button variant="outline" size="sm" asChild>
                <a href={documentFileUrl(valuationId, doc.id, 'file')} download>
                  <Download aria-hidden="true" />
                  Download{' '}
                  <span className="sr-only">
                    the {label} ({describeDocumentFile(doc)})
                  </span>
                </a>
              </Button>
              {reviewable && !rejecting ? (
                <>
                  <Button variant="brand" size="sm" onClick={() => void verify()} disabled={busy}>
                    {pendingHere === 'verify' ? <Spinner /> : <FileCheck aria-hidden="true" />}
                    {pendingHere === 'verify' ? 'Checking...' : 'Verify'} <span className="sr-only">the {label}</span>
                  </Button>
                  <Button
                    ref={rejectButton}
                    variant="outline"
                    size="sm"
                    onClick={() => setRejectingUpload(doc.uploadedAt)}
                    disabled={busy}
                  >
                    <FileX aria-hidden="true" />
                    Reject <span className="sr-only">the {label}</span>
                  </Button>
                </>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
      {rejecting ? (
        <RejectForm
          documentId={doc.id}
          label={label}
          firstName={firstName}
          run={run}
          busy={busy}
          sendingHere={pendingHere === 'reject'}
          onDone={(sent) => {
            returnFocus.current = sent ? 'heading' : 'reject';
            setRejectingUpload(null);
            setFormClosings((n) => n + 1);
          }}
        />
      ) : null}
    </li>
  );
}

/** "PDF, 3 pages, 1.2 MB · Sent 05 Sep 2025 • 14:03", and who checked it and when. */
function DocumentFacts({ document }: { document: AdminDocument }) {
  const reviewed =
    document.reviewedAt && document.status !== 'pending' ? (
      <>
        {document.status === 'verified' ? 'Checked' : 'Turned down'}
        {document.reviewedBy ? ` by ${document.reviewedBy}` : ''} on{' '}
        <time dateTime={document.reviewedAt}>{formatUkDateAndTime(document.reviewedAt)}</time>
      </>
    ) : null;
  return (
    <div className="grid gap-0.5 text-sm text-muted">
      <p>
        {describeDocumentFile(document)} · Sent{' '}
        <time dateTime={document.uploadedAt}>{formatUkDateAndTime(document.uploadedAt)}</time>
      </p>
      {reviewed ? <p>{reviewed}</p> : null}
    </div>
  );
}

/** The first page as a thumbnail, opening larger in a dialog (focus comes back to it on close). */
function DocumentPreview({
  valuationId,
  document,
  label,
}: {
  valuationId: string;
  document: AdminDocument;
  label: string;
}) {
  const alt = `First page of the ${label}`;
  const preview = documentFileUrl(valuationId, document.id, 'preview');
  return (
    <Dialog>
      <DialogTrigger asChild>
        <button
          type="button"
          className="group block aspect-[3/4] w-16 shrink-0 self-start overflow-hidden rounded-md border border-line bg-slate-100 transition-shadow hover:shadow-md sm:w-20"
        >
          {/* A file sent again keeps its id: a new element fetches the new preview. */}
          <img
            key={document.uploadedAt}
            src={preview}
            alt={alt}
            loading="lazy"
            className="size-full object-cover object-top transition-transform group-hover:scale-[1.03] motion-reduce:transition-none"
          />{' '}
          <span className="sr-only">(open larger)</span>
        </button>
      </DialogTrigger>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{label}</DialogTitle>
          <DialogDescription>
            The first page, as the seller sent it ({describeDocumentFile(document)}).
            {document.pages > 1 ? ' Download the file to see every page.' : ''}
          </DialogDescription>
        </DialogHeader>
        <DialogBody className="flex justify-center bg-slate-100">
          <img
            key={document.uploadedAt}
            src={preview}
            alt={alt}
            className="h-auto max-h-[calc(100dvh-16rem)] w-auto max-w-full object-contain shadow-sm"
          />
        </DialogBody>
        <DialogFooter>
          <Button variant="outline" asChild>
            <a href={documentFileUrl(valuationId, document.id, 'file')} download>
              <Download aria-hidden="true" />
              Download <span className="sr-only">the {label}</span>
            </a>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * "Reject": the reason the seller sees (required, up to 500 characters), quick picks that fill it
 * in, and the server's message under the field. Escape or Cancel closes it.
 */
function RejectForm({
  documentId,
  label,
  firstName,
  run,
  busy,
  sendingHere,
  onDone,
}: {
  documentId: string;
  label: string;
  firstName: string;
  run: Run;
  busy: boolean;
  sendingHere: boolean;
  onDone: (sent: boolean) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const picksId = `${id}-picks`;
  const describedBy = [`${id}-hint`, `${id}-count`, error ? `${id}-error` : null].filter(Boolean).join(' ');

  useEffect(() => field.current?.focus(), []);

  async function send() {
    const trimmed = reason.trim();
    if (trimmed === '') {
      setError(documentMessages.reasonRequired);
      field.current?.focus();
      return;
    }
    setError(null);
    try {
      const answer = await run({ action: 'reject', documentId, reason: trimmed });
      if (!answer) return;
      toast({ title: `Not accepted: ${label}`, description: `${firstName} is e-mailed the reason.` });
      onDone(true);
    } catch (failure) {
      setError(reasonError(failure));
      field.current?.focus();
      if (!(failure instanceof ApiError && failure.status === 400)) {
        toast({
          title: `${label} not turned down`,
          description: errorMessage(failure, 'Please try again.'),
          variant: 'destructive',
        });
      }
    }
  }

  return (
    <form
      noValidate
      aria-label={`Reject the ${label}`}
      className="mt-3 grid gap-2 rounded-lg border border-line bg-surface p-3"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) {
          event.preventDefault();
          onDone(false);
        }
      }}
    >
      <div role="group" aria-labelledby={picksId} className="grid gap-1.5">
        <p id={picksId} className="text-sm font-semibold text-brand-950">
          Common reasons
        </p>
        <div className="flex flex-wrap gap-1.5">
          {commonRejectionReasons.map((pick) => (
            <Button
              key={pick}
              variant="outline"
              size="sm"
              className="h-auto min-h-9 py-1.5 text-left whitespace-normal"
              aria-pressed={reason === pick}
              onClick={() => {
                setReason(pick);
                setError(null);
              }}
            >
              {pick}
            </Button>
          ))}
        </div>
      </div>
      <div className="flex items-baseline gap-0.5">
        <Label htmlFor={`${id}-reason`}>Why it cannot be accepted</Label>
        <span aria-hidden="true" className="text-sm font-semibold text-danger">
          *
        </span>
      </div>
      <p id={`${id}-hint`} className="-mt-1 text-sm text-muted">
        {firstName} sees this on their page and in an e-mail, and can then send another.
      </p>
      <textarea
        ref={field}
        id={`${id}-reason`}
        rows={3}
        required
        maxLength={REJECTION_REASON_MAX_LENGTH}
        value={reason}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          setReason(event.target.value);
          if (error) setError(null);
        }}
        className={cn(inputClassName, 'h-auto py-2 leading-6')}
      />
      <p id={`${id}-count`} className="text-right text-xs text-muted tabular-nums">
        {reason.length} of {REJECTION_REASON_MAX_LENGTH} characters
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="flex items-start gap-1.5 text-sm font-medium text-danger">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" size="sm" disabled={busy}>
          {sendingHere ? <Spinner /> : <Send aria-hidden="true" />}
          {sendingHere ? 'Sending...' : 'Send to seller'}
        </Button>
        <Button variant="outline" size="sm" onClick={() => onDone(false)} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
