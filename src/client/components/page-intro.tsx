import type { ReactNode } from 'react';
import { Container } from '~/client/components/ui/container';

/** The navy band that opens every inner page, with the page's one <h1>. */
export function PageIntro({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="bg-brand-900 text-white">
      <Container className="py-12 sm:py-16">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
        {children && <div className="mt-4 max-w-2xl text-lg text-brand-100">{children}</div>}
      </Container>
    </section>
  );
}
