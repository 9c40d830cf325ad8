import { Button } from '~/client/components/ui/button';

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
        ? [
            'Try another search or status. A search finds the beginnings of words: “smi” finds Smith, “ab12” finds AB12 CDE.',
            { label: 'Clear search', run: onClear },
          ]
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
