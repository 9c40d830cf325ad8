import {
  CircleAlert,
  CircleCheck,
  Clock,
  PhoneCall,
  PhoneIncoming,
  PhoneMissed,
  PhoneOff,
  PhoneOutgoing,
  type LucideIcon,
} from 'lucide-react';
import { Badge } from '~/client/components/ui/badge';
import { cn } from '~/client/lib/cn';
import { callStatusLabel, type CallStatusLabel } from '../lib/call-display';

const toneClasses: Record<CallStatusLabel['tone'], string> = {
  green: 'border-green-200 bg-green-50 text-go-700',
  amber: 'border-amber-300 bg-amber-50 text-amber-900',
  orange: 'border-orange-300 bg-orange-50 text-orange-900',
  red: 'border-red-200 bg-red-50 text-danger',
  blue: 'border-blue-200 bg-blue-50 text-blue-800',
  neutral: 'border-line bg-slate-100 text-slate-700',
};

const statusIcons: Record<string, LucideIcon> = {
  completed: CircleCheck,
  'no-answer': PhoneMissed,
  busy: PhoneOff,
  failed: CircleAlert,
  'in-progress': PhoneCall,
  queued: Clock,
  initiated: Clock,
};

/**
 * A call's status as a word with a colour and an icon; the word alone carries the meaning. A ringing
 * call has a pulsing dot instead of an icon, still for people who ask for reduced motion.
 */
export function CallStatusBadge({ status }: { status: string | null }) {
  const { label, tone } = callStatusLabel(status);
  const Icon = status ? statusIcons[status] : undefined;
  return (
    <Badge className={toneClasses[tone]}>
      {status === 'ringing' ? (
        <span aria-hidden="true" className="relative flex size-2.5 items-center justify-center">
          <span className="absolute inline-flex size-full animate-ping rounded-full bg-blue-500 opacity-60 motion-reduce:hidden" />
          <span className="relative inline-flex size-2 rounded-full bg-blue-600" />
        </span>
      ) : Icon ? (
        <Icon aria-hidden="true" />
      ) : null}
      {label}
    </Badge>
  );
}

/** Inbound or outbound, as an icon and a word. */
export function CallDirection({ direction, className }: { direction: string | null; className?: string }) {
  const [Icon, label] =
    direction === 'inbound'
      ? [PhoneIncoming, 'Inbound']
      : direction === 'outbound'
        ? [PhoneOutgoing, 'Outbound']
        : [PhoneCall, 'Unknown direction'];
  return (
    <span className={cn('inline-flex items-center gap-1.5 whitespace-nowrap', className)}>
      <Icon aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
      {label}
    </span>
  );
}
