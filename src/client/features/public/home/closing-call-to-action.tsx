import { Link } from 'react-router';
import { RegistrationFormIsland } from '~/client/components/registration-input';
import { SpriteIcon } from '~/client/components/sprite-icon';
import { Container } from '~/client/components/ui/container';
import { useSiteConfig } from '~/client/lib/site-config';
import { paths } from '~/shared/paths';

const linkClass = 'font-semibold text-white underline decoration-plate underline-offset-4 hover:text-plate';

/**
 * The second registration box and a way to talk to us: the phone number when the
 * business has configured one, otherwise the contact page (we never invent a number).
 */
export function ClosingCallToAction() {
  const { phone } = useSiteConfig();
  return (
    <section aria-labelledby="closing-cta-title" className="bg-brand-900 text-white">
      <Container className="flex flex-col items-center py-16 text-center sm:py-20">
        <h2 id="closing-cta-title" className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
          Ready to sell your car?
        </h2>
        <p className="mt-4 max-w-2xl text-lg text-brand-100">
          Enter your registration for a free, no-obligation valuation. We’ll come back to you within 24 hours.
        </p>
        <RegistrationFormIsland label="Your car’s registration" className="mt-8 text-left" />
        <p className="mt-8 flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-brand-100">
          {phone ? (
            <>
              <SpriteIcon name="phone" className="size-5 text-plate" />
              Prefer to talk? Call us on
              <a href={`tel:${phone.e164}`} className={linkClass}>
                {phone.display}
              </a>
            </>
          ) : (
            <>
              Prefer to talk to someone first?
              <Link to={paths.contact} className={linkClass}>
                Contact our team
              </Link>
            </>
          )}
        </p>
      </Container>
    </section>
  );
}
