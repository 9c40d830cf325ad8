import { SectionHeading } from '~/client/components/section-heading';
import { SpriteIcon, type SpriteIconName } from '~/client/components/sprite-icon';
import { Container } from '~/client/components/ui/container';

/** SPEC section 2's five tiles, in its order. */
const reasons: { icon: SpriteIconName; title: string; text: string }[] = [
  {
    icon: 'handshake',
    title: 'Direct buying',
    text: 'We buy your car ourselves: no auctions, no middlemen, no fees.',
  },
  {
    icon: 'map-pinned',
    title: 'UK coverage',
    text: 'Free collection anywhere in England, Scotland and Wales.',
  },
  {
    icon: 'timer',
    title: 'Fast process',
    text: 'A valuation within 24 hours and payment on the day we collect.',
  },
  {
    icon: 'shield-check',
    title: 'Secure and trusted',
    text: 'Paid in full before the car leaves, with your details kept safe.',
  },
  {
    icon: 'scale',
    title: 'Fair valuation',
    text: 'An honest price for your car’s age, mileage and condition, with no pressure to accept.',
  },
];

/** "Why choose us": five tiles, in one row on wide screens. */
export function WhyChooseUs() {
  return (
    <section aria-labelledby="why-choose-us-title" className="py-16 sm:py-20">
      <Container>
        <SectionHeading id="why-choose-us-title" title="Why choose us" centred>
          <p>Selling your car should be quick, fair and free of hassle.</p>
        </SectionHeading>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-5">
          {reasons.map(({ icon, title, text }) => (
            <li
              key={title}
              className="flex gap-4 rounded-[var(--radius-card)] border border-line bg-white p-6 shadow-[var(--shadow-card)] sm:block sm:last:col-span-2 lg:last:col-span-1"
            >
              <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-900 text-plate">
                <SpriteIcon name={icon} />
              </span>
              <div>
                <h3 className="text-lg font-bold text-brand-900 sm:mt-5">{title}</h3>
                <p className="mt-1 text-muted sm:mt-2">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
