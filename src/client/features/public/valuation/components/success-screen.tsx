import { CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '~/client/components/ui/button';
import type { ValuationCreated } from '~/shared/valuation';
import { paths } from '~/shared/paths';

/** SPEC section 2: after submit, "Valuation Request Submitted". */
export function SuccessScreen({ created }: { created: ValuationCreated }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

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
      {/*
        PHOTO UPLOAD SLOT (issue 10, "Photos", next session): the optional photo area goes here:
        "Upload Photos (Optional)" expands it; upload with progress, "Add More Photos", remove,
        "Submit Photos" / "Skip Photos". It sends `created.uploadToken` as the Bearer token to
        POST /api/valuations/{created.id}/photos.
      */}
      <div data-photo-slot={created.id} hidden />
      <Link to={paths.home} className={buttonVariants({ variant: 'brand', className: 'mt-8' })}>
        Back to Home
      </Link>
    </section>
  );
}
