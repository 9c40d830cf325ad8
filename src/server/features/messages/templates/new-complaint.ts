import { COMPLAINT_ACKNOWLEDGE_DAYS, complaintReplyDue } from '~/shared/complaint-basics';
import { ukDate } from './complaint-received';
import { html } from './html';
import { emailHtml, emailText, ukDateTime, type EmailContent, type MessageContext } from './layout';

/**
 * To staff (STAFF_NOTIFY_EMAIL): a data-protection complaint arrived. Its reference, who sent it
 * and how to reach them, the date the reply is due, and a link to the back-office screen. What
 * they wrote stays in the back office: staff read it there, and it is not copied to mailboxes.
 */
export type NewComplaintData = {
  reference: string;
  name: string;
  email: string;
  /** As typed; null when not given. */
  phone: string | null;
  receivedAt: Date;
};

export const newComplaint = {
  name: 'new-complaint',
  email(data: NewComplaintData, context: MessageContext): EmailContent {
    const url = `${context.site.publicBaseUrl}/admin/complaints`;
    const due = ukDate(complaintReplyDue(data.receivedAt));
    const subject = `New data protection complaint: ${data.reference}`;
    const facts = [
      `Reference: ${data.reference}`,
      `Received: ${ukDateTime(data.receivedAt)}`,
      `From: ${data.name}`,
      `E-mail: ${data.email}`,
      `Phone: ${data.phone ?? 'not given'}`,
    ];
    const lines = [
      'Someone has complained about how we use personal data.',
      `They have been sent an acknowledgement with this reference, saying we will reply within ${COMPLAINT_ACKNOWLEDGE_DAYS} days: by ${due}.`,
    ];
    return {
      subject,
      text: emailText(
        [lines[0]!, '', ...facts, '', lines[1]!, '', `Read it and mark it resolved once you have replied: ${url}`],
        context,
      ),
      html: emailHtml(
        subject,
        {
          preheader: `Reply due by ${due}.`,
          heading: 'New data protection complaint',
          paragraphs: [
            html`${lines[0]}`,
            html`${facts.map((fact, i) => [i > 0 && html`<br />`, fact])}`,
            html`${lines[1]}`,
            html`Read it, and mark it resolved once you have replied, in the back office.`,
          ],
          button: { label: 'Open complaints', url },
        },
        context,
      ),
    };
  },
} as const;
