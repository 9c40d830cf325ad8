import { LoaderCircle } from 'lucide-react';
import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { buttonVariants } from '~/client/components/ui/button-variants';

/**
 * An area of the seller's page that opens in place (photos, damage): a line saying where things
 * stand and a button; open, it shows `children` (lazy: their code loads then), and once closed
 * again the focus goes back to the button.
 */
export function OpeningArea(props: {
  open: boolean;
  onOpen: () => void;
  summary: ReactNode;
  button: { label: string; icon: ReactNode };
  loading: string;
  children: ReactNode;
}) {
  const { open } = props;
  const openButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (!open && wasOpen.current) openButton.current?.focus();
    wasOpen.current = open;
  }, [open]);

  if (open) {
    return (
      <Suspense
        fallback={
          <p className="mt-4 flex items-center gap-2 text-muted">
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin" /> {props.loading}
          </p>
        }
      >
        {props.children}
      </Suspense>
    );
  }
  return (
    <div className="mt-3">
      <p className="text-muted">{props.summary}</p>
      <button
        ref={openButton}
        type="button"
        className={`${buttonVariants({ variant: 'outline', size: 'md' })} mt-3 w-full sm:w-auto`}
        onClick={props.onOpen}
      >
        {props.button.icon}
        {props.button.label}
      </button>
    </div>
  );
}
