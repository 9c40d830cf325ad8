import { useEffect, useRef, type ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/client/components/ui/card';

/**
 * One step of the handover screen, a section named by its heading. When the step before it has
 * just succeeded (`focusHeading`), focus moves to this heading, so a screen reader (and the phone's
 * scroll) carries on from here.
 */
export function StepCard({
  headingId,
  title,
  description,
  focusHeading,
  icon,
  className,
  children,
}: {
  headingId: string;
  title: ReactNode;
  description?: ReactNode;
  focusHeading: boolean;
  icon?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusHeading) return;
    const target = heading.current;
    if (!target) return;
    target.focus({ preventScroll: true });
    // The step's top under the sticky header (scroll-mt), gently unless motion is turned down.
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' });
  }, [focusHeading]);
  return (
    <Card className={className}>
      <section aria-labelledby={headingId}>
        <CardHeader className="pb-4">
          <CardTitle
            ref={heading}
            id={headingId}
            tabIndex={-1}
            className="flex scroll-mt-24 items-center gap-2 rounded text-xl focus-visible:ring-3 focus-visible:ring-brand-500/40 focus-visible:outline-none"
          >
            {icon}
            {title}
          </CardTitle>
          {description ? <CardDescription className="text-base">{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </section>
    </Card>
  );
}
