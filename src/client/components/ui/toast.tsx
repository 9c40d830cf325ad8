import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { cx } from '~/client/lib/cx';

/*
 * Toasts (SPEC section 9): shown for 5 seconds, swiped away past 50px, F8
 * focuses the toast area, and one is visible at a time: a new toast replaces
 * the one on screen. Timers pause while the pointer or focus is on a toast.
 *
 *   toast({ title: 'User deleted successfully' });
 *   toast({ title: 'Error', description: message, variant: 'destructive' });
 *
 * Render one <Toaster /> near the top of the tree that uses toast().
 */

export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** Closed toasts stay mounted this long so their exit can finish, then they are dropped. */
const REMOVE_DELAY_MS = 300;

export type ToastVariant = 'default' | 'destructive';

export type ToastOptions = {
  title: string;
  description?: string | undefined;
  variant?: ToastVariant;
};

type ToastRecord = ToastOptions & { id: number; open: boolean };

let nextId = 1;
let toasts: ToastRecord[] = [];
const listeners = new Set<() => void>();

function setToasts(next: ToastRecord[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot() {
  return toasts;
}

const noToasts: ToastRecord[] = [];

/** Closes a toast (or every toast without an id). */
export function dismissToast(id?: number) {
  setToasts(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => setToasts(toasts.filter((t) => t.open)), REMOVE_DELAY_MS);
}

/** Shows a toast, replacing any toast on screen. */
export function toast(options: ToastOptions) {
  const id = nextId++;
  setToasts([{ variant: 'default', ...options, id, open: true }]);
  return { id, dismiss: () => dismissToast(id) };
}

export function Toaster() {
  const items = useSyncExternalStore(subscribe, getSnapshot, () => noToasts);
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      swipeDirection="right"
    >
      {items.map(({ id, title, description, variant, open }) => {
        const destructive = variant === 'destructive';
        const Icon = destructive ? CircleAlert : CircleCheck;
        return (
          <ToastPrimitive.Root
            key={id}
            open={open}
            onOpenChange={(isOpen) => {
              if (!isOpen) dismissToast(id);
            }}
            // Failures interrupt (assertive); confirmations wait their turn (polite).
            type={destructive ? 'foreground' : 'background'}
            className={cx(
              'group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-11 shadow-lg transition-[opacity,translate] duration-200 starting:-translate-y-2 starting:opacity-0',
              'data-[state=closed]:opacity-0',
              'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none',
              'data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
              destructive ? 'border-red-200 bg-red-50 text-red-950' : 'border-line bg-white text-ink',
            )}
          >
            <Icon
              aria-hidden="true"
              className={cx('mt-0.5 size-5 shrink-0', destructive ? 'text-danger' : 'text-go-600')}
            />
            <div className="grid gap-0.5">
              <ToastPrimitive.Title className="text-sm font-semibold">{title}</ToastPrimitive.Title>
              {description ? (
                <ToastPrimitive.Description className={cx('text-sm', destructive ? 'text-red-900' : 'text-muted')}>
                  {description}
                </ToastPrimitive.Description>
              ) : null}
            </div>
            <ToastPrimitive.Close
              aria-label="Close notification"
              className="absolute top-2.5 right-2.5 inline-flex size-8 items-center justify-center rounded-md opacity-70 transition-opacity hover:opacity-100 focus-visible:opacity-100"
            >
              <X aria-hidden="true" className="size-4" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      {/* Top right (full width on a phone), clear of dialog buttons and the page's own actions. */}
      <ToastPrimitive.Viewport className="fixed inset-x-0 top-0 z-[100] m-0 flex max-h-dvh list-none flex-col gap-2 p-4 outline-none sm:right-0 sm:left-auto sm:w-[26rem]" />
    </ToastPrimitive.Provider>
  );
}
