import type { ReactNode } from 'react';
import { Container } from '~/client/components/ui/container';

type CallToActionBandProps = {
  /** For the section's accessible name. */
  id: string;
  title: string;
  children?: ReactNode;
  /** Buttons or a registration form. */
  actions: ReactNode;
};

/** The navy band that closes a page and sends the reader to a valuation. */
export function CallToActionBand({ id, title, children, actions }: CallToActionBandProps) {
  return (
    <section aria-labelledby={id} className="bg-brand-900 text-white">
      <Container className="py-14 text-center sm:py-20">
        <h2 id={id} className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
          {title}
        </h2>
        {children && <div className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">{children}</div>}
        <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">{actions}</div>
      </Container>
    </section>
  );
}
