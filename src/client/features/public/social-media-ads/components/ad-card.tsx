import { Download, ExternalLink } from 'lucide-react';
import { Button } from '~/client/components/ui/button';
import { cx } from '~/client/lib/cx';
import { useSiteConfig } from '~/client/lib/site-config';
import { adFileName, adPath, adSummary, type AdFormat } from '~/shared/ads/catalogue';

/**
 * One ad: a preview of the served SVG, its platform and size, and the two
 * actions. The preview is the real file, so what people see is what they get.
 */
export function AdCard({ format, eager = false }: { format: AdFormat; eager?: boolean }) {
  const site = useSiteConfig();
  const isBanner = format.height < 200;
  const titleId = `ad-${format.name}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className={cx(
        'flex flex-col overflow-hidden rounded-[var(--radius-card)] border border-line bg-white shadow-[var(--shadow-card)]',
        isBanner && 'lg:col-span-2',
      )}
    >
      <div
        className={cx(
          'relative border-b border-line bg-surface bg-[radial-gradient(var(--color-line)_1px,transparent_1px)] [background-size:16px_16px]',
          isBanner ? 'h-28 sm:h-40' : 'aspect-[16/10]',
        )}
      >
        {/* Centred in a frame of fixed shape, so every card lines up whatever the ad's proportions. */}
        <img
          src={adPath(format.name)}
          width={format.width}
          height={format.height}
          alt={adSummary(format, site)}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className={cx(
            'absolute inset-0 m-auto h-auto w-auto rounded-md shadow-lg shadow-brand-950/25',
            isBanner
              ? 'max-h-[calc(100%-2rem)] max-w-[min(728px,calc(100%-2rem))]'
              : 'max-h-[calc(100%-2rem)] max-w-[calc(100%-2rem)] sm:max-h-[calc(100%-3rem)] sm:max-w-[calc(100%-3rem)]',
          )}
        />
      </div>
      <div
        className={cx(
          'flex flex-1 flex-col gap-4 p-5 sm:p-6 md:flex-row md:items-center md:justify-between',
          // Two cards to a row on large screens: stack the actions under the title.
          !isBanner && 'lg:flex-col lg:items-start lg:justify-start',
        )}
      >
        <div>
          <h3 id={titleId} className="text-lg leading-7 font-bold text-brand-950">
            {format.label}
          </h3>
          <p className="mt-1 text-sm text-muted">
            <span className="font-semibold text-brand-800">
              {format.width} × {format.height} px
            </span>
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, </span>
            {format.use}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 lg:mt-auto">
          <Button asChild variant="brand" size="sm">
            <a href={adPath(format.name, { download: true })} download={adFileName(site.tradingName, format)}>
              <Download aria-hidden="true" />
              Download
              <span className="sr-only"> the {format.label} ad (SVG)</span>
            </a>
          </Button>
          <Button asChild variant="outline" size="sm">
            <a href={adPath(format.name)} target="_blank" rel="noopener">
              View Full Size
              <span className="sr-only"> of the {format.label} ad (opens in a new tab)</span>
              <ExternalLink aria-hidden="true" />
            </a>
          </Button>
        </div>
      </div>
    </article>
  );
}
