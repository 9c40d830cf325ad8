import { SpriteIcon } from '~/client/components/sprite-icon';
import { cx } from '~/client/lib/cx';

const STARS = [0, 1, 2, 3, 4];

/** "4", "4.5": how a rating is read out. */
export function formatRating(rating: number): string {
  return Number.isInteger(rating) ? String(rating) : rating.toFixed(1);
}

/** Five stars, filled to the rating rounded to the nearest half (SPEC section 3). */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  const halves = Math.round(Math.min(5, Math.max(0, rating)) * 2);
  return (
    <span
      role="img"
      aria-label={`Rated ${formatRating(rating)} out of 5`}
      className={cx('inline-flex gap-0.5', className)}
    >
      {STARS.map((star) => {
        const filled = halves - star * 2; // 2 or more: whole star; 1: half star; 0 or less: empty
        return (
          <span key={star} className="relative size-5">
            <SpriteIcon name="star" className="absolute inset-0 size-5 fill-slate-200 text-slate-300" />
            {filled >= 2 && (
              <SpriteIcon name="star" className="absolute inset-0 size-5 fill-plate-strong text-amber-600" />
            )}
            {filled === 1 && (
              <SpriteIcon name="star-half" className="absolute inset-0 size-5 fill-plate-strong text-amber-600" />
            )}
          </span>
        );
      })}
    </span>
  );
}
