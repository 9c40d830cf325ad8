import { escapeHtml } from '~/shared/escape-html';

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

function staticErrorPage(options: {
  tradingName: string;
  reference: string;
  status: number;
  title: string;
  explanation: string;
}): string {
  const brand = escapeHtml(options.tradingName);
  const reference = escapeHtml(options.reference);
  const title = escapeHtml(options.title);
  const explanation = escapeHtml(options.explanation);
  return `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <meta name="theme-color" content="#0b2a4a" />
    <link rel="icon" href="/favicon.ico" sizes="32x32" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>${title} | ${brand}</title>
  </head>
  <body style="margin:0;background:#f8fafc;color:#0f172a;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;line-height:1.5">
    <header style="background:#0b2a4a;padding:16px 24px">
      <a href="/" style="color:#ffffff;font-size:1.25rem;font-weight:800;text-decoration:none">${brand}</a>
    </header>
    <main style="max-width:40rem;margin:0 auto;padding:64px 24px">
      <p style="display:inline-block;margin:0;border-radius:999px;background:#eef5fb;padding:4px 12px;font-size:0.875rem;font-weight:600;color:#174675">Error ${options.status}</p>
      <h1 style="margin:24px 0 0;font-size:2.25rem;line-height:1.15;font-weight:800;color:#0b2a4a">${title}</h1>
      <p style="margin:24px 0 0;font-size:1.125rem;color:#475569">${explanation}</p>
      <p style="margin:32px 0 0"><a href="/" style="display:inline-block;border-radius:8px;background:#0b2a4a;padding:12px 20px;font-weight:600;color:#ffffff;text-decoration:none">Back to the home page</a></p>
      <p style="margin:40px 0 0;font-size:0.875rem;color:#475569">If you contact us about this, please quote this reference: <code style="font-size:0.875rem;color:#0f172a;overflow-wrap:anywhere">${reference}</code></p>
    </main>
  </body>
</html>
`;
}
