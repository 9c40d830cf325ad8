import { CircleAlert, CircleCheck, X } from 'lucide-react';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type PointerEvent,
  type RefObject,
} from 'react';
import { cx } from '~/client/lib/cx';

/*
 * Toasts (SPEC section 9): shown for 5 seconds, swiped away past 50px, F8
 * focuses the toast area, and one is visible at a time: a new toast replaces
 * the one on screen. Timers pause while the pointer or focus is on a toast,
 * or the window is in the background; Escape closes the focused toast.
 *
 * Our own, not Radix's Toast (issue 33): the valuation wizard shows toasts, and
 * Radix's came to 11 KB of the public page's 100 KB of JavaScript; this does what
 * we used of it in under 2 KB. Screen readers hear each toast from a live region
 * of its own (see announce).
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
/** How long a toast's live region is in the page, empty, before its text (see announce). */
const ANNOUNCE_DELAY_MS = 100;

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

/**
 * Has screen readers read a toast out: failures at once (assertive), others when they are free
 * (polite). A live region of its own at the end of <body>, as Radix did, rather than inside the toast
 * area: while a modal dialog is open, everything outside it is hidden from assistive technology, the
 * area included, but not what is added after the dialog opened. Its text comes a moment after it,
 * as a live region that arrives with its text is often not read.
 */
function announce(text: string, urgent: boolean) {
  if (typeof document === 'undefined') return;
  const region = document.createElement('div');
  region.setAttribute('aria-live', urgent ? 'assertive' : 'polite');
  region.setAttribute('aria-atomic', 'true');
  region.dataset.toastAnnouncement = '';
  region.className = 'sr-only';
  document.body.append(region);
  setTimeout(() => (region.textContent = text), ANNOUNCE_DELAY_MS);
  setTimeout(() => region.remove(), TOAST_DURATION_MS);
}

/** Shows a toast, replacing any toast on screen. */
export function toast(options: ToastOptions) {
  const id = nextId++;
  setToasts([{ variant: 'default', ...options, id, open: true }]);
  announce([options.title, options.description].filter(Boolean).join('. '), options.variant === 'destructive');
  return { id, dismiss: () => dismissToast(id) };
}

/** The toast area's name, as Radix named it (people and the browser tests find it by it). */
const REGION_LABEL = 'Notifications (F8)';

export function Toaster() {
  const items = useSyncExternalStore(subscribe, getSnapshot, () => noToasts);
  const list = useRef<HTMLOListElement>(null);
  const paused = usePausedWhileAttended(list);

  useEffect(() => {
    const focusOnF8 = (event: KeyboardEvent) => {
      if (event.key !== 'F8' || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      event.preventDefault();
      list.current?.focus();
    };
    document.addEventListener('keydown', focusOnF8);
    return () => document.removeEventListener('keydown', focusOnF8);
  }, []);

  return (
    <section aria-label={REGION_LABEL} className="pointer-events-none">
      {/* Top right (full width on a phone), clear of dialog buttons and the page's own actions. */}
      <ol
        ref={list}
        tabIndex={-1}
        className="fixed inset-x-0 top-0 z-[100] m-0 flex max-h-dvh list-none flex-col gap-2 p-4 outline-none sm:right-0 sm:left-auto sm:w-[26rem]"
      >
        {items.map((item) => (
          <ToastItem key={item.id} item={item} paused={paused} />
        ))}
      </ol>
    </section>
  );
}

/** True while the pointer or focus is on the toasts, or the window is in the background. */
function usePausedWhileAttended(list: RefObject<HTMLOListElement | null>): boolean {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [away, setAway] = useState(false);
  useEffect(() => {
    const element = list.current;
    if (!element) return;
    const listeners: [EventTarget, string, () => void][] = [
      [element, 'pointerenter', () => setHovered(true)],
      [element, 'pointerleave', () => setHovered(false)],
      [element, 'focusin', () => setFocused(true)],
      [element, 'focusout', () => setFocused(element.contains(document.activeElement))],
      [window, 'blur', () => setAway(true)],
      [window, 'focus', () => setAway(false)],
    ];
    for (const [target, type, listener] of listeners) target.addEventListener(type, listener);
    return () => {
      for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
    };
  }, [list]);
  return hovered || focused || away;
}

/**
 * Closes the toast after TOAST_DURATION_MS on screen, not counting the time it was paused. A layout
 * effect, so a pause stops the clock as it happens, not a frame later.
 */
function useAutoClose(id: number, open: boolean, paused: boolean) {
  const remaining = useRef(TOAST_DURATION_MS);
  useLayoutEffect(() => {
    if (!open || paused) return;
    const started = Date.now();
    const timer = setTimeout(() => dismissToast(id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [id, open, paused]);
}

/** Follows a finger (or mouse) dragging the toast right; past the threshold it goes. */
function useSwipeToClose(id: number) {
  /** Where the drag began (clientX), while there is one. */
  const [start, setStart] = useState<number | null>(null);
  const [offset, setOffset] = useState(0);
  const [gone, setGone] = useState(false);
  return {
    offset,
    gone,
    swiping: start !== null,
    handlers: {
      onPointerDown(event: PointerEvent<HTMLLIElement>) {
        if (event.button !== 0 || (event.target as Element).closest('button')) return;
        setStart(event.clientX);
        event.currentTarget.setPointerCapture(event.pointerId);
      },
      onPointerMove(event: PointerEvent<HTMLLIElement>) {
        if (start !== null) setOffset(Math.max(0, event.clientX - start));
      },
      onPointerUp(event: PointerEvent<HTMLLIElement>) {
        if (start === null) return;
        setStart(null);
        if (event.clientX - start > TOAST_SWIPE_THRESHOLD_PX) {
          setGone(true);
          dismissToast(id);
        } else setOffset(0);
      },
      onPointerCancel() {
        setStart(null);
        setOffset(0);
      },
    },
  };
}

function ToastItem({ item, paused }: { item: ToastRecord; paused: boolean }) {
  const { id, title, description, variant, open } = item;
  const swipe = useSwipeToClose(id);
  useAutoClose(id, open, paused || swipe.swiping);
  const destructive = variant === 'destructive';
  const Icon = destructive ? CircleAlert : CircleCheck;
  return (
    <li
      // Focusable, as F8 then Tab reach it (Escape closes it); its live region (announce) speaks for it.
      tabIndex={0}
      data-state={open ? 'open' : 'closed'}
      onKeyDown={(event) => {
        if (event.key === 'Escape') dismissToast(id);
      }}
      {...swipe.handlers}
      style={swipe.gone ? { translate: '100% 0' } : swipe.offset ? { translate: `${swipe.offset}px 0` } : undefined}
      className={cx(
        'group pointer-events-auto relative flex w-full touch-pan-y items-start gap-3 rounded-xl border p-4 pr-11 shadow-lg transition-[opacity,translate] duration-200 select-none starting:-translate-y-2 starting:opacity-0',
        'data-[state=closed]:opacity-0',
        swipe.swiping && 'transition-none',
        destructive ? 'border-red-200 bg-red-50 text-red-950' : 'border-line bg-white text-ink',
      )}
    >
      <Icon aria-hidden="true" className={cx('mt-0.5 size-5 shrink-0', destructive ? 'text-danger' : 'text-go-600')} />
      <div className="grid gap-0.5">
        <div className="text-sm font-semibold">{title}</div>
        {description ? (
          <div className={cx('text-sm', destructive ? 'text-red-900' : 'text-muted')}>{description}</div>
        ) : null}
      </div>
      <button
        type="button"
        aria-label="Close notification"
        onClick={() => dismissToast(id)}
        className="absolute top-2.5 right-2.5 inline-flex size-8 items-center justify-center rounded-md opacity-70 transition-opacity hover:opacity-100 focus-visible:opacity-100"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}
