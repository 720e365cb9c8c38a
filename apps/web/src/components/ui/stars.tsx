const STAR = 'M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z';

export function StarShape({ filled, className = 'size-5' }: { filled: boolean; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className}>
      <path
        d={STAR}
        fill={filled ? 'var(--color-accent-500)' : 'none'}
        stroke={filled ? 'var(--color-accent-600)' : 'var(--color-muted)'}
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A read-only rating: five stars for the eye, one sentence for screen readers. */
export function Stars({ rating, className = '' }: { rating: number; className?: string }) {
  return (
    <span className={`inline-flex gap-0.5 ${className}`} role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <StarShape key={n} filled={n <= rating} />
      ))}
    </span>
  );
}
