import { html } from './html';
import { emailHtml, emailText, ukDateTime, type EmailContent, type MessageContext } from './layout';

/**
 * "Send test message" on the Messages screen: proves the e-mail or SMS set-up works end to end.
 * Says who sent it and when, so whoever receives it knows it is deliberate and can ignore it.
 */
export type MessageTestData = { requestedBy: string };

export const messageTest = {
  name: 'message-test',
  email(data: MessageTestData, context: MessageContext): EmailContent {
    const { tradingName, publicBaseUrl } = context.site;
    const when = ukDateTime(context.now);
    const subject = `Test message from ${tradingName}`;
    const lines = [
      `This is a test e-mail sent from the ${tradingName} back office by ${data.requestedBy} on ${when}.`,
      'If you can read it, e-mail from the website is working. There is nothing else to do.',
    ];
    return {
      subject,
      text: emailText([...lines, '', `Back office: ${publicBaseUrl}/admin/messages`], context),
      html: emailHtml(
        subject,
        {
          preheader: 'E-mail from the website is working.',
          heading: 'E-mail is working',
          paragraphs: lines.map((line) => html`${line}`),
          button: { label: 'Open the Messages screen', url: `${publicBaseUrl}/admin/messages` },
        },
        context,
      ),
    };
  },
  sms(data: MessageTestData, context: MessageContext): string {
    return `${context.site.tradingName}: test text message sent from the back office by ${data.requestedBy} on ${ukDateTime(context.now)}. Text messages are working.`;
  },
} as const;
