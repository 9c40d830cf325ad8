import { Archive } from 'lucide-react';
import { useRef, useState } from 'react';
import type { RouteHandle } from '~/client/lib/page-meta';
import { adminValuationMessages, type ValuationListItem } from '~/shared/admin-valuations';
import { displayName, useAdminUser } from '../../auth';
import { DownloadListCsv } from '../../exports';
import { PageHeader } from '../../layout/page-header';
import { ValuationListCard } from '../components/valuation-list-card';
import { ArchivedList, type AskToDelete } from './components/archived-list';
import { DeleteValuationDialog } from './components/delete-valuation-dialog';

export const handle: RouteHandle = { meta: { title: 'Archived valuations', noindex: true } };

/**
 * /admin/archived (SPEC section 2): requests taken off the dashboard, to look at again, restore
 * to the active list, or delete for good. SPEC's tab bar of the other areas is not repeated
 * here: the back office has one navigation, with one name for each area (issue 31).
 */
export function Component() {
  const user = useAdminUser();
  const [deleting, setDeleting] = useState<ValuationListItem | null>(null);
  // Where focus goes when the dialog closes: the Delete button, or the list once its row is gone.
  const returnFocus = useRef<HTMLElement | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  const askToDelete: AskToDelete = (item, trigger) => {
    returnFocus.current = trigger;
    setDeleting(item);
  };

  return (
    <>
      <PageHeader
        title="Archived valuations"
        description={`Welcome, ${displayName(user)}. Archived requests are kept off the dashboard; restore one to work on it again.`}
      />
      <DownloadListCsv kind="archived" className="mb-3" />
      <ValuationListCard
        kind="archived"
        title="Archived Valuations"
        icon={<Archive aria-hidden="true" className="size-5 text-brand-600" />}
        emptyText={adminValuationMessages.emptyArchive}
        errorText={adminValuationMessages.loadFailed}
        headingRef={listHeading}
      >
        {(items) => <ArchivedList items={items} onDelete={askToDelete} />}
      </ValuationListCard>
      <DeleteValuationDialog
        item={deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        onDeleted={() => {
          returnFocus.current = listHeading.current;
        }}
        finalFocus={returnFocus}
      />
    </>
  );
}
