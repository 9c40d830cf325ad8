import { cx } from '~/client/lib/cx';

/**
 * A real upload progress bar (the share of the request's bytes sent, as a percentage) with what is
 * happening written under it; `small` for one guided shot, the full size for a batch.
 */
export function UploadBar({
  name,
  percent,
  text,
  small = false,
}: {
  name: string;
  percent: number;
  text: string;
  small?: boolean;
}) {
  return (
    <div className={small ? 'grid gap-1' : 'mt-4'}>
      <div
        role="progressbar"
        aria-label={name}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className={cx('overflow-hidden rounded-full bg-slate-200', small ? 'h-2' : 'h-3')}
      >
        <div className="h-full rounded-full bg-go-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p aria-live={small ? undefined : 'polite'} className={small ? 'text-xs text-muted' : 'mt-2 text-sm text-muted'}>
        {text}
      </p>
    </div>
  );
}
