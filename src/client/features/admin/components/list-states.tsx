import { Button } from '~/client/components/ui/button';
import { LoadingState } from '~/client/components/ui/spinner';
import { errorMessage } from '../lib/server-errors';

/** While the first page of a list loads. */
export function ListLoading({ label }: { label: string }) {
  return <LoadingState className="py-16" label={label} />;
}

/** A list that could not load ("Error loading valuations", "Failed to load messages"): the reason and Try again. */
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
