import {
  Dialog,
  DialogContent,
  DialogFormActions,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  dialogBodyClassName,
  type FinalFocus,
} from '~/client/components/ui/dialog';
import { ChangePasswordForm } from './change-password-form';

/** "Change Password" for the signed-in user, opened from the account menu. */
export function ChangePasswordDialog({
  open,
  onOpenChange,
  finalFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  finalFocus?: FinalFocus;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent finalFocus={finalFocus}>
        <DialogHeader>
          <DialogTitle>Change Password</DialogTitle>
          <DialogDescription>
            Enter your current password, then choose a new one. Your other devices will be signed out.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while the dialog is open, so the form starts empty every time. */}
        <ChangePasswordForm
          className="flex min-h-0 flex-1 flex-col"
          fieldsClassName={dialogBodyClassName}
          onChanged={() => onOpenChange(false)}
          actions={({ pending }) => (
            <DialogFormActions pending={pending} label="Change password" pendingLabel="Changing..." />
          )}
        />
      </DialogContent>
    </Dialog>
  );
}
