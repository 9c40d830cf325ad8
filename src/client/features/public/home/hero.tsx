import { RegistrationFormIsland } from '~/client/components/registration-input';
import { SpriteIcon } from '~/client/components/sprite-icon';
import { Container } from '~/client/components/ui/container';
import heroCar from './assets/hero-car.svg?no-inline';

const promises = [
  'Valuation within 24 hours',
  'No auctions, no fees',
  'Free nationwide collection',
  'Paid the same day, before the car leaves',
];

/** The page's <h1>, its promise and the first registration box. */
export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="bg-brand-900 bg-[radial-gradient(60rem_35rem_at_100%_0%,rgb(47_106_168/0.5),transparent)] text-white"
    >
      <Container className="grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-[1.25fr_1fr] lg:py-20">
        <div>
          <p className="inline-flex rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-plate">
            Free, no-obligation valuation
          </p>
          <h1
            id="hero-title"
            className="mt-4 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Sell your car the simple way
          </h1>
          <p className="mt-5 max-w-xl text-lg text-brand-100 sm:text-xl">
            Enter your registration for a free valuation within 24 hours. We buy directly from you, collect for free and
            pay you the same day.
          </p>
          <RegistrationFormIsland label="Enter your registration to start" className="mt-8" />
          <ul className="mt-8 grid gap-x-6 gap-y-2.5 sm:grid-cols-2">
            {promises.map((promise) => (
              <li key={promise} className="flex gap-2.5 font-medium">
                <SpriteIcon name="circle-check" className="mt-0.5 size-5 text-plate" />
                {promise}
              </li>
            ))}
          </ul>
        </div>
        <img
          src={heroCar}
          alt=""
          width={480}
          height={400}
          loading="lazy"
          decoding="async"
          className="mx-auto hidden w-full max-w-md lg:block"
        />
      </Container>
    </section>
  );
}
