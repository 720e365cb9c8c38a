import type { HostelRating } from '@studynest/contracts';

/** "Rated 4.5 out of 5 from 3 reviews": what the badge says to a screen reader. */
export const ratingWords = (r: HostelRating) =>
  `Rated ${r.average.toFixed(1)} out of 5 from ${r.count} review${r.count === 1 ? '' : 's'}`;

/** A hostel's average stars and how many reviews make it; the star is decoration, the words say it. */
export function RatingBadge({ rating, className = '' }: { rating: HostelRating; className?: string }) {
  return (
    <span className={`inline-flex items-center gap-1 ${className}`}>
      <span className="sr-only">{ratingWords(rating)}</span>
      <span aria-hidden="true" className="text-accent-600">
        ★
      </span>
      <strong aria-hidden="true">{rating.average.toFixed(1)}</strong>
      <span aria-hidden="true" className="text-muted">
        ({rating.count} review{rating.count === 1 ? '' : 's'})
      </span>
    </span>
  );
}
