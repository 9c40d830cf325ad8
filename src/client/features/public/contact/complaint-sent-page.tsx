import { CircleCheck } from 'lucide-react';
import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { PageIntro } from '~/client/components/page-intro';
import { Container } from '~/client/components/ui/container';
import type { RouteHandle } from '~/client/lib/page-meta';
import { COMPLAINT_REFERENCE_PATTERN, complaintMessages } from '~/shared/complaint-basics';
import { paths } from '~/shared/paths';
import { ComplaintSentDetails } from './complaint-sent-details';

export const handle: RouteHandle = { meta: { title: complaintMessages.sent, noindex: true } };

/** The reference from the address; any other address is not a page (404). */
export function loader({ request }: LoaderFunctionArgs): { reference: string } {
  const reference = new URL(request.url).searchParams.get('reference') ?? '';
  if (!COMPLAINT_REFERENCE_PATTERN.test(reference)) throw data(null, { status: 404 });
  return { reference };
}

const linkClass = 'font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900';

/**
 * Where a data-protection complaint sent without JavaScript leads (issue 31): the contact page's
 * form posts to the server, which stores the complaint and redirects here (POST/redirect/GET, so
 * reloading sends nothing twice) with its reference. With JavaScript, the form shows the same
 * in its place.
 */
export function Component() {
  const { reference } = useLoaderData<typeof loader>();
  return (
    <>
      <PageIntro title={complaintMessages.sent}>
        <p>Thank you for telling us. Someone on our team will look into it.</p>
      </PageIntro>
      <Container className="py-14 sm:py-16">
        <section
          aria-labelledby="complaint-sent-title"
          className="max-w-2xl rounded-[var(--radius-card)] border border-green-200 bg-white p-5 shadow-[var(--shadow-card)] sm:p-8"
        >
          <h2 id="complaint-sent-title" className="flex items-center gap-2 text-xl font-bold text-brand-900">
            <CircleCheck aria-hidden="true" className="size-6 shrink-0 text-go-700" />
            Your data protection complaint
          </h2>
          <ComplaintSentDetails reference={reference} />
          <p className="mt-6">
            <Link to={paths.contact} className={linkClass}>
              Back to the contact page
            </Link>
          </p>
        </section>
      </Container>
    </>
  );
}
