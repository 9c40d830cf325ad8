import { Camera, CircleCheck, LoaderCircle } from 'lucide-react';
import { lazy, Suspense, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button, buttonVariants } from '~/client/components/ui/button';
import { indicativeLabel, indicativeRange, type IndicativePrice } from '~/shared/indicative-price';
import type { ValuationCreated } from '~/shared/valuation';
import { paths } from '~/shared/paths';
import type { SubmittedRequest } from '../draft-storage';
import type { PhotoAccess } from '../photo-api';
import { photoCount } from '../photo-selection';

const loadPhotoUpload = () => import('./photo-upload');
const PhotoUpload = lazy(loadPhotoUpload);

/**
 * SPEC section 2: after submit, "Valuation Request Submitted", with the optional photo area.
 * `created`: the stored request; with its upload token (held in memory only, issue 32) the photo
 * area is offered, without it (the page was reloaded) the seller is told photos can no longer be
 * added here; null when this browser tab no longer has it (after the hour, another tab);
 * undefined while the server renders the page.
 */
export function SuccessScreen({ created }: { created: ValuationCreated | SubmittedRequest | null | undefined }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const openButton = useRef<HTMLButtonElement>(null);
  const [photosOpen, setPhotosOpen] = useState(false);
  const [storedPhotos, setStoredPhotos] = useState<number | undefined>();
  const access = useMemo<PhotoAccess | null>(
    () => (created && 'uploadToken' in created ? { valuationId: created.id, uploadToken: created.uploadToken } : null),
    [created],
  );

  // A layout effect, so focus is on the heading before the next key press (see valuation-wizard.tsx).
  useLayoutEffect(() => {
    heading.current?.focus();
    // The photo area's code is fetched while the seller reads, so it opens at once.
    void loadPhotoUpload();
  }, []);

  function closePhotos(stored: number | undefined) {
    setPhotosOpen(false);
    if (stored !== undefined) setStoredPhotos(stored);
    requestAnimationFrame(() => openButton.current?.focus());
  }

  return (
    <section
      aria-labelledby="valuation-submitted"
      className="rounded-[var(--radius-card)] border border-line bg-white p-6 text-center shadow-[var(--shadow-card)] sm:p-10"
    >
      <CircleCheck aria-hidden="true" className="mx-auto size-14 text-go-600" />
      <h2
        id="valuation-submitted"
        ref={heading}
        tabIndex={-1}
        className="mt-4 text-2xl font-bold text-brand-950 focus:outline-none sm:text-3xl"
      >
        Valuation Request Submitted
      </h2>
      <p className="mx-auto mt-3 max-w-lg text-lg text-muted">
        Thank you! We&rsquo;ll review your submission and contact you soon, usually within 24 hours.
      </p>
      {created && <ReferenceNote reference={created.reference} />}
      {created?.indicativePrice && <IndicativeNote price={created.indicativePrice} />}

      {!access ? (
        created !== undefined && <NoPhotosNote />
      ) : photosOpen ? (
        <Suspense
          fallback={
            <p className="mt-8 flex items-center justify-center gap-2 text-muted">
              <LoaderCircle aria-hidden="true" className="size-5 animate-spin" /> Opening photos…
            </p>
          }
        >
          <PhotoUpload access={access} onClose={closePhotos} />
        </Suspense>
      ) : (
        <div className="mx-auto mt-8 max-w-lg">
          {storedPhotos ? (
            <p role="status" className="mb-3 font-medium text-ink">
              {photoCount(storedPhotos)} added to your valuation.
            </p>
          ) : (
            <p className="mb-3 text-muted">
              Photos help us make you an accurate offer. You can add them now or skip this step.
            </p>
          )}
          <Button ref={openButton} variant="outline" className="w-full sm:w-auto" onClick={() => setPhotosOpen(true)}>
            <Camera aria-hidden="true" />
            Upload Photos (Optional)
          </Button>
        </div>
      )}

      <a href={paths.home} className={buttonVariants({ variant: 'brand', className: 'mt-8' })}>
        Back to Home
      </a>
    </section>
  );
}

/**
 * Why there is no photo area: photos can be added only straight after sending, before the page is
 * reloaded or left (the permission to add them is kept in the page, not stored in the browser).
 */
function NoPhotosNote() {
  return (
    <p className="mx-auto mt-8 max-w-lg text-muted">
      Photos can only be added straight after sending your request, so they cannot be added from this page now. If we
      need photos of your car, we will ask when we contact you.
    </p>
  );
}

/** The request's reference (issue 31), large enough to copy down, with what it is for. */
function ReferenceNote({ reference }: { reference: string }) {
  return (
    <div className="mx-auto mt-6 max-w-md rounded-xl border border-brand-200 bg-brand-50 px-5 py-4">
      <p className="text-lg text-brand-950">
        Your reference:{' '}
        <strong className="font-mono text-2xl font-bold tracking-wider whitespace-nowrap select-all">
          {reference}
        </strong>
      </p>
      <p className="mt-1 text-base text-ink">Please quote it if you contact us about this request.</p>
    </div>
  );
}

/**
 * The indicative price found at submit (issue 34): the range of our own recent offers for similar
 * cars, with what it is based on and a link to how we work it out. Nothing when there is none.
 */
function IndicativeNote({ price }: { price: IndicativePrice }) {
  return (
    <section
      aria-labelledby="indicative-price"
      className="mx-auto mt-4 max-w-md rounded-xl border border-line bg-white px-5 py-4 text-left"
    >
      <h3 id="indicative-price" className="text-base font-semibold text-muted">
        Indicative price
      </h3>
      <p className="mt-1 text-2xl font-bold text-brand-950">{indicativeRange(price)}</p>
      <p className="mt-2 text-base text-ink">{indicativeLabel(price.count)}</p>
      <p className="mt-2 text-base">
        <a
          href={paths.howWeValue}
          className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
        >
          How we work this out
        </a>
      </p>
    </section>
  );
}
