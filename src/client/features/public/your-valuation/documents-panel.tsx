import { CircleAlert, CircleCheck, Clock, FileUp } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { buttonVariants } from '~/client/components/ui/button-variants';
import { ApiError, apiRequest } from '~/client/lib/api-client';
import { cx } from '~/client/lib/cx';
import { island } from '~/client/lib/island';
import { uploadWithProgress } from '~/client/lib/upload-with-progress';
import { DOCUMENT_ACCEPT, DOCUMENT_MAX_BYTES, documentFileMessages } from '~/shared/document-files';
import {
  documentGuide,
  documentStatusLabels,
  keysHint,
  keysLabel,
  KEYS_MAX,
  type DocumentKind,
} from '~/shared/document-checklist';
import type { SellerDocuments } from '~/shared/documents';
import { UploadBar } from '~/client/components/upload-bar';
import { V5cPicture } from './v5c-picture';

type Item = SellerDocuments['items'][number];
type Sending = { kind: DocumentKind; percent: number } | null;

const API = '/api/your-valuation/documents';

/**
 * The documents checklist on the seller's page (issue 35): what we need before collection, each
 * item's state in words (sent, checked, or not accepted and why), a button to send or replace each
 * file with a real progress bar, and the number of keys. The server renders it whole; its code
 * comes when the seller first touches it. Files go one at a time, as the seller picks each.
 */
export function DocumentsPanel({ documents: initial }: { documents: SellerDocuments }) {
  const [documents, setDocuments] = useState(initial);
  const [sending, setSending] = useState<Sending>(null);
  const [errors, setErrors] = useState<Partial<Record<DocumentKind | 'keys', string>>>({});
  const setError = (key: DocumentKind | 'keys', message: string | undefined) =>
    setErrors((current) => ({ ...current, [key]: message }));

  async function send(kind: DocumentKind, file: File) {
    if (file.size > DOCUMENT_MAX_BYTES) return setError(kind, documentFileMessages.tooLarge);
    setError(kind, undefined);
    setSending({ kind, percent: 0 });
    try {
      setDocuments(await uploadDocument(kind, file, (share) => setSending({ kind, percent: Math.round(share * 100) })));
    } catch (error) {
      setError(kind, messageOf(error));
    } finally {
      setSending(null);
    }
  }

  const required = documents.items.filter((item) => item.required);
  const done = required.filter((item) => item.document?.status === 'verified').length;
  return (
    <div>
      {documents.completedAt ? (
        <p className="mt-2 flex items-start gap-2 font-semibold text-go-700">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          Documents complete: we have checked everything we need. Thank you.
        </p>
      ) : (
        <p className="mt-2 text-muted">
          Before we collect your car we need to see these. A clear photo from your phone is fine, or a PDF, up to 10 MB
          each. Only our team sees them, and we delete them after the sale.{' '}
          <span className="font-semibold text-ink">
            {done} of {required.length} required documents checked.
          </span>
        </p>
      )}
      <ul className="mt-4 flex flex-col gap-3">
        {documents.items.map((item) => (
          <DocumentItem
            key={item.kind}
            item={item}
            editable={documents.editable}
            busy={sending !== null}
            sending={sending?.kind === item.kind ? sending.percent : null}
            error={errors[item.kind]}
            onFile={(file) => void send(item.kind, file)}
          />
        ))}
        <KeysItem
          count={documents.keysCount}
          editable={documents.editable && documents.completedAt === null}
          error={errors.keys}
          onSaved={setDocuments}
          onError={(message) => setError('keys', message)}
        />
      </ul>
    </div>
  );
}

function DocumentItem(props: {
  item: Item;
  editable: boolean;
  /** A file (this one or another) is on its way: one at a time. */
  busy: boolean;
  sending: number | null;
  error: string | undefined;
  onFile: (file: File) => void;
}) {
  const { item, editable, busy, sending, error } = props;
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const guide = documentGuide[item.kind];
  const status = item.document?.status;
  const canSend = editable && status !== 'verified' && sending === null;
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = ''; // the same file can be picked again after a failure
    if (file) props.onFile(file);
  };
  return (
    <li className="rounded-lg border border-line p-4">
      <h3 className="font-bold text-brand-900">
        {guide.label}
        {item.required ? null : <span className="ml-2 text-sm font-normal text-muted">(optional)</span>}
      </h3>
      <p className="mt-1 text-sm text-muted">{guide.hint}</p>
      {item.kind === 'v5c' && status !== 'verified' ? (
        <div className="mt-3">
          <V5cPicture />
        </div>
      ) : null}
      <ItemState item={item} open={editable} />
      {sending !== null ? (
        <div className="mt-3">
          <UploadBar small name={`Sending your ${guide.label}`} percent={sending} text={`Sending… ${sending}%`} />
        </div>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="mt-3 flex items-start gap-2 text-sm font-semibold text-danger">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      ) : null}
      {canSend ? (
        <label
          htmlFor={inputId}
          className={cx(
            buttonVariants({ variant: status === 'rejected' || !item.document ? 'brand' : 'outline', size: 'sm' }),
            'mt-3 cursor-pointer focus-within:ring-2 focus-within:ring-brand-500 focus-within:ring-offset-2',
            busy && 'pointer-events-none opacity-60',
          )}
        >
          <FileUp aria-hidden="true" />
          {item.document ? 'Send a new one' : 'Upload'}
          <span className="sr-only">{item.document ? ` for the ${guide.label}` : ` the ${guide.label}`}</span>
          <input
            id={inputId}
            type="file"
            accept={DOCUMENT_ACCEPT}
            className="sr-only"
            disabled={busy}
            aria-describedby={error ? errorId : undefined}
            onChange={onChange}
          />
        </label>
      ) : null}
    </li>
  );
}

function ItemState({ item, open }: { item: Item; open: boolean }) {
  const document = item.document;
  if (!document) {
    return <p className="mt-3 text-sm font-semibold text-ink">{open ? 'Not sent yet' : 'Not sent'}</p>;
  }
  const sent = new Date(document.uploadedAt).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/London',
  });
  const what = document.mediaType === 'application/pdf' ? 'PDF' : 'photo';
  if (document.status === 'rejected') {
    return (
      <div className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
        <p className="flex items-start gap-2 font-semibold">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {documentStatusLabels.rejected}: {document.rejectionReason}
        </p>
        <p className="mt-1">Please send a new one.</p>
      </div>
    );
  }
  const verified = document.status === 'verified';
  return (
    <p
      className={cx(
        'mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-semibold',
        verified ? 'text-go-700' : 'text-ink',
      )}
    >
      {verified ? (
        <CircleCheck aria-hidden="true" className="size-4 shrink-0" />
      ) : (
        <Clock aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
      )}
      {documentStatusLabels[document.status]}
      <span className="font-normal text-muted">
        ({what} sent {sent}.{' '}
        <a
          href={`${API}/${document.id}/file?size=preview`}
          target="_blank"
          rel="noreferrer"
          className="text-brand-700 underline underline-offset-4"
        >
          See what you sent
        </a>
        )
      </span>
    </p>
  );
}

function KeysItem(props: {
  count: number | null;
  editable: boolean;
  error: string | undefined;
  onSaved: (documents: SellerDocuments) => void;
  onError: (message: string | undefined) => void;
}) {
  const { count, editable, error } = props;
  const selectId = useId();
  const [choice, setChoice] = useState(count === null ? '' : String(count));
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  async function save() {
    if (choice === '') return props.onError(`Please choose the ${keysLabel.toLowerCase()}.`);
    setSaving(true);
    setSaved(false);
    props.onError(undefined);
    try {
      props.onSaved(await apiRequest<SellerDocuments>('PUT', `${API}/keys`, { count: Number(choice) }));
      setSaved(true);
    } catch (failure) {
      props.onError(messageOf(failure));
    } finally {
      setSaving(false);
    }
  }
  return (
    <li className="rounded-lg border border-line p-4">
      <h3 className="font-bold text-brand-900">
        <label htmlFor={selectId}>{keysLabel}</label>
      </h3>
      <p className="mt-1 text-sm text-muted">{keysHint}</p>
      {editable ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <select
            id={selectId}
            value={choice}
            onChange={(event) => {
              setChoice(event.currentTarget.value);
              setSaved(false);
            }}
            className="h-9 rounded-lg border border-line bg-white px-3"
          >
            <option value="">Choose</option>
            {Array.from({ length: KEYS_MAX }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n === KEYS_MAX ? `${n} or more` : n}
              </option>
            ))}
          </select>
          <button
            type="button"
            disabled={saving}
            onClick={() => void save()}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            {saving ? 'Saving…' : 'Save'}
          </button>
          {saved ? (
            <span role="status" className="text-sm font-semibold text-go-700">
              Saved
            </span>
          ) : null}
        </div>
      ) : (
        <p className="mt-3 text-sm font-semibold">{count === null ? 'Not stated' : `${count}`}</p>
      )}
      {error ? (
        <p role="alert" className="mt-3 flex items-start gap-2 text-sm font-semibold text-danger">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      ) : null}
    </li>
  );
}

/** The server's words for a refusal, or a plain line when the connection failed. */
function messageOf(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return 'The file could not be sent. Check your connection and try again.';
    return error.body?.issues?.[0]?.message ?? error.body?.message ?? 'Something went wrong. Please try again.';
  }
  return 'Something went wrong. Please try again.';
}

/** Sends one file, reporting the share sent so far (0 to 1); resolves with the checklist after it. */
async function uploadDocument(
  kind: DocumentKind,
  file: File,
  onProgress: (sent: number) => void,
): Promise<SellerDocuments> {
  const form = new FormData();
  form.append('file', file, file.name);
  return (await uploadWithProgress(`${API}/${kind}`, form, onProgress, { expected: 201 })) as SellerDocuments;
}

export const DocumentsPanelIsland = island('features/public/your-valuation/documents-panel', DocumentsPanel);
