import { BadgePoundSterling, CalendarClock, ClipboardList } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { Container } from '~/client/components/ui/container';
import type { RouteHandle } from '~/client/lib/page-meta';
import { paths } from '~/shared/paths';

export const handle: RouteHandle = {
  meta: {
    title: 'Sell your car the simple way',
    description:
      'Get a free valuation for your car within 24 hours. We buy directly from private sellers across the UK: no auctions, no fees, free nationwide collection.',
  },
};

const steps = [
  {
    icon: ClipboardList,
    title: 'Enter your details',
    text: 'Tell us your registration, mileage and a little about the condition of your car. It takes a few minutes.',
  },
  {
    icon: CalendarClock,
    title: 'Get your valuation within 24 hours',
    text: 'Our team reviews your car and comes back to you with a valuation, usually the same day.',
  },
  {
    icon: BadgePoundSterling,
    title: 'Sell your car',
    text: 'Accept the offer and we collect the car from you. You are paid the same day, before the car leaves.',
  },
];

export function Component() {
  return (
    <>
      <section className="bg-brand-900 text-white">
        <Container className="py-16 sm:py-24">
          <h1 className="max-w-3xl text-4xl font-extrabold tracking-tight sm:text-5xl">Sell your car the simple way</h1>
          <p className="mt-5 max-w-2xl text-lg text-brand-100">
            Free valuation within 24 hours. No auctions, no fees, and free collection anywhere in the UK.
          </p>
          <Button asChild size="lg" className="mt-8">
            <Link to={paths.valuation}>Get My Valuation</Link>
          </Button>
        </Container>
      </section>
      <section id="how-it-works" aria-labelledby="how-it-works-title" className="py-16 sm:py-20">
        <Container>
          <h2 id="how-it-works-title" className="text-3xl font-extrabold tracking-tight text-brand-900">
            How it works
          </h2>
          <ol className="mt-10 grid gap-6 md:grid-cols-3">
            {steps.map((step, index) => (
              <li
                key={step.title}
                className="rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-[var(--shadow-card)]"
              >
                <div className="flex items-center gap-3">
                  <span className="flex size-10 items-center justify-center rounded-full bg-plate font-bold text-brand-950">
                    {index + 1}
                  </span>
                  <step.icon aria-hidden="true" className="size-6 text-brand-600" />
                </div>
                <h3 className="mt-4 text-xl font-bold text-brand-900">{step.title}</h3>
                <p className="mt-2 text-muted">{step.text}</p>
              </li>
            ))}
          </ol>
        </Container>
      </section>
    </>
  );
}
