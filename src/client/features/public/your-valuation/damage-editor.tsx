import { LoaderCircle, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { CarDiagram, type DiagramPick } from '~/client/components/car-diagram';
import { Button } from '~/client/components/ui/button';
import { inputClassName } from '~/client/components/ui/input';
import { toast } from '~/client/components/ui/toast';
import { ApiError, apiRequest } from '~/client/lib/api-client';
import { cx } from '~/client/lib/cx';
import {
  carPanels,
  DAMAGE_DESCRIPTION_MAX_LENGTH,
  damageKindLabels,
  damageKinds,
  damageMessages,
  panelCentre,
  panelGuide,
  type CarPanel,
  type DamageKind,
} from '~/shared/car-diagram';
import type { DamageMarker, DamageMarkers } from '~/shared/damage-markers';
import { photoShotGuide } from '~/shared/photo-shots';
import { listPhotos, type SellerPhoto } from '../valuation';

const API = '/api/your-valuation/damage';

/** What the form holds: a new marker (no id) or changes to one. */
type Draft = {
  id?: string;
  panel: CarPanel;
  x: number;
  y: number;
  kind: DamageKind;
  description: string;
  photoId: string;
};

const emptyDraft = (pick?: DiagramPick): Draft => {
  const panel = pick?.panel ?? 'bonnet';
  const place = pick ?? panelCentre(panel);
  return { panel, x: place.x, y: place.y, kind: 'dent', description: '', photoId: '' };
};

const failure = (error: unknown) =>
  error instanceof ApiError ? error.userMessage('Please try again.') : 'Please try again.';

/**
 * The seller's damage drawing (issue 35): tap the car where the damage is, say what it is, and it
 * is saved; each mark can be moved (tap again while changing it), changed or removed until an
 * offer is accepted. The same is done from the keyboard or a screen reader through the form and
 * the list: choose the panel, the kind and a description; a mark added that way sits in the
 * middle of its panel.
 */
export default function DamageEditor({ onClose }: { onClose: (count: number) => void }) {
  const [markers, setMarkers] = useState<DamageMarker[] | undefined>();
  const [editable, setEditable] = useState(false);
  const [photos, setPhotos] = useState<SellerPhoto[]>([]);
  const [loadFailed, setLoadFailed] = useState(false);
  const [draft, setDraft] = useState<Draft | undefined>();
  const [saving, setSaving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => heading.current?.focus(), []);

  useEffect(() => {
    let live = true;
    Promise.all([apiRequest<DamageMarkers>('GET', API), listPhotos({ sellerPage: true }).catch(() => [])]).then(
      ([answer, stored]) => {
        if (!live) return;
        setMarkers(answer.markers);
        setEditable(answer.editable);
        setPhotos(stored);
      },
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    setSaving(true);
    const body = {
      panel: draft.panel,
      x: draft.x,
      y: draft.y,
      kind: draft.kind,
      description: draft.description,
      photoId: draft.photoId || null,
    };
    try {
      const saved = draft.id
        ? await apiRequest<DamageMarker>('PATCH', `${API}/${draft.id}`, body)
        : await apiRequest<DamageMarker>('POST', API, body);
      setMarkers((now) =>
        draft.id ? now?.map((marker) => (marker.id === saved.id ? saved : marker)) : [...(now ?? []), saved],
      );
      toast({ title: draft.id ? damageMessages.changed : damageMessages.added });
      setDraft(undefined);
    } catch (error) {
      toast({ title: 'Not saved', description: failure(error), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  async function remove(marker: DamageMarker) {
    try {
      await apiRequest('DELETE', `${API}/${marker.id}`);
      setMarkers((now) => now?.filter((m) => m.id !== marker.id));
      if (draft?.id === marker.id) setDraft(undefined);
      toast({ title: damageMessages.removed });
    } catch (error) {
      toast({ title: 'Not removed', description: failure(error), variant: 'destructive' });
    }
  }

  /** A tap on the drawing: a new mark there, or the mark being changed moves there. */
  function picked(pick: DiagramPick) {
    if (!editable || saving) return;
    setDraft((now) => (now ? { ...now, ...pick } : emptyDraft(pick)));
  }

  const photoLabel = (photo: SellerPhoto, index: number) =>
    photo.shot ? photoShotGuide[photo.shot].label : `Photo ${index + 1}`;

  return (
    <section aria-labelledby="damage-editor-heading" className="mt-4 grid gap-4">
      <h3
        id="damage-editor-heading"
        ref={heading}
        tabIndex={-1}
        className="font-bold text-brand-950 focus:outline-none"
      >
        Damage on your car
      </h3>
      {loadFailed ? (
        <p role="alert" className="text-sm font-medium text-danger">
          The damage marks could not be loaded. Please close this and try again.
        </p>
      ) : !markers ? (
        <p className="flex items-center gap-2 text-muted">
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin" /> Loading…
        </p>
      ) : (
        <>
          <p className="text-sm text-muted">
            {editable
              ? 'Tap the drawing where the damage is, or use the form below. Tap again while changing a mark to move it.'
              : damageMessages.locked}
          </p>
          <div className="mx-auto w-full max-w-xs">
            <CarDiagram
              markers={
                draft && !draft.id
                  ? [...markers, { id: 'new', x: draft.x, y: draft.y }]
                  : markers.map((m) => (m.id === draft?.id ? { ...m, x: draft.x, y: draft.y } : m))
              }
              selectedId={draft ? (draft.id ?? 'new') : null}
              onPick={editable ? picked : undefined}
              label={`Drawing of the car with ${markers.length} damage ${markers.length === 1 ? 'mark' : 'marks'}, numbered as in the list`}
            />
          </div>
          {draft ? (
            <DraftForm
              draft={draft}
              photos={photos.map((photo, index) => ({ id: photo.id, label: photoLabel(photo, index) }))}
              saving={saving}
              onChange={setDraft}
              onSubmit={save}
              onCancel={() => setDraft(undefined)}
            />
          ) : editable ? (
            <Button variant="outline" className="w-full sm:w-auto" onClick={() => setDraft(emptyDraft())}>
              Add damage from a list
            </Button>
          ) : null}
          <MarkerList
            markers={markers}
            editable={editable && !saving}
            onEdit={(m) => setDraft({ ...m, photoId: m.photoId ?? '' })}
            onRemove={(m) => void remove(m)}
          />
        </>
      )}
      <div className="flex justify-end">
        <Button variant="ghost" onClick={() => onClose(markers?.length ?? 0)} disabled={saving}>
          Close
        </Button>
      </div>
    </section>
  );
}

function DraftForm(props: {
  draft: Draft;
  photos: { id: string; label: string }[];
  saving: boolean;
  onChange: (draft: Draft) => void;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
}) {
  const { draft } = props;
  const ids = { panel: useId(), kind: useId(), description: useId(), photo: useId() };
  const set = (change: Partial<Draft>) => props.onChange({ ...draft, ...change });
  return (
    <form
      onSubmit={props.onSubmit}
      aria-label={draft.id ? 'Change the damage mark' : 'New damage mark'}
      className="grid gap-3 rounded-lg border border-line bg-white p-3"
    >
      <div className="grid gap-1.5">
        <label htmlFor={ids.panel} className="text-sm font-semibold text-brand-950">
          Where
        </label>
        <select
          id={ids.panel}
          value={draft.panel}
          // Chosen from the list: the mark sits in the middle of that panel.
          onChange={(event) => {
            const panel = event.target.value as CarPanel;
            set({ panel, ...panelCentre(panel) });
          }}
          className={cx(inputClassName, 'bg-white')}
        >
          {carPanels.map((panel) => (
            <option key={panel} value={panel}>
              {panelGuide[panel].label}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={ids.kind} className="text-sm font-semibold text-brand-950">
          What
        </label>
        <select
          id={ids.kind}
          value={draft.kind}
          onChange={(event) => set({ kind: event.target.value as DamageKind })}
          className={cx(inputClassName, 'bg-white')}
        >
          {damageKinds.map((kind) => (
            <option key={kind} value={kind}>
              {damageKindLabels[kind]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <label htmlFor={ids.description} className="text-sm font-semibold text-brand-950">
          Description (optional)
        </label>
        <input
          id={ids.description}
          value={draft.description}
          maxLength={DAMAGE_DESCRIPTION_MAX_LENGTH}
          onChange={(event) => set({ description: event.target.value })}
          placeholder="For example: a 5 cm scratch above the handle"
          className={inputClassName}
        />
      </div>
      {props.photos.length > 0 ? (
        <div className="grid gap-1.5">
          <label htmlFor={ids.photo} className="text-sm font-semibold text-brand-950">
            Close-up photo (optional)
          </label>
          <select
            id={ids.photo}
            value={draft.photoId}
            onChange={(event) => set({ photoId: event.target.value })}
            className={cx(inputClassName, 'bg-white')}
          >
            <option value="">None</option>
            {props.photos.map((photo) => (
              <option key={photo.id} value={photo.id}>
                {photo.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={props.onCancel} disabled={props.saving}>
          Cancel
        </Button>
        <Button type="submit" variant="brand" disabled={props.saving}>
          {props.saving ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          {draft.id ? 'Save changes' : 'Add damage mark'}
        </Button>
      </div>
    </form>
  );
}

function MarkerList(props: {
  markers: DamageMarker[];
  editable: boolean;
  onEdit: (marker: DamageMarker) => void;
  onRemove: (marker: DamageMarker) => void;
}) {
  if (props.markers.length === 0) return <p className="text-sm text-muted">No damage marked yet.</p>;
  return (
    <ol aria-label="Your damage marks" className="grid gap-2">
      {props.markers.map((marker, index) => {
        const name = `${index + 1}. ${damageKindLabels[marker.kind]}, ${panelGuide[marker.panel].label.toLowerCase()}`;
        return (
          <li
            key={marker.id}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-line bg-white px-3 py-2"
          >
            <div className="min-w-40 flex-1">
              <p className="font-semibold text-brand-950">{name}</p>
              {marker.description ? <p className="text-sm text-muted">{marker.description}</p> : null}
            </div>
            {props.editable ? (
              <div className="flex gap-1">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => props.onEdit(marker)}
                  aria-label={`Change mark ${name}`}
                >
                  <Pencil aria-hidden="true" />
                  Change
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => props.onRemove(marker)}
                  aria-label={`Remove mark ${name}`}
                >
                  <Trash2 aria-hidden="true" />
                  Remove
                </Button>
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
