import { ReviewForm } from '../../features/reviews/components/review-form.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function Component() {
  useDocumentTitle('Write a review');
  return (
    <section className="section-page">
      <div className="mx-auto flex max-w-2xl flex-col gap-6">
        <div>
          <p className="eyebrow">Reviews</p>
          <h1 className="mt-2 text-3xl sm:text-4xl">Share your experience</h1>
          <p className="mt-3 text-lg text-muted">
            How is life in your StudyNest hostel? Your honest review helps the next student choose. Our team
            reads every review before it appears on the site.
          </p>
        </div>
        <ReviewForm />
      </div>
    </section>
  );
}
