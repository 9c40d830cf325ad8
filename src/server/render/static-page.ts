import { escapeHtml } from '~/shared/escape-html';

/**
 * The frame of the server's self-contained pages (the error pages, the API reference): the brand
 * bar and a centred main column, with no script and no stylesheet (styles are attributes, which
 * the CSP allows through `style-src-attr`), so they render whatever else has failed.
 * `title` and `brand` are escaped here; `main` is markup the caller built and escaped.
 */
export function staticPage(options: {
  title: string;
  brand: string;
  /** Where the brand bar links to. */
  homeHref: string;
  /** The main column's inline style. */
  mainStyle: string;
  main: string;
}): string {
  const brand = escapeHtml(options.brand);
  return `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <meta name="theme-color" content="#0b2a4a" />
    <link rel="icon" href="/favicon.ico" sizes="32x32" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>${escapeHtml(options.title)} | ${brand}</title>
  </head>
  <body style="margin:0;background:#f8fafc;color:#0f172a;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;line-height:1.5">
    <header style="background:#0b2a4a;padding:16px 24px">
      <a href="${options.homeHref}" style="color:#ffffff;font-size:1.25rem;font-weight:800;text-decoration:none">${brand}</a>
    </header>
    <main style="${options.mainStyle}">
${options.main}
    </main>
  </body>
</html>
`;
}
