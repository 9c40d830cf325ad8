import { Archive } from 'lucide-react';
import { Button } from '~/client/components/ui/button';
import { Spinner } from '~/client/components/ui/spinner';
import { toast } from '~/client/components/ui/toast';
import { adminValuationMessages } from '~/shared/admin-valuations';
import { errorMessage } from '../../../lib/server-errors';
import { useArchiveValuation } from '../../api/archive-valuation';

/** Moves a request to the archive (SPEC section 8's toasts). */
export function ArchiveButton({ id, label }: { id: string; label: string }) {
  const archive = useArchiveValuation();
  const run = async () => {
    try {
      await archive.mutateAsync(id);
      toast({ title: adminValuationMessages.archived });
    } catch (error) {
      toast({
        title: 'Error',
        description: errorMessage(error, adminValuationMessages.archiveFailed),
        variant: 'destructive',
      });
    }
  };
  return (
    <Button variant="outline" size="sm" aria-label={label} disabled={archive.isPending} onClick={() => void run()}>
      {archive.isPending ? <Spinner aria-hidden="true" /> : <Archive aria-hidden="true" />}
      Archive
    </Button>
  );
}
