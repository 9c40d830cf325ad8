import type { ReactNode } from 'react';
import { Container } from '~/client/components/ui/container';

/**
 * The navy band that opens every inner page, with the page's one <h1>. The soft
 * glow and the plate-yellow rule are the same decoration as the home page's hero.
 */
export function PageIntro({ title, eyebrow, children }: { title: string; eyebrow?: string; children?: ReactNode }) {
  return (
    <section className="relative overflow-hidden border-b-4 border-plate bg-brand-900 bg-[radial-gradient(60rem_30rem_at_100%_0%,rgb(47_106_168/0.45),transparent)] text-white">
      <Container className="py-12 sm:py-16">
        {eyebrow && <p className="mb-3 text-sm font-bold tracking-wider text-plate uppercase">{eyebrow}</p>}
        <h1 className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl lg:text-5xl">{title}</h1>
        {children && <div className="mt-4 max-w-2xl text-lg text-brand-100">{children}</div>}
      </Container>
    </section>
  );
}
