import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '~/client/components/ui/alert-dialog';
import type { FinalFocus } from '~/client/components/ui/dialog';
import { Spinner } from '~/client/components/ui/spinner';
import { cn } from '~/client/lib/cn';

/**
 * The confirmation before something is deleted for good: what it is, in a box under the warning,
 * then Cancel (focused first, so Enter never deletes by accident) and the red button. It stays
 * open until `onConfirm` (the request, and its toasts) has finished, then closes; it cannot be
 * closed while that runs.
 */
export function ConfirmDeleteDialog<T>({
  item,
  title,
  description,
  summary,
  summaryClassName,
  details,
  confirmLabel,
  pending,
  onConfirm,
  onOpenChange,
  finalFocus,
}: {
  /** What would be deleted; the dialog is open while there is one. */
  item: T | null;
  title: string;
  description: string;
  summary: (item: T) => ReactNode;
  summaryClassName?: string;
  /** Under the box: more about what goes with it. */
  details?: (item: T) => ReactNode;
  confirmLabel: string;
  pending: boolean;
  onConfirm: (item: T) => Promise<void>;
  onOpenChange: (open: boolean) => void;
  finalFocus?: FinalFocus;
}) {
  const confirm = async () => {
    if (item === null) return;
    await onConfirm(item);
    onOpenChange(false);
  };
  return (
    <AlertDialog open={item !== null} onOpenChange={(open) => !pending && onOpenChange(open)}>
      <AlertDialogContent finalFocus={finalFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {item !== null ? (
          <div className={cn('rounded-lg border border-line bg-surface px-3.5 py-3 text-sm', summaryClassName)}>
            {summary(item)}
          </div>
        ) : null}
        {item !== null && details ? details(item) : null}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="danger"
            disabled={pending}
            onClick={(event) => {
              // Stay open until the server has answered.
              event.preventDefault();
              void confirm();
            }}
          >
            {pending ? <Spinner /> : null}
            {pending ? 'Deleting...' : confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
