import { CalendarClock, NotebookPen, PhoneIncoming, Play, Square, Timer } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '~/client/components/ui/button';
import { Spinner } from '~/client/components/ui/spinner';
import { formatCallDuration, type CallLogItem } from '~/shared/calls';
import { formatUkDateAndTime } from '../../lib/format-date';
import { callRecordingUrl } from '../api/recording-url';
import { callParty, canAnswer } from '../lib/call-display';
import { CallDirection, CallStatusBadge } from './call-labels';

/** What a row asks the page to do; `trigger` is where focus returns afterwards. */
export type CallAction = (call: CallLogItem, trigger: HTMLElement) => void;

/**
 * SPEC section 2's Recent Calls, newest first: who, their number, the direction, the status, when it
 * started and how long it lasted; Answer on a caller still ringing, Play Recording when there is one,
 * and Notes. One layout for every width: the details wrap, the buttons sit under them on a phone and
 * beside them from a laptop up.
 */
export function CallsList({
  calls,
  answerDisabled,
  recordingsDisabled,
  answeringSid,
  onAnswer,
  onNotes,
}: {
  calls: CallLogItem[];
  /** A call is active, or calls are not set up. */
  answerDisabled: boolean;
  /** Recordings play through Twilio: not without the settings. */
  recordingsDisabled: boolean;
  /** The call an Answer is under way for. */
  answeringSid: string | null;
  onAnswer: CallAction;
  onNotes: CallAction;
}) {
  return (
    <ul aria-label="Recent calls, newest first" className="divide-y divide-line">
      {calls.map((call) => (
        <CallRow
          key={call.callSid}
          call={call}
          answerDisabled={answerDisabled || answeringSid !== null}
          answering={answeringSid === call.callSid}
          recordingsDisabled={recordingsDisabled}
          onAnswer={onAnswer}
          onNotes={onNotes}
        />
      ))}
    </ul>
  );
}

function CallRow({
  call,
  answerDisabled,
  answering,
  recordingsDisabled,
  onAnswer,
  onNotes,
}: {
  call: CallLogItem;
  answerDisabled: boolean;
  answering: boolean;
  recordingsDisabled: boolean;
  onAnswer: CallAction;
  onNotes: CallAction;
}) {
  const id = useId();
  const { name, number } = callParty(call);
  const started = call.startTime ?? call.createdAt;
  const [listening, setListening] = useState(false);
  const audioRef = useRef<HTMLAudioElement>(null);
  // Revealed by Play Recording, a click: it starts at once (a browser that refuses still shows the controls).
  useEffect(() => {
    if (listening) audioRef.current?.play().catch(() => undefined);
  }, [listening]);
  const forCall = <span className="sr-only"> for the call with {name}</span>;

  return (
    <li
      aria-labelledby={`${id}-name`}
      className="grid gap-3 px-4 py-4 sm:px-5 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-center lg:gap-x-6"
    >
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 id={`${id}-name`} className="min-w-0 font-semibold break-words text-brand-950">
            {name}
          </h3>
          <CallStatusBadge status={call.status} />
        </div>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
          {number ? <span className="tabular-nums">{number}</span> : null}
          <CallDirection direction={call.direction} />
          <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
            <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
            <span className="sr-only">Started </span>
            <time dateTime={started}>{formatUkDateAndTime(started)}</time>
          </span>
          <span className="inline-flex items-center gap-1.5 whitespace-nowrap tabular-nums">
            <Timer aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
            <span className="sr-only">Duration </span>
            {formatCallDuration(call.duration)}
          </span>
        </p>
        {call.notes ? (
          <p className="mt-1 line-clamp-3 rounded-lg border border-line bg-surface px-3 py-2 text-sm whitespace-pre-line text-ink">
            <span className="font-semibold text-brand-950">Notes: </span>
            {call.notes}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2 lg:justify-end">
        {canAnswer(call) ? (
          <Button
            size="sm"
            variant="brand"
            disabled={answerDisabled}
            onClick={(event) => onAnswer(call, event.currentTarget)}
          >
            {answering ? <Spinner /> : <PhoneIncoming aria-hidden="true" />}
            {answering ? 'Answering...' : 'Answer'}
            {forCall}
          </Button>
        ) : null}
        {call.hasRecording ? (
          <Button
            size="sm"
            variant="outline"
            disabled={recordingsDisabled}
            aria-expanded={listening}
            aria-controls={listening ? `${id}-recording` : undefined}
            onClick={() => setListening((open) => !open)}
          >
            {listening ? <Square aria-hidden="true" /> : <Play aria-hidden="true" />}
            {listening ? 'Hide Recording' : 'Play Recording'}
            {forCall}
          </Button>
        ) : null}
        <Button size="sm" variant="outline" onClick={(event) => onNotes(call, event.currentTarget)}>
          <NotebookPen aria-hidden="true" />
          Notes
          {forCall}
        </Button>
      </div>
      {listening ? (
        <audio
          ref={audioRef}
          id={`${id}-recording`}
          controls
          preload="none"
          src={callRecordingUrl(call.callSid)}
          aria-label={`Recording of the call with ${name}`}
          className="w-full lg:col-span-2 lg:max-w-xl"
        />
      ) : null}
    </li>
  );
}
