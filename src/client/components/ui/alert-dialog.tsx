import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '~/client/lib/cn';
import { buttonVariants } from './button';
import { DialogBackdrop, dialogPanelClassName, focusOnClose, type FinalFocus } from './dialog';

/*
 * A confirmation that interrupts: it cannot be dismissed by clicking outside,
 * and focus starts on Cancel so Enter never destroys anything by accident.
 */

export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;

export function AlertDialogContent({
  className,
  finalFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Content> & { finalFocus?: FinalFocus }) {
  return (
    <AlertDialogPrimitive.Portal>
      <DialogBackdrop />
      <AlertDialogPrimitive.Content
        className={cn(dialogPanelClassName, 'max-w-md gap-4 p-5 sm:p-6', className)}
        onCloseAutoFocus={focusOnClose(finalFocus, onCloseAutoFocus)}
        {...props}
      />
    </AlertDialogPrimitive.Portal>
  );
}

export function AlertDialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('grid gap-2', className)} {...props} />;
}

export function AlertDialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export function AlertDialogTitle({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Title>) {
  return (
    <AlertDialogPrimitive.Title className={cn('text-lg leading-7 font-bold text-brand-950', className)} {...props} />
  );
}

export function AlertDialogDescription({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Description>) {
  return <AlertDialogPrimitive.Description className={cn('text-sm text-muted', className)} {...props} />;
}

/** The confirming button; `variant` picks its look (e.g. "danger" for deletions). */
export function AlertDialogAction({
  className,
  variant = 'brand',
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Action> & { variant?: 'brand' | 'danger' }) {
  return <AlertDialogPrimitive.Action className={cn(buttonVariants({ variant }), className)} {...props} />;
}

export function AlertDialogCancel({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Cancel>) {
  return <AlertDialogPrimitive.Cancel className={cn(buttonVariants({ variant: 'outline' }), className)} {...props} />;
}
