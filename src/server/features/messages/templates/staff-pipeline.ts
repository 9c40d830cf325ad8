import { buttonEmail, type Car } from './seller-side';
import { ukDateTime, type EmailContent, type MessageContext } from './layout';
import { vehicleName } from './valuation-received';

/**
 * The staff pipeline's e-mails to staff (issue 37): a request given to someone, and the 24-hour
 * promise running short or missed. Each names the request and links to it; the seller's details stay
 * in the back office.
 */

export type PipelineAlertData = Car & {
  valuationId: string;
  /** When the request came in, and when our promise to answer it runs (or ran) out. */
  receivedAt: string;
  dueAt: string;
  /** "Priya Shah", or null while nobody owns it. */
  ownerName: string | null;
};

const requestUrl = (data: PipelineAlertData, context: MessageContext) =>
  `${context.site.publicBaseUrl}/admin/valuations/${data.valuationId}`;

const ownerLine = (data: PipelineAlertData) =>
  data.ownerName ? `Owner: ${data.ownerName}.` : 'Nobody owns it yet: whoever answers it, claim it first.';

/** 20 hours in: the owner (or, while nobody owns it, all staff) still has time to answer. */
export const promiseWarning = {
  name: 'promise-warning',
  email(data: PipelineAlertData, context: MessageContext): EmailContent {
    const url = requestUrl(data, context);
    const due = ukDateTime(new Date(data.dueAt));
    return buttonEmail(
      `Answer by ${due}: ${data.reference} has waited 20 hours`,
      'Four hours left to answer',
      [
        `${data.reference} (${vehicleName(data)}) came in on ${ukDateTime(new Date(data.receivedAt))} and has had no answer yet.`,
        `We promised the seller an answer within 24 hours: send an offer or contact them, and log it, by ${due}.`,
        ownerLine(data),
        `Open it: ${url}`,
      ],
      { label: 'Open the request', url },
      context,
    );
  },
} as const;

/** 24 hours in, still no answer: the promise is broken; the owner and all staff are told. */
export const promiseBreached = {
  name: 'promise-breached',
  email(data: PipelineAlertData, context: MessageContext): EmailContent {
    const url = requestUrl(data, context);
    return buttonEmail(
      `Promise missed: ${data.reference} has waited 24 hours`,
      'Our 24-hour promise was missed',
      [
        `${data.reference} (${vehicleName(data)}) came in on ${ukDateTime(new Date(data.receivedAt))} and nobody has answered the seller within the 24 hours we promised (${ukDateTime(new Date(data.dueAt))}).`,
        'Please answer it now: send an offer, or contact the seller and log how.',
        ownerLine(data),
        `Open it: ${url}`,
      ],
      { label: 'Open the request', url },
      context,
    );
  },
} as const;

export type RequestAssignedData = PipelineAlertData & { assignedBy: string; answered: boolean };

/** To a member of staff another gave a request to. */
export const requestAssigned = {
  name: 'request-assigned',
  email(data: RequestAssignedData, context: MessageContext): EmailContent {
    const url = requestUrl(data, context);
    const promise = data.answered
      ? 'The seller has had a first answer already.'
      : `It has not been answered yet: the 24-hour promise runs out on ${ukDateTime(new Date(data.dueAt))}.`;
    return buttonEmail(
      `${data.reference} is yours now`,
      'A request for you',
      [`${data.assignedBy} gave you ${data.reference} (${vehicleName(data)}).`, promise, `Open it: ${url}`],
      { label: 'Open the request', url },
      context,
    );
  },
} as const;
