import { BookOpenCheck } from 'lucide-react';
import { Card } from '~/client/components/ui/card';
import { dataRequestDeadline } from '~/shared/data-requests';

const months = (n: number) => `${n === 1 ? 'one month' : n === 2 ? 'two months' : `${n} months`}`;

/**
 * The few rules staff need at hand (UK GDPR Arts 12, 15 and 17; SECURITY.md section 2), beside the
 * tools: who to act for, by when, and what this system does not hold.
 */
export function Guidance() {
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="flex items-center gap-2 font-bold text-brand-950">
        <BookOpenCheck aria-hidden="true" className="size-5 text-brand-600" />
        Before you start
      </h2>
      <ul className="mt-3 grid gap-3 text-sm text-ink">
        <li>
          <strong className="font-semibold text-brand-950">Check who is asking.</strong> Act only for the person the
          data is about (or someone they have authorised), once you are satisfied it is them: for example, reply to the
          e-mail address we hold, or ask about their valuation.
        </li>
        <li>
          <strong className="font-semibold text-brand-950">Reply within {months(dataRequestDeadline.months)}</strong> of
          receiving the request. If it is complex, or they sent several, you may take up to{' '}
          {months(dataRequestDeadline.extendedMonths)} more, but tell them so within the first month.
        </li>
        <li>
          <strong className="font-semibold text-brand-950">Search by both</strong> their e-mail address and their phone
          number: each finds the records held under it (phone calls only by number, reviews only by address).
        </li>
        <li>
          <strong className="font-semibold text-brand-950">Records the law makes us keep are not here.</strong> Purchase
          records of cars we bought are kept in the accounts, not in this system, so an erasure here does not touch
          them.
        </li>
      </ul>
    </Card>
  );
}
