import { CalendarDays } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageIntro } from '~/client/components/page-intro';
import { Container } from '~/client/components/ui/container';
import { cx } from '~/client/lib/cx';
import { formatUkDate } from '~/shared/promotion';

/**
 * The layout the four legal pages share: the navy intro with the page's <h1>
 * and effective date, a table of contents with in-page links, and numbered
 * sections (each an <h2>) in a column narrow enough to read comfortably.
 */

/** The date the privacy, terms and cookie pages took effect (SPEC section 9). */
export const POLICIES_EFFECTIVE_DATE = '2025-05-27';

export type LegalSection = {
  /** Anchor for the table of contents, e.g. "your-rights". */
  id: string;
  title: string;
  body: ReactNode;
};

type LegalPageProps = {
  title: string;
  summary: ReactNode;
  /** YYYY-MM-DD; shown as "Effective 27 May 2025" under the title. */
  effectiveDate?: string;
  /** Shown above the first section, e.g. the launch offer's status. */
  notice?: ReactNode;
  sections: LegalSection[];
  /** After the last section, e.g. the cookie policy's "Back to Home" link. */
  footer?: ReactNode;
};

export function LegalPage({ title, summary, effectiveDate, notice, sections, footer }: LegalPageProps) {
  return (
    <>
      <PageIntro title={title}>
        <p>{summary}</p>
        {effectiveDate && (
          <p className="mt-5 inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-white">
            <CalendarDays aria-hidden="true" className="size-4 text-plate" />
            <span>
              Effective <time dateTime={effectiveDate}>{formatUkDate(effectiveDate)}</time>
            </span>
          </p>
        )}
      </PageIntro>
      <Container className="py-10 sm:py-14">
        {/*
          One column on phones and tablets (notice, contents, sections: also the
          reading order); from 1024px the contents move to a sticky left column.
        */}
        <div className="grid gap-10 lg:grid-cols-[17rem_minmax(0,1fr)] lg:gap-x-14 xl:gap-x-20">
          {notice && <div className="max-w-[70ch] min-w-0 lg:col-start-2 lg:row-start-1">{notice}</div>}
          <TableOfContents sections={sections} besideNotice={Boolean(notice)} />
          <div className="max-w-[70ch] min-w-0 lg:col-start-2">
            <div>
              {sections.map((section, index) => (
                <Section key={section.id} number={index + 1} section={section} />
              ))}
            </div>
            {footer && <div className="mt-10 border-t border-line pt-8">{footer}</div>}
          </div>
        </div>
      </Container>
    </>
  );
}

function TableOfContents({ sections, besideNotice }: { sections: LegalSection[]; besideNotice: boolean }) {
  return (
    <nav
      aria-labelledby="legal-contents"
      className={cx(
        'max-w-[70ch] rounded-[var(--radius-card)] border border-line bg-surface p-5 lg:sticky lg:top-24 lg:col-start-1 lg:self-start lg:border-0 lg:bg-transparent lg:p-0',
        besideNotice ? 'lg:row-[1/span_2]' : 'lg:row-start-1',
      )}
    >
      <p id="legal-contents" className="text-sm font-semibold tracking-wide text-brand-900 uppercase">
        On this page
      </p>
      <ol className="mt-3 gap-x-8 text-sm sm:columns-2 lg:columns-1 lg:border-l lg:border-line">
        {sections.map((section, index) => (
          <li key={section.id} className="break-inside-avoid">
            <a
              href={`#${section.id}`}
              className="flex gap-2 rounded-md py-1.5 text-brand-800 hover:text-brand-950 hover:underline lg:-ml-px lg:border-l-2 lg:border-transparent lg:pl-4 lg:hover:border-brand-500"
            >
              <span className="w-5 shrink-0 text-right text-muted tabular-nums">{index + 1}.</span>
              <span>{section.title}</span>
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function Section({ number, section }: { number: number; section: LegalSection }) {
  return (
    <section
      aria-labelledby={`${section.id}-heading`}
      id={section.id}
      className="border-t border-line py-8 first:border-t-0 first:pt-0 last:pb-0"
    >
      <h2 id={`${section.id}-heading`} className="text-2xl font-bold tracking-tight text-brand-950">
        <span className="text-brand-500 tabular-nums">{number}.</span> {section.title}
      </h2>
      <div className="mt-4 space-y-4 text-base/7 text-ink [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-950 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-brand-950 [&_li]:pl-1 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ul]:marker:text-brand-500">
        {section.body}
      </div>
    </section>
  );
}

/** A highlighted paragraph inside a section, for the sentence people most need to see. */
export function KeyPoint({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-xl border border-brand-100 bg-brand-50 px-4 py-3 text-brand-950 sm:px-5 sm:py-4">
      {children}
    </div>
  );
}

/** "12 months", "1 month", "90 days". */
export function duration(count: number, unit: 'day' | 'month' | 'year'): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}
