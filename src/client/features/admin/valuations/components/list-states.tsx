import { Button } from '~/client/components/ui/button';
import { LoadingState } from '~/client/components/ui/spinner';
import { errorMessage } from '../../lib/server-errors';

/** While the first page of a list loads. */
export function ListLoading({ label }: { label: string }) {
  return <LoadingState className="py-16" label={label} />;
}

/** SPEC section 8: "Error loading valuations", with the server's reason and Try again. */
export function ListError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="grid justify-items-center gap-3 px-4 py-14 text-center">
      <p className="font-semibold text-brand-950">{title}</p>
      <p className="max-w-md text-sm text-muted">{errorMessage(error, 'Please try again.')}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/**
 * An empty page of a list: SPEC's words when nothing matches, a way back when a search hides
 * everything, and the first page when the list became shorter than the page asked for.
 */
export function ListEmpty({
  title,
  total,
  filtered,
  onClear,
  onFirstPage,
}: {
  title: string;
  total: number;
  filtered: boolean;
  onClear: () => void;
  onFirstPage: () => void;
}) {
  const [text, action] =
    total > 0
      ? ['The list is shorter than that now.', { label: 'Go to the first page', run: onFirstPage }]
      : filtered
        ? ['Try another search or status.', { label: 'Clear search', run: onClear }]
        : [null, null];
  return (
    <div className="grid justify-items-center gap-2 px-4 py-14 text-center">
      <p className="font-semibold text-brand-950">{total > 0 ? 'Nothing on this page' : title}</p>
      {text ? <p className="max-w-md text-sm text-muted">{text}</p> : null}
      {action ? (
        <Button variant="outline" size="sm" className="mt-1" onClick={action.run}>
          {action.label}
        </Button>
      ) : null}
    </div>
  );
}
