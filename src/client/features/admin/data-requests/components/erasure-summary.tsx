import { CircleCheck, TriangleAlert } from 'lucide-react';
import { Card } from '~/client/components/ui/card';
import { dataRequestMessages as m, type DataRequestErasure } from '~/shared/data-requests';
import { countPhrases } from '../lib/labels';

/**
 * What an erasure did: the records deleted, and plainly, what is left for staff to do at Twilio
 * (recordings this system could not delete there, or could not reach Twilio to delete at all).
 */
export function ErasureSummary({
  erasure,
  who,
  kind,
}: {
  erasure: DataRequestErasure;
  who: string;
  /** What was searched by: the summary suggests the other. */
  kind: 'email' | 'phone';
}) {
  const phrases = countPhrases(erasure.counts);
  const { recordings } = erasure;
  const callsErased = erasure.counts.calls > 0;
  const notReachable = !recordings.twilioConfigured && callsErased;
  const leftAtTwilio = recordings.twilioConfigured && recordings.remaining.length > 0;
  return (
    <Card className="overflow-hidden" role="status">
      <div className="flex gap-3 border-b border-line bg-green-50 p-4 sm:p-5">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-go-700" />
        <div className="min-w-0">
          <h2 className="text-lg leading-7 font-bold text-brand-950">
            Erased everything held for <span className="font-mono text-base wrap-anywhere">{who}</span>
          </h2>
          <p className="mt-1 text-sm text-ink">
            {phrases.length ? `Deleted: ${phrases.join(', ')}.` : 'Nothing was left to delete.'}
          </p>
          {recordings.twilioConfigured && recordings.deleted > 0 ? (
            <p className="mt-1 text-sm text-ink">
              {recordings.deleted} call {recordings.deleted === 1 ? 'recording was' : 'recordings were'} deleted at
              Twilio.
            </p>
          ) : null}
          <p className="mt-2 text-sm text-muted">
            If you have not yet, search by their {kind === 'email' ? 'phone number' : 'e-mail address'} too: each finds
            the records held under it.
          </p>
        </div>
      </div>
      {notReachable || leftAtTwilio ? (
        <div className="flex gap-3 bg-amber-50 p-4 text-sm text-amber-950 sm:p-5">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
          <div className="min-w-0">
            <p className="font-semibold">Still to do in the Twilio console</p>
            <p className="mt-1">{notReachable ? m.recordingsNotConfigured : m.recordingsLeft}</p>
            {recordings.remaining.length > 0 ? (
              <ul className="mt-2 grid gap-1 font-mono text-xs break-all">
                {recordings.remaining.map((recording) => (
                  <li key={recording.callSid}>
                    {recording.recordingSid ? `Recording ${recording.recordingSid} of call ` : 'Call '}
                    {recording.callSid}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
      ) : null}
    </Card>
  );
}
