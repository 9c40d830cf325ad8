import { COMPLAINT_ACKNOWLEDGE_DAYS, complaintReplyDue, ICO } from '~/shared/complaint-basics';
import { html, type SafeHtml } from './html';
import { emailHtml, emailText, type EmailContent, type MessageContext } from './layout';

/**
 * The acknowledgement of a data-protection complaint (DPA 2018 s.164A: acknowledged within 30
 * days; this goes as soon as the complaint is stored). Its reference, what happens next, the
 * right to complain to the ICO, and a copy of what the sender wrote. No promotion of any kind
 * (DESIGN 7): it exists only because they complained.
 */
export type ComplaintReceivedData = {
  reference: string;
  name: string;
  email: string;
  /** As typed; null when not given. */
  phone: string | null;
  details: string;
  receivedAt: Date;
};

/** "Friday 17 July 2026", in UK time. */
export function ukDate(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  })
    .format(date)
    .replace(',', '');
}

/** Text with its line breaks kept in HTML (each line escaped). */
function withLineBreaks(text: string): SafeHtml {
  return html`${text.split(/\r?\n/).map((line, i) => [i > 0 && html`<br />`, line])}`;
}

export const complaintReceived = {
  name: 'complaint-received',
  email(data: ComplaintReceivedData, context: MessageContext): EmailContent {
    const { tradingName } = context.site;
    const due = ukDate(complaintReplyDue(data.receivedAt));
    const subject = `We have your data protection complaint (reference ${data.reference})`;
    const intro = [
      `Hello ${data.name},`,
      `Thank you for telling us about your concern with how ${tradingName} uses personal data. This e-mail confirms we have your complaint. Your reference is ${data.reference}: please quote it if you contact us about it.`,
      `What happens next: a member of our team will look into what you told us and reply to you within ${COMPLAINT_ACKNOWLEDGE_DAYS} days, by ${due}, or sooner if we can. If we need more information to look into it, we will ask you.`,
    ];
    const regulator =
      "You also have the right to complain to the Information Commissioner's Office (ICO), the UK regulator for data protection";
    const copy = [`Name: ${data.name}`, `E-mail: ${data.email}`, ...(data.phone ? [`Phone: ${data.phone}`] : [])];
    const text = [
      ...intro,
      `${regulator}: ${ICO.url} or call ${ICO.phone}.`,
      '',
      'A copy of what you sent us:',
      '',
      ...copy,
      '',
      data.details,
    ];
    return {
      subject,
      text: emailText(text, context),
      html: emailHtml(
        subject,
        {
          preheader: `Your reference is ${data.reference}. We will reply within ${COMPLAINT_ACKNOWLEDGE_DAYS} days.`,
          heading: 'We have your complaint',
          paragraphs: [
            ...intro.map((line) => html`${line}`),
            html`${regulator}: <a href="${ICO.url}">ico.org.uk</a> or call ${ICO.phone}.`,
            html`<strong>A copy of what you sent us</strong>`,
            html`${copy.map((line, i) => [i > 0 && html`<br />`, line])}`,
            withLineBreaks(data.details),
          ],
        },
        context,
      ),
    };
  },
} as const;
