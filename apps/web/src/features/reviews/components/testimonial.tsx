import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Stars } from '../../../components/ui/stars.tsx';
import { paths } from '../../../config/paths.ts';
import { formatLagosDate } from '../../../lib/format.ts';
import { reviewQueries } from '../api/review-queries.ts';

/**
 * The newest approved review. Until an admin has approved one, an honest placeholder invites the
 * first story instead of inventing a student.
 */
export function Testimonial() {
  const latest = useQuery(reviewQueries.latest());
  const review = latest.data;
  return (
    <section aria-labelledby="testimonial-heading" className="bg-subtle">
      <div className="section-page">
        <p className="eyebrow">Student voices</p>
        <h2 id="testimonial-heading" className="mt-2 text-2xl sm:text-3xl">
          What our students say
        </h2>
        <figure
          className="card mt-8 max-w-3xl p-6 sm:p-8"
          data-testid="testimonial"
          aria-busy={latest.isPending}
        >
          {review ? (
            <>
              <Stars rating={review.rating} />
              <blockquote className="mt-4 text-lg leading-relaxed whitespace-pre-line text-ink">
                “{review.feedback}”
              </blockquote>
              <figcaption className="mt-4 text-muted">
                <span className="font-semibold text-ink">{review.full_name}</span>
                <span aria-hidden="true"> · </span>
                <time dateTime={review.created_at}>{formatLagosDate(review.created_at)}</time>
              </figcaption>
            </>
          ) : (
            <>
              <blockquote className="text-lg leading-relaxed text-ink">
                “Your story could be here. Tell future students what living in a StudyNest hostel is really
                like — the room, the neighbours, the help you got.”
              </blockquote>
              <figcaption className="mt-4 text-muted">
                {latest.isError ? latest.error.message : 'A place for the first StudyNest student review'}
              </figcaption>
            </>
          )}
          <Link to={paths.review.getHref()} className="btn-secondary mt-6">
            Write a review
          </Link>
        </figure>
      </div>
    </section>
  );
}
