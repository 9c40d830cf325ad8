import { COMPLAINT_ACKNOWLEDGE_DAYS } from '~/shared/complaint-basics';

/** What the acknowledgement promises, on the form once sent and on the page a plain post leads to. */
export function ComplaintSentDetails({ reference, email }: { reference: string; email?: string }) {
  return (
    <>
      <p className="mt-4 text-ink">
        Your reference is <strong className="font-mono text-lg tracking-wider text-brand-950">{reference}</strong>.
        Please quote it if you contact us about your complaint.
      </p>
      <p className="mt-3 text-ink">
        We are e-mailing an acknowledgement to{' '}
        {email ? <strong className="break-all">{email}</strong> : 'the address you gave'}, with your reference and a
        copy of what you wrote. We will reply within {COMPLAINT_ACKNOWLEDGE_DAYS} days.
      </p>
    </>
  );
}
