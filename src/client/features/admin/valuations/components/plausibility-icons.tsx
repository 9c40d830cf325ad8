import {
  CalendarClock,
  CalendarX,
  FileClock,
  Gauge,
  Landmark,
  Repeat,
  Ship,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Popover } from 'radix-ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '~/client/lib/cn';
import {
  linkingPlausibilityKinds,
  plausibilityLabels,
  type PlausibilityFlag,
  type PlausibilityKind,
  type PlausibilitySeverity,
} from '~/shared/plausibility';
import { adminPaths } from '../../admin-paths';
import { useValuationFlags } from '../api/get-valuation-flags';

/** One picture per check, the same in the list and on the request's page. */
export const plausibilityIcons: Record<PlausibilityKind, LucideIcon> = {
  mileage_below_mot: Gauge,
  mot_expired: CalendarX,
  mot_due_soon: CalendarClock,
  marked_for_export: Ship,
  v5c_recent: FileClock,
  finance_without_settlement: Landmark,
  registration_seen_before: Repeat,
  contact_on_open_requests: Users,
};

/** A warning in amber, a note worth a look in the brand's blue: the icon's colour and its box's. */
export const severityLook: Record<PlausibilitySeverity, { icon: string; box: string; word: string }> = {
  warning: { icon: 'text-amber-700', box: 'border-amber-300 bg-amber-50 text-amber-950', word: 'Warning' },
  info: { icon: 'text-brand-700', box: 'border-brand-100 bg-brand-50 text-brand-950', word: 'Note' },
};

/** "3 checks raised" */
export const checksRaised = (count: number) => `${count} ${count === 1 ? 'check' : 'checks'} raised`;

/**
 * A list row's plausibility flags (issue 37): one small icon per flag in a button, each icon with
 * its explanation as a tooltip for the mouse; the button (one tab stop, named with the checks)
 * opens every explanation, with links to the other requests, for the keyboard and for touch.
 * Icons only, no words beside them: the list's columns stay as narrow as before on a laptop, and
 * the row stays one glance wide on a phone. Nothing when no check raised anything.
 *
 * The list sends the flags' words without the other requests (more than half of a page's bytes);
 * opening the checks asks for them (useValuationFlags), the words showing meanwhile.
 */
export function PlausibilityIcons({
  valuationId,
  flags,
  subject,
  className,
}: {
  valuationId: string;
  flags: readonly PlausibilityFlag[] | undefined;
  /** Whose request, for the button's name among the list's ("Jane Smith, AB12CDE"). */
  subject: string;
  className?: string;
}) {
  if (!flags || flags.length === 0) return null;
  const labels = flags.map((flag) => plausibilityLabels[flag.kind]).join(', ');
  // The pill takes the colour of its most serious flag, so a warning stands out down the list.
  const warning = flags.some((flag) => flag.severity === 'warning');
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label={`${checksRaised(flags.length)} for ${subject}: ${labels}`}
        className={cn(
          'inline-flex min-h-7 w-fit flex-wrap items-center gap-1 rounded-full border px-2 py-1',
          warning ? 'border-amber-300 bg-amber-50' : 'border-brand-100 bg-brand-50',
          'cursor-pointer hover:brightness-95 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none',
          'data-[state=open]:ring-2 data-[state=open]:ring-brand-600/40',
          className,
        )}
      >
        {flags.map((flag) => {
          const Icon = plausibilityIcons[flag.kind];
          return (
            <span key={flag.kind} title={`${plausibilityLabels[flag.kind]}: ${flag.message}`} className="inline-flex">
              <Icon aria-hidden="true" className={cn('size-4', severityLook[flag.severity].icon)} />
            </span>
          );
        })}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          collisionPadding={12}
          aria-label={`Checks before an offer: ${subject}`}
          className={cn(
            'z-50 grid max-h-[var(--radix-popover-content-available-height)] w-[26rem] max-w-[calc(100vw-1.5rem)] gap-2 overflow-y-auto',
            'rounded-xl border border-line bg-white p-3 text-ink shadow-lg focus:outline-none',
          )}
        >
          <p className="text-sm font-bold text-brand-950">Checks before an offer</p>
          {/* Mounted while open only, so the links are asked for when staff open the checks. */}
          <LinkedFlags valuationId={valuationId} flags={flags} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** The row's flags, with the other requests they link to once they have come. */
function LinkedFlags({ valuationId, flags }: { valuationId: string; flags: readonly PlausibilityFlag[] }) {
  const wanted = flags.some((flag) => linkingPlausibilityKinds.has(flag.kind) && !flag.links);
  const linked = useValuationFlags(valuationId, { enabled: wanted });
  if (!wanted) return <FlagList flags={flags} compact />;
  const withLinks = flags.map((flag) => linked.data?.find((found) => found.kind === flag.kind) ?? flag);
  const pending = linked.isError ? (
    <LinksUnavailable valuationId={valuationId} />
  ) : linked.data ? undefined : (
    <p role="status" className="text-xs">
      Finding the requests…
    </p>
  );
  return <FlagList flags={linked.data ? withLinks : flags} compact linksPending={pending} />;
}

function LinksUnavailable({ valuationId }: { valuationId: string }) {
  return (
    <p role="alert" className="text-xs">
      The requests could not be loaded.{' '}
      <Link
        to={adminPaths.valuation(valuationId)}
        className="font-semibold text-brand-700 underline underline-offset-2"
      >
        Open this request to see them
      </Link>
    </p>
  );
}

/**
 * Each flag with its explanation and the other requests it links to; the card uses it too.
 * `linksPending` stands in for the links of the flags that have them, while they are asked for.
 */
export function FlagList({
  flags,
  compact = false,
  linksPending,
}: {
  flags: readonly PlausibilityFlag[];
  compact?: boolean;
  linksPending?: ReactNode;
}) {
  return (
    <ul className="grid gap-2">
      {flags.map((flag) => {
        const Icon = plausibilityIcons[flag.kind];
        const look = severityLook[flag.severity];
        return (
          <li
            key={flag.kind}
            className={cn('flex items-start gap-2.5 rounded-lg border text-sm', look.box, compact ? 'p-2.5' : 'p-3')}
          >
            <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', look.icon)} />
            <div className="grid min-w-0 gap-1">
              <p className="font-semibold">
                <span className="sr-only">{look.word}: </span>
                {plausibilityLabels[flag.kind]}
              </p>
              <p>{flag.message}</p>
              {flag.links && flag.links.length > 0 ? (
                <ul aria-label={`Requests: ${plausibilityLabels[flag.kind]}`} className="grid gap-1">
                  {flag.links.map((link) => (
                    <li key={link.id} className="flex flex-wrap items-baseline gap-x-2">
                      <Link
                        to={adminPaths.valuation(link.id)}
                        className="inline-flex min-h-6 items-center font-mono font-semibold text-brand-700 underline-offset-2 hover:underline"
                      >
                        {link.reference}
                      </Link>
                      <span className="text-xs">{link.label}</span>
                    </li>
                  ))}
                </ul>
              ) : linkingPlausibilityKinds.has(flag.kind) ? (
                linksPending
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
