import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useEffect, type ComponentProps, type RefObject } from 'react';
import { cn } from '~/client/lib/cn';
import { Button } from './button';
import { Spinner } from './spinner';

/*
 * A modal dialog: focus moves in and is kept inside, Escape and the close
 * button close it, and focus returns to what opened it. Every dialog needs a
 * <DialogTitle>; give it a <DialogDescription> too (or aria-describedby={undefined}
 * on <DialogContent> when there is nothing to describe).
 */

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

const overlayClassName =
  'pointer-events-auto fixed inset-0 z-50 bg-brand-950/60 backdrop-blur-[2px] transition-opacity duration-200 starting:opacity-0';

let scrollLocks = 0;
let unlockScroll: (() => void) | null = null;

/** Stops the page behind an open dialog from scrolling (counted, so stacked dialogs work). */
function useScrollLock() {
  useEffect(() => {
    if (scrollLocks++ === 0) {
      const { documentElement: html, body } = document;
      const previous = { overflow: html.style.overflow, paddingRight: body.style.paddingRight };
      const scrollbar = window.innerWidth - html.clientWidth;
      html.style.overflow = 'hidden';
      // Keep the page from shifting sideways when its scrollbar disappears.
      if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
      unlockScroll = () => {
        html.style.overflow = previous.overflow;
        body.style.paddingRight = previous.paddingRight;
      };
    }
    return () => {
      if (--scrollLocks === 0) unlockScroll?.();
    };
  }, []);
}

/**
 * The dimmed page behind a dialog. Radix's own Overlay is not used: it locks
 * scrolling by injecting a <style> element, which our Content-Security-Policy
 * (style-src 'self') refuses. This one locks it through element.style instead.
 * Rendered inside the dialog's Portal, so it exists only while the dialog is open.
 */
export function DialogBackdrop({ className, ...props }: ComponentProps<'div'>) {
  useScrollLock();
  return <div aria-hidden="true" className={cn(overlayClassName, className)} {...props} />;
}

export const dialogPanelClassName =
  'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-[var(--radius-card)] bg-white shadow-2xl ring-1 ring-brand-950/10 transition-[opacity,scale] duration-200 focus:outline-none starting:scale-95 starting:opacity-0';

/**
 * Where focus goes when a dialog closes. A dialog opened by a <DialogTrigger>
 * returns focus to it by itself; one opened from elsewhere (a menu item) names
 * the element to return to, usually the menu's button.
 */
export type FinalFocus = RefObject<HTMLElement | null>;

export function focusOnClose(finalFocus: FinalFocus | undefined, onCloseAutoFocus?: (event: Event) => void) {
  return (event: Event) => {
    onCloseAutoFocus?.(event);
    const target = finalFocus?.current;
    if (event.defaultPrevented || !target?.isConnected) return;
    event.preventDefault();
    target.focus();
  };
}

export function DialogContent({
  className,
  children,
  showClose = true,
  finalFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { showClose?: boolean; finalFocus?: FinalFocus }) {
  return (
    <DialogPrimitive.Portal>
      <DialogBackdrop />
      <DialogPrimitive.Content
        className={cn(dialogPanelClassName, 'max-w-lg', className)}
        onCloseAutoFocus={focusOnClose(finalFocus, onCloseAutoFocus)}
        {...props}
      >
        {children}
        {showClose ? (
          <DialogPrimitive.Close className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-lg text-muted transition-colors hover:bg-brand-50 hover:text-brand-900">
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">Close</span>
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('grid gap-1.5 border-b border-line px-5 pt-5 pb-4 pr-14 sm:px-6', className)} {...props} />;
}

export const dialogBodyClassName = 'min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-6';

/** The scrolling middle of a dialog: long forms scroll here while the header and footer stay put. */
export function DialogBody({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn(dialogBodyClassName, className)} {...props} />;
}

/** A form that fills a dialog between header and footer: put <DialogBody> and <DialogFooter> inside. */
export function DialogForm({ className, ...props }: ComponentProps<'form'>) {
  return <form noValidate className={cn('flex min-h-0 flex-1 flex-col', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn(
        'flex flex-col-reverse gap-2 border-t border-line bg-surface px-5 py-4 sm:flex-row sm:justify-end sm:px-6',
        className,
      )}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg leading-7 font-bold text-brand-950', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-muted', className)} {...props} />;
}

/** Cancel, and a submit button that shows progress, at the foot of a dialog's form. */
export function DialogFormActions({
  pending,
  label,
  pendingLabel,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <DialogFooter>
      <DialogClose asChild>
        <Button variant="outline">Cancel</Button>
      </DialogClose>
      <Button type="submit" variant="brand" disabled={pending}>
        {pending ? <Spinner /> : null}
        {pending ? pendingLabel : label}
      </Button>
    </DialogFooter>
  );
}
