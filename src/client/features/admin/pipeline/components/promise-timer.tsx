import { CircleCheck, Clock, TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '~/client/lib/cn';
import { PROMISE_HOURS, timeLeftLabel } from '~/shared/staff-pipeline';

/**
 * How long the server's clock is ahead of this browser's: timers count from the server's time (the
 * list gives it), so a wrong clock on a desk computer cannot make a request look safe.
 */
export function useServerClock(serverNow: string | undefined): () => Date {
  // Worked out again when a new answer brings a new server time (state set while rendering, as
  // React recommends for values derived from a changed prop).
  const [anchor, setAnchor] = useState(() => anchorOf(serverNow));
  if (anchor.serverNow !== serverNow) setAnchor(anchorOf(serverNow));
  return () => new Date(Date.now() + anchor.offset);
}

function anchorOf(serverNow: string | undefined) {
  return { serverNow, offset: serverNow ? new Date(serverNow).getTime() - Date.now() : 0 };
}

/** Re-renders every `ms`, so a timer on screen keeps counting down. */
function useTick(ms: number) {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), ms);
    return () => clearInterval(timer);
  }, [ms]);
}

const tones = {
  ok: 'border-line bg-slate-50 text-slate-700',
  close: 'border-amber-300 bg-amber-50 text-amber-900',
  overdue: 'border-red-300 bg-red-50 text-red-900',
  answered: 'border-green-200 bg-green-50 text-go-700',
} as const;

/**
 * The 24-hour promise on one request: the time left (amber in the last four hours, red once past),
 * or, once answered, whether it was answered in time. Words, not colour alone.
 */
export function PromiseTimer({
  dueAt,
  firstAnsweredAt,
  now,
  className,
}: {
  dueAt: string;
  firstAnsweredAt: string | null;
  now: () => Date;
  className?: string;
}) {
  useTick(30_000);
  if (firstAnsweredAt) {
    const inTime = new Date(firstAnsweredAt) <= new Date(dueAt);
    return (
      <span className={cn(badge, inTime ? tones.answered : tones.overdue, className)}>
        <CircleCheck aria-hidden="true" />
        {inTime ? `Answered within ${PROMISE_HOURS} h` : 'Answered late'}
      </span>
    );
  }
  const { label, tone } = timeLeftLabel(new Date(dueAt), now());
  const Icon = tone === 'ok' ? Clock : TriangleAlert;
  return (
    <span
      className={cn(badge, tones[tone], className)}
      title={`Answer due by ${new Date(dueAt).toLocaleString('en-GB', { timeZone: 'Europe/London', dateStyle: 'medium', timeStyle: 'short' })}`}
    >
      <Icon aria-hidden="true" />
      <span>
        <span className="sr-only">Promise: </span>
        {label}
      </span>
    </span>
  );
}

const badge =
  'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs leading-5 font-semibold whitespace-nowrap [&_svg]:size-3.5 [&_svg]:shrink-0';
