import { addressAsOneLine, type SiteConfig } from '~/shared/site-config';
import { html, type SafeHtml } from './html';

/**
 * The frame every e-mail shares: the business's name at the top, the message, and the business
 * details at the foot (who we are and how to reach us, as the Companies Act and the ICO expect
 * of business e-mail). Tables and inline styles, 600 px wide at most and fluid below that, so
 * it reads the same in Gmail, Outlook and phone mail apps. No images, no tracking pixels, no
 * marketing: these are transactional messages (DESIGN 7).
 */

/** What every template may use: the business details and the time the message was made. */
export type MessageContext = {
  site: Omit<SiteConfig, 'promotion'>;
  now: Date;
};

export type EmailContent = { subject: string; text: string; html: string };

const NAVY = '#0b2a4a';
const TEXT = '#1f2933';
const MUTED = '#52606d';
const BUTTON = '#1f5790';
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export type EmailBody = {
  /** The line mail apps show after the subject in the inbox. */
  preheader: string;
  heading: string;
  /** Paragraphs of the message, as HTML made with `html`. */
  paragraphs: SafeHtml[];
  /** One clear action, if the message has one. */
  button?: { label: string; url: string };
};

/** The business details at the foot of every message, as lines of text. */
export function footerLines(site: MessageContext['site']): string[] {
  const registered = [
    site.companyName,
    site.companyNumber && `Registered in England and Wales, company number ${site.companyNumber}`,
  ].filter(Boolean);
  return [
    registered.join('. '),
    addressAsOneLine(site),
    [site.phone && `Phone ${site.phone.display}`, site.email && `E-mail ${site.email}`].filter(Boolean).join(' · '),
    site.publicBaseUrl,
  ].filter((line): line is string => Boolean(line));
}

export function emailHtml(subject: string, body: EmailBody, context: MessageContext): string {
  const { site } = context;
  const paragraphs = body.paragraphs.map(
    (p) => html`<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:${TEXT};">${p}</p>`,
  );
  const button =
    body.button &&
    html`<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;">
      <tr>
        <td style="border-radius:6px;background:${BUTTON};">
          <a
            href="${body.button.url}"
            style="display:inline-block;padding:12px 24px;font-family:${FONT};font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;"
            >${body.button.label}</a
          >
        </td>
      </tr>
    </table>`;
  const footer = footerLines(site).map((line) => html`${line}<br />`);
  return html`<!DOCTYPE html>
    <html lang="en-GB">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="x-apple-disable-message-reformatting" />
        <meta name="color-scheme" content="light" />
        <title>${subject}</title>
      </head>
      <body style="margin:0;padding:0;background:#f3f5f8;">
        <div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">${body.preheader}</div>
        <table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f3f5f8;">
          <tr>
            <td align="center" style="padding:24px 12px;">
              <table
                role="presentation"
                width="100%"
                cellpadding="0"
                cellspacing="0"
                border="0"
                style="max-width:600px;background:#ffffff;border-radius:8px;"
              >
                <tr>
                  <td
                    style="background:${NAVY};padding:20px 24px;border-radius:8px 8px 0 0;font-family:${FONT};font-size:20px;font-weight:bold;color:#ffffff;"
                  >
                    ${site.tradingName}
                  </td>
                </tr>
                <tr>
                  <td style="padding:28px 24px 8px;font-family:${FONT};">
                    <h1 style="margin:0 0 16px;font-size:22px;line-height:30px;color:${NAVY};">${body.heading}</h1>
                    ${paragraphs} ${button}
                  </td>
                </tr>
                <tr>
                  <td
                    style="padding:16px 24px 24px;border-top:1px solid #e4e7eb;font-family:${FONT};font-size:13px;line-height:20px;color:${MUTED};"
                  >
                    ${footer}
                  </td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html> `.value;
}

/** The plain-text part: the same words, then the business details. */
export function emailText(lines: string[], context: MessageContext): string {
  return [...lines, '', '--', context.site.tradingName, ...footerLines(context.site)].join('\n') + '\n';
}

/** "Monday 23 November 2026 at 14:05", in UK time. */
export function ukDateTime(date: Date): string {
  const day = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
  return `${day} at ${time}`;
}
