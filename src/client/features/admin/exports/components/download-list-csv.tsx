import { Download } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '~/client/components/ui/button';
import { cn } from '~/client/lib/cn';
import { exportMessages } from '~/shared/exports';
import { listExportHref, listIsFiltered } from '../lib/export-links';
import { PurchasesExportDialog } from './purchases-export-dialog';

/**
 * "Download CSV" above a valuation list (issue 37): the list as it is shown, searched and
 * filtered, every page of it. A plain link, so the browser streams the file to disk however long
 * it is (the server writes it as it reads it), and the address follows the list's own. `children`:
 * more downloads beside it.
 */
export function DownloadListCsv({
  kind,
  className,
  children,
}: {
  kind: 'active' | 'archived';
  className?: string;
  children?: ReactNode;
}) {
  const [search] = useSearchParams();
  const hintId = useId();
  const href = listExportHref(kind, search);
  const what = kind === 'archived' ? 'archived request' : 'request';
  return (
    <div className={cn('grid gap-2 sm:flex sm:items-center sm:justify-between sm:gap-4', className)}>
      <p id={hintId} className="text-sm text-muted">
        {listIsFiltered(href)
          ? `A spreadsheet (CSV) of every ${what} matching the search and filters below, all pages.`
          : `A spreadsheet (CSV) of every ${what} in the list below, all pages.`}
      </p>
      <div className="grid gap-2 sm:flex sm:shrink-0">
        <Button asChild variant="outline" size="sm">
          <a href={href} download aria-describedby={hintId}>
            <Download aria-hidden="true" />
            {exportMessages.downloadList}
          </a>
        </Button>
        {children}
      </div>
    </div>
  );
}

/** The dashboard's downloads: its list, and the completed purchases (for the accounts). */
export function DashboardExports() {
  return (
    <DownloadListCsv kind="active">
      <PurchasesExportDialog />
    </DownloadListCsv>
  );
}
