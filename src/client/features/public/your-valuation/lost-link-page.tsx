import { CircleCheck } from 'lucide-react';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { FormFailure, TextField, inputClassName } from '~/client/components/form-fields';
import { PageIntro } from '~/client/components/page-intro';
import { buttonVariants } from '~/client/components/ui/button-variants';
import { Container } from '~/client/components/ui/container';
import { pageFormStateLoader } from '~/client/lib/page-data';
import type { RouteHandle } from '~/client/lib/page-meta';
import type { PlainFormState } from '~/shared/form-state';
import { paths } from '~/shared/paths';
import { sellerPortalMessages } from '~/shared/seller-portal-basics';

export const handle: RouteHandle = {
  meta: {
    title: 'Lost your link?',
    description: 'Ask for a new link to your valuation page, sent to the e-mail address you gave us.',
    noindex: true,
  },
};

const ROUTE_ID = 'features/public/your-valuation/lost-link-page';
type Field = 'email' | 'registration';
const formState = pageFormStateLoader(ROUTE_ID);

/** The form's state after a post the server refused (what was typed, the messages), and whether one was sent. */
export async function loader(args: LoaderFunctionArgs) {
  const state = (await formState(args)) as PlainFormState<Field> | null;
  return { state, sent: new URL(args.request.url).searchParams.get('sent') === '1' };
}

const cardClass = 'rounded-[var(--radius-card)] border border-line bg-white p-5 shadow-[var(--shadow-card)] sm:p-8';
const linkClass = 'font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900';

/**
 * "Lost your link?" (issue 34): the seller gives the e-mail address and registration from their
 * request and we send a new link to the address on file. A plain form posted to this page, so it
 * works with or without JavaScript; the answer is the same whether or not anything matched.
 */
export function Component() {
  const { state, sent } = useLoaderData<typeof loader>();
  return (
    <>
      <PageIntro title="Lost your link?">
        <p>We can send the link to your valuation page again, to the e-mail address you gave us.</p>
      </PageIntro>
      <Container className="py-10 sm:py-14">
        <section className={`${cardClass} max-w-2xl`}>
          {sent ? (
            <div role="status">
              <h2 className="flex items-center gap-2 text-xl font-bold text-brand-900">
                <CircleCheck aria-hidden="true" className="size-6 shrink-0 text-go-700" />
                Check your e-mail
              </h2>
              <p className="mt-3">{sellerPortalMessages.lostLinkSent}</p>
              <p className="mt-4">
                Nothing arrived?{' '}
                <a href={paths.yourValuationLostLink} className={linkClass}>
                  Try again
                </a>{' '}
                with the exact address you used, or{' '}
                <a href={paths.contact} className={linkClass}>
                  contact us
                </a>
                .
              </p>
            </div>
          ) : (
            <form method="post" action={paths.yourValuationLostLink} noValidate className="grid gap-5">
              {state?.failure ? <FormFailure title="The link was not sent" message={state.failure} /> : null}
              <TextField name="email" label="E-mail address" required error={state?.errors.email}>
                <input
                  type="email"
                  name="email"
                  autoComplete="email"
                  defaultValue={state?.values.email}
                  className={inputClassName}
                />
              </TextField>
              <TextField
                name="registration"
                label="Registration"
                hint="The car's number plate, as on your request."
                required
                error={state?.errors.registration}
              >
                <input
                  name="registration"
                  autoCapitalize="characters"
                  autoComplete="off"
                  spellCheck={false}
                  defaultValue={state?.values.registration}
                  className={`${inputClassName} uppercase`}
                />
              </TextField>
              <div aria-hidden="true" className="absolute -left-[9999px]">
                <label>
                  Leave this empty
                  <input type="text" name="website" tabIndex={-1} autoComplete="off" />
                </label>
              </div>
              <div>
                <button type="submit" className={buttonVariants({ variant: 'brand', size: 'lg' })}>
                  Send me a new link
                </button>
              </div>
            </form>
          )}
        </section>
      </Container>
    </>
  );
}
