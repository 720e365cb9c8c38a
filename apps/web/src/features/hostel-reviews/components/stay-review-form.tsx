import type { ReviewableStay } from '@studynest/contracts';
import { HOSTEL_REVIEW_LIMITS } from '@studynest/contracts/hostel-review-limits';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatLagosDate } from '../../../lib/format.ts';
import { isQueued, OutboxNotice, useOutbox, useSubmissionKey } from '../../../lib/offline-writes.tsx';
import { useRefreshReviews, useSaveReview } from '../api/hostel-review-queries.ts';

const { minText, maxText } = HOSTEL_REVIEW_LIMITS;
const STAR_WORDS = ['Very poor', 'Poor', 'Fair', 'Good', 'Excellent'];

/** Her review of one stay: written once, edited after (docs/domain.md, "Hostel reviews"). */
export function StayReviewForm({ stay }: { stay: ReviewableStay }) {
  const review = stay.review;
  const [rating, setRating] = useState(review?.rating ?? 0);
  const [text, setText] = useState(review?.text ?? '');
  const [problem, setProblem] = useState<{ rating?: string; text?: string }>({});
  const save = useSaveReview();
  const submission = useSubmissionKey();
  const outbox = useOutbox(useRefreshReviews());
  const starsName = useId();
  const headingId = useId();

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const length = text.trim().length;
    const found = {
      rating: rating ? undefined : 'Choose a rating from 1 to 5 stars',
      text:
        length < minText || length > maxText
          ? `Write between ${minText} and ${maxText} characters about your stay`
          : undefined,
    };
    setProblem(found);
    if (found.rating || found.text) return;
    outbox.clear();
    const key = submission.key();
    save.mutate(
      { hostelId: stay.hostel._id, reviewId: review?._id, rating, text, key },
      {
        onSuccess: (answer) => {
          submission.done();
          if (isQueued(answer)) outbox.waiting(key);
        },
      },
    );
  }

  const serverFields = save.error instanceof ApiError ? save.error.fields : {};
  return (
    <form onSubmit={submit} noValidate aria-labelledby={headingId} className="card flex flex-col gap-4">
      <div>
        <h2 id={headingId} className="text-lg">
          {stay.hostel.hostel_name}
        </h2>
        <p className="text-sm text-muted">
          Your stay from {formatLagosDate(stay.start_date)}
          {stay.ended ? ' (ended)' : ''}
        </p>
      </div>
      {review?.hidden && (
        <Alert tone="warning">
          Our team has hidden this review: {review.hidden_reason}. Others do not see it; you can still edit
          it.
        </Alert>
      )}
      <fieldset aria-describedby={problem.rating ? `${starsName}-error` : undefined}>
        <legend className="label">Your rating</legend>
        <div className="flex flex-wrap gap-2">
          {STAR_WORDS.map((word, i) => (
            <label
              key={word}
              className="flex min-h-11 cursor-pointer items-center gap-1 rounded-full border border-brand-600/30 px-3 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2"
            >
              <input
                type="radio"
                name={starsName}
                value={i + 1}
                checked={rating === i + 1}
                onChange={() => setRating(i + 1)}
                className="sr-only"
              />
              <span aria-hidden="true" className="text-accent-600">
                {'★'.repeat(i + 1)}
              </span>
              <span className="text-sm">
                {i + 1} – {word}
              </span>
            </label>
          ))}
        </div>
        {(problem.rating ?? serverFields.rating) && (
          <p id={`${starsName}-error`} className="field-error">
            {problem.rating ?? serverFields.rating}
          </p>
        )}
      </fieldset>
      <FormField
        label="Your review"
        hint={`What should the next student know? ${minText}–${maxText} characters.`}
        error={problem.text ?? serverFields.text}
      >
        {(a11y) => (
          <textarea
            {...a11y}
            className="input min-h-32"
            value={text}
            maxLength={maxText}
            onChange={(e) => setText(e.target.value)}
          />
        )}
      </FormField>
      {save.isError && !Object.keys(serverFields).length && <Alert tone="error">{save.error.message}</Alert>}
      {save.isSuccess && !isQueued(save.data) && (
        <Alert tone="success">Thank you: your review is saved.</Alert>
      )}
      <OutboxNotice state={outbox.state} />
      <button type="submit" className="btn-primary self-start" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : review ? 'Save changes' : 'Post review'}
      </button>
    </form>
  );
}
