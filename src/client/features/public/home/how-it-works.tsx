import { SectionHeading } from '~/client/components/section-heading';
import { Container } from '~/client/components/ui/container';

const steps = [
  {
    title: 'Enter your details',
    text: 'Your registration, mileage, a little about the car’s condition and how to reach you. It takes a few minutes.',
  },
  {
    title: 'Get your valuation within 24 hours',
    text: 'Our team checks your car’s details and sends you a price. There is no obligation to accept it.',
  },
  {
    title: 'Sell your car',
    text: 'Happy with the price? We collect the car for free and pay you the same day, before it leaves.',
  },
];

/** The three steps (SPEC section 2); the header's "How It Works" scrolls here. */
export function HowItWorks() {
  return (
    <section id="how-it-works" aria-labelledby="how-it-works-title" className="py-16 sm:py-20">
      <Container>
        <SectionHeading id="how-it-works-title" title="How it works" centred />
        <ol className="mt-12 grid gap-6 lg:grid-cols-3">
          {steps.map((step, index) => (
            <li
              key={step.title}
              className="flex gap-5 rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-[var(--shadow-card)] sm:p-7 lg:block"
            >
              <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-plate text-xl font-extrabold text-brand-950">
                {index + 1}
              </span>
              <div>
                <h3 className="text-xl font-bold text-brand-900 lg:mt-5">{step.title}</h3>
                <p className="mt-2 text-muted">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}
