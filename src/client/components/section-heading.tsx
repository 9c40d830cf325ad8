import type { ReactNode } from 'react';

type SectionHeadingProps = {
  /** Give it to the section's `aria-labelledby`. */
  id: string;
  title: string;
  /** An introduction under the title. */
  children?: ReactNode;
  centred?: boolean;
};

/** The <h2> that opens a home page section, with an optional introduction. */
export function SectionHeading({ id, title, children, centred = false }: SectionHeadingProps) {
  return (
    <div className={centred ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl'}>
      <h2 id={id} className="text-3xl font-extrabold tracking-tight text-balance text-brand-900 sm:text-4xl">
        {title}
      </h2>
      {children && <div className="mt-4 text-lg text-muted">{children}</div>}
    </div>
  );
}
