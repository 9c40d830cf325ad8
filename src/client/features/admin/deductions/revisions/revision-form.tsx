import { ImagePlus, Plus, Send, Trash2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button, buttonVariants } from '~/client/components/ui/button';
import { FormField } from '~/client/components/ui/form-field';
import { Input, inputClassName } from '~/client/components/ui/input';
import { toast } from '~/client/components/ui/toast';
import { ApiError } from '~/client/lib/api-client';
import { cn } from '~/client/lib/cn';
import { formatDeductionAmount, type DeductionItem } from '~/shared/deductions';
import { formatPounds } from '~/shared/offer-basics';
import { formatUkDeadline } from '~/shared/offer-validity';
import {
  adminRevisionPhotoUrl,
  REVISION_ITEMS_MAX,
  REVISION_NOTE_MAX_LENGTH,
  REVISION_PHOTO_MAX_BYTES,
  REVISION_PHOTOS_PER_ITEM_MAX,
  revisionMessages as m,
  revisionValidUntil,
} from '~/shared/price-revisions';
import { errorMessage } from '../../lib/server-errors';
import { uploadRevisionPhoto, useProposeRevision } from '../api/revisions';
import {
  draftKey,
  emptyItem,
  readRevision,
  runningPrice,
  serverItemErrors,
  withDeduction,
  type ItemDraft,
  type ItemErrors,
  type PhotoDraft,
} from '../lib/revision-form';

type Props = {
  valuationId: string;
  agreedPence: number;
  deductions: DeductionItem[];
  onDone: () => void;
  onCancel: () => void;
};

/**
 * "Revise the price" (issue 37): each difference from the seller's declarations, as an item of the
 * deductions table in use, how many, the amount each (inside the item's range), a note and photos
 * (uploaded as soon as they are chosen, from the phone's camera or its library). The revised price
 * runs as the form fills. Sending it e-mails and texts the seller, who answers on their page.
 */
export function RevisionForm({ valuationId, agreedPence, deductions, onDone, onCancel }: Props) {
  const [items, setItems] = useState<ItemDraft[]>(() => [emptyItem()]);
  const [errors, setErrors] = useState<Record<string, ItemErrors>>({});
  const [whole, setWhole] = useState<string | null>(null);
  const propose = useProposeRevision(valuationId);
  const formRef = useRef<HTMLFormElement>(null);
  const wholeRef = useRef<HTMLParagraphElement>(null);
  const previews = useRef(new Set<string>());
  const sending = propose.isPending;
  const { deductedPence, revisedPence } = runningPrice(agreedPence, items);
  const [validUntil] = useState(() => formatUkDeadline(revisionValidUntil(new Date()), new Date()));

  // Local previews are released when the form goes.
  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const update = (key: string, change: (item: ItemDraft) => ItemDraft) =>
    setItems((current) => current.map((item) => (item.key === key ? change(item) : item)));
  /** A change by hand: the item's messages go (they may no longer be true); the server checks again. */
  const edit = (key: string, change: (item: ItemDraft) => ItemDraft) => {
    update(key, change);
    setErrors((current) => (current[key] ? { ...current, [key]: {} } : current));
    setWhole(null);
  };
  const updatePhoto = (itemKey: string, photoKey: string, change: Partial<PhotoDraft>) =>
    update(itemKey, (item) => ({
      ...item,
      photos: item.photos.map((photo) => (photo.key === photoKey ? { ...photo, ...change } : photo)),
    }));

  function addPhotos(itemKey: string, files: File[]) {
    const item = items.find((candidate) => candidate.key === itemKey);
    const room = REVISION_PHOTOS_PER_ITEM_MAX - (item?.photos.length ?? 0);
    if (files.length > room) toast({ title: m.tooManyPhotos, variant: 'destructive' });
    for (const file of files.slice(0, Math.max(room, 0))) {
      const key = draftKey();
      const previewUrl = URL.createObjectURL(file);
      previews.current.add(previewUrl);
      const tooLarge = file.size > REVISION_PHOTO_MAX_BYTES;
      const draft: PhotoDraft = {
        key,
        name: file.name,
        previewUrl,
        status: tooLarge ? 'failed' : 'uploading',
        progress: 0,
        ...(tooLarge ? { error: m.photoTooLarge } : {}),
      };
      update(itemKey, (current) => ({ ...current, photos: [...current.photos, draft] }));
      if (tooLarge) continue;
      uploadRevisionPhoto(valuationId, file, (sent) => updatePhoto(itemKey, key, { progress: sent })).then(
        (id) =>
          updatePhoto(itemKey, key, {
            id,
            status: 'done',
            progress: 1,
            previewUrl: adminRevisionPhotoUrl(valuationId, id, 'thumb'),
          }),
        (failure: unknown) =>
          updatePhoto(itemKey, key, {
            status: 'failed',
            error: errorMessage(failure, 'The photo did not upload. Check the connection and add it again.'),
          }),
      );
    }
    setErrors((current) => ({ ...current, [itemKey]: { ...current[itemKey], photos: undefined } }));
  }

  /** Focus the first field with a message, so the keyboard and the screen reader land on it. */
  function focusFirstError() {
    requestAnimationFrame(() => {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-photos-error]');
      invalid?.focus();
    });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setWhole(null);
    const read = readRevision(items, deductions, agreedPence);
    if ('errors' in read) {
      setErrors(read.errors);
      if (read.whole) {
        setWhole(read.whole);
        requestAnimationFrame(() => wholeRef.current?.focus());
      } else focusFirstError();
      return;
    }
    setErrors({});
    try {
      const change = await propose.mutateAsync(read.body);
      toast({ title: change.message });
      onDone();
    } catch (failure) {
      const issues = failure instanceof ApiError ? (failure.body?.issues ?? []) : [];
      const mapped = serverItemErrors(issues, items);
      setErrors(mapped.errors);
      const message =
        mapped.whole ?? (Object.keys(mapped.errors).length ? null : errorMessage(failure, 'Please try again.'));
      setWhole(message);
      if (message) requestAnimationFrame(() => wholeRef.current?.focus());
      else focusFirstError();
      toast({ title: 'The revised price was not sent', description: message ?? undefined, variant: 'destructive' });
    }
  }

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Revise the price"
      onSubmit={(event) => void submit(event)}
      className="grid gap-4"
    >
      <p className="text-sm text-muted">
        Record each difference from what the seller told us: an item from the deductions table, its amount and at least
        one photo. The seller sees it on their page and by e-mail and text, and accepts it or declines it at no cost. It
        stands until {validUntil} (UK time).
      </p>
      <ol className="grid gap-4">
        {items.map((item, index) => (
          <li key={item.key}>
            <ItemFields
              item={item}
              index={index}
              errors={errors[item.key] ?? {}}
              deductions={deductions}
              disabled={sending}
              removable={items.length > 1}
              onChange={(change) => edit(item.key, change)}
              onPhotos={(files) => addPhotos(item.key, files)}
              onRemovePhoto={(photoKey) =>
                edit(item.key, (current) => ({
                  ...current,
                  photos: current.photos.filter((photo) => photo.key !== photoKey),
                }))
              }
              onRemove={() => setItems((current) => current.filter((candidate) => candidate.key !== item.key))}
            />
          </li>
        ))}
      </ol>
      {items.length < REVISION_ITEMS_MAX ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          disabled={sending}
          onClick={() => setItems((current) => [...current, emptyItem()])}
        >
          <Plus aria-hidden="true" />
          Add another difference
        </Button>
      ) : null}

      <dl
        aria-live="polite"
        className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-lg border border-brand-100 bg-brand-50/60 p-3 text-sm sm:p-4"
      >
        <dt>Agreed price</dt>
        <dd className="text-right font-semibold tabular-nums">{formatPounds(agreedPence)}</dd>
        <dt>Less the differences</dt>
        <dd className="text-right font-semibold tabular-nums">−{formatPounds(deductedPence)}</dd>
        <dt className="text-base font-bold text-brand-950">Revised price</dt>
        <dd
          className={cn(
            'text-right text-base font-extrabold tabular-nums',
            revisedPence > 0 ? 'text-brand-950' : 'text-danger',
          )}
        >
          {formatPounds(Math.max(revisedPence, 0))}
        </dd>
      </dl>
      {whole ? (
        <p ref={wholeRef} tabIndex={-1} role="alert" className="text-sm font-medium text-danger">
          {whole}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="brand" disabled={sending} className="h-auto! min-h-11 whitespace-normal!">
          <Send aria-hidden="true" />
          {sending ? 'Sending…' : `Send the revised price of ${formatPounds(Math.max(revisedPence, 0))}`}
        </Button>
        <Button type="button" variant="ghost" disabled={sending} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ItemFields({
  item,
  index,
  errors,
  deductions,
  disabled,
  removable,
  onChange,
  onPhotos,
  onRemovePhoto,
  onRemove,
}: {
  item: ItemDraft;
  index: number;
  errors: ItemErrors;
  deductions: DeductionItem[];
  disabled: boolean;
  removable: boolean;
  onChange: (change: (item: ItemDraft) => ItemDraft) => void;
  onPhotos: (files: File[]) => void;
  onRemovePhoto: (photoKey: string) => void;
  onRemove: () => void;
}) {
  const deduction = deductions.find((candidate) => candidate.id === item.deductionId);
  const fixed = deduction ? deduction.minPence === deduction.maxPence : false;
  const photosId = useId();
  const legend = `Difference ${index + 1}`;
  return (
    <fieldset className="grid gap-3 rounded-lg border border-line p-3 sm:p-4">
      <legend className="px-1 text-sm font-bold text-brand-950">{legend}</legend>
      <FormField
        label="Item from the deductions table"
        required
        error={errors.deductionId}
        hint={
          deduction
            ? `${fixed ? 'Fixed' : 'From'} ${formatDeductionAmount(deduction)} each. Evidence: ${deduction.evidence}.`
            : undefined
        }
      >
        <select
          className={cn(inputClassName, 'bg-white')}
          value={item.deductionId}
          disabled={disabled}
          onChange={(event) =>
            onChange((current) =>
              withDeduction(
                current,
                deductions.find((d) => d.id === event.target.value),
              ),
            )
          }
        >
          <option value="">Choose an item</option>
          {deductions.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name} ({formatDeductionAmount(option)})
            </option>
          ))}
        </select>
      </FormField>
      <div className="grid grid-cols-[6rem_minmax(0,1fr)] items-start gap-3">
        <FormField label="How many" required error={errors.quantity}>
          <Input
            inputMode="numeric"
            autoComplete="off"
            value={item.quantity}
            readOnly={disabled}
            onChange={(event) => onChange((current) => ({ ...current, quantity: event.target.value }))}
          />
        </FormField>
        <FormField label="Amount each (£)" required error={errors.amount}>
          <Input
            inputMode="decimal"
            autoComplete="off"
            value={item.amount}
            readOnly={disabled || fixed}
            onChange={(event) => onChange((current) => ({ ...current, amount: event.target.value }))}
          />
        </FormField>
      </div>
      <FormField label="How the car differs from what the seller told us" required error={errors.note}>
        <textarea
          rows={3}
          maxLength={REVISION_NOTE_MAX_LENGTH}
          className={cn(inputClassName, 'h-auto py-2 leading-6')}
          value={item.note}
          readOnly={disabled}
          onChange={(event) => onChange((current) => ({ ...current, note: event.target.value }))}
        />
      </FormField>
      <div className="grid gap-2">
        <p id={`${photosId}-label`} className="text-sm leading-5 font-semibold text-brand-950">
          Photos
          <span aria-hidden="true" className="text-danger">
            {' '}
            *
          </span>
        </p>
        {item.photos.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label={`${legend}: photos`}>
            {item.photos.map((photo, photoIndex) => (
              <li key={photo.key} className="grid w-24 gap-1">
                <div className="relative">
                  <img
                    src={photo.previewUrl}
                    alt={`Photo ${photoIndex + 1}`}
                    className={cn(
                      'h-18 w-24 rounded-md border border-line object-cover',
                      photo.status === 'uploading' && 'opacity-60',
                    )}
                  />
                  <button
                    type="button"
                    aria-label={`Remove photo ${photoIndex + 1} of ${legend.toLowerCase()}`}
                    disabled={disabled}
                    onClick={() => onRemovePhoto(photo.key)}
                    className="absolute -top-2 -right-2 grid size-7 place-items-center rounded-full border border-line bg-white text-ink shadow-xs hover:bg-red-50 hover:text-danger focus-visible:ring-3 focus-visible:ring-brand-500/40 focus-visible:outline-none"
                  >
                    <X aria-hidden="true" className="size-4" />
                  </button>
                </div>
                <span className={cn('text-xs', photo.status === 'failed' ? 'text-danger' : 'text-muted')}>
                  {photo.status === 'uploading'
                    ? `Uploading ${Math.round(photo.progress * 100)}%`
                    : photo.status === 'failed'
                      ? (photo.error ?? 'Not uploaded')
                      : 'Uploaded'}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        <div>
          <input
            id={photosId}
            type="file"
            accept="image/*"
            multiple
            disabled={disabled || item.photos.length >= REVISION_PHOTOS_PER_ITEM_MAX}
            aria-describedby={errors.photos ? `${photosId}-error` : `${photosId}-hint`}
            aria-invalid={errors.photos ? true : undefined}
            data-photos-error={errors.photos ? '' : undefined}
            className="peer sr-only"
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = '';
              if (files.length > 0) onPhotos(files);
            }}
          />
          <label
            htmlFor={photosId}
            className={cn(
              buttonVariants({ variant: 'outline', size: 'sm' }),
              'cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500',
              'peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
            )}
          >
            <ImagePlus aria-hidden="true" />
            Add photos of difference {index + 1}
          </label>
        </div>
        {errors.photos ? (
          <p id={`${photosId}-error`} className="text-sm font-medium text-danger">
            {errors.photos}
          </p>
        ) : (
          <p id={`${photosId}-hint`} className="text-sm text-muted">
            Take them now or choose them: JPEG, PNG or WebP, up to {REVISION_PHOTOS_PER_ITEM_MAX}.
          </p>
        )}
      </div>
      {removable ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="justify-self-start text-danger! hover:bg-red-50!"
          disabled={disabled}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
          Remove difference {index + 1}
        </Button>
      ) : null}
    </fieldset>
  );
}
