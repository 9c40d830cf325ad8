import { escapeHtml } from '~/shared/escape-html';
import { staticPage } from './static-page';

/**
 * The page sent when a page could not be made: a loader or the rendering threw,
 * or the render source itself failed. It is self-contained on purpose, since
 * whatever failed may be what a richer page needs: no script (and none needed),
 * no stylesheet (styles are attributes, which the CSP allows through
 * `style-src-attr`), no message or stack of the error. The reference is the
 * request id, which is in the log line of the failure, so staff can find it.
 */
export function serverErrorPage(options: { tradingName: string; reference: string }): string {
  return staticErrorPage({
    ...options,
    status: 500,
    title: 'Sorry, something went wrong',
    explanation: "We couldn't show this page because of a problem on our side. Please try again in a few minutes.",
  });
}

/**
 * The page sent when a page request itself is refused (a web address holding characters no page
 * can have, say): same static frame, and the reason in plain words.
 */
export function badRequestPage(options: { tradingName: string; reference: string; status: number }): string {
  return staticErrorPage({
    ...options,
    title: "We couldn't open that address",
    explanation:
      'The web address has something in it that our pages cannot read. Check it, or start again from the home page.',
  });
}

/**
 * The page sent when a form posted without JavaScript is refused before its feature reads it
 * (from another site, too large, characters no field can hold): nothing was sent, and why.
 */
export function refusedFormPage(options: { tradingName: string; reference: string; status: number }): string {
  return staticErrorPage({
    ...options,
    title: 'Your form was not sent',
    explanation:
      options.status === 403
        ? 'It did not come from a page of this website, so we did not accept it. Please fill in the form on our website and send it again.'
        : 'It held something our forms cannot take. Please go back, check what you typed and send it again.',
  });
}

function staticErrorPage(options: {
  tradingName: string;
  reference: string;
  status: number;
  title: string;
  explanation: string;
}): string {
  const reference = escapeHtml(options.reference);
  const title = escapeHtml(options.title);
  const explanation = escapeHtml(options.explanation);
  return staticPage({
    title: options.title,
    brand: options.tradingName,
    homeHref: '/',
    mainStyle: 'max-width:40rem;margin:0 auto;padding:64px 24px',
    main: `      <p style="display:inline-block;margin:0;border-radius:999px;background:#eef5fb;padding:4px 12px;font-size:0.875rem;font-weight:600;color:#174675">Error ${options.status}</p>
      <h1 style="margin:24px 0 0;font-size:2.25rem;line-height:1.15;font-weight:800;color:#0b2a4a">${title}</h1>
      <p style="margin:24px 0 0;font-size:1.125rem;color:#475569">${explanation}</p>
      <p style="margin:32px 0 0"><a href="/" style="display:inline-block;border-radius:8px;background:#0b2a4a;padding:12px 20px;font-weight:600;color:#ffffff;text-decoration:none">Back to the home page</a></p>
      <p style="margin:40px 0 0;font-size:0.875rem;color:#475569">If you contact us about this, please quote this reference: <code style="font-size:0.875rem;color:#0f172a;overflow-wrap:anywhere">${reference}</code></p>`,
  });
}
