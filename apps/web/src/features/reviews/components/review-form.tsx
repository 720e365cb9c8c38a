import type { ReviewCreateSchema } from '@studynest/contracts';
import { useEffect, useState } from 'react';
import type * as z from 'zod/mini';
import { Alert } from '../../../components/ui/alert.tsx';
import { FormField, TextField } from '../../../components/ui/form-field.tsx';
import { applyServerErrors, lazyZodResolver, useForm } from '../../../lib/form.ts';
import { Controller } from '../../../lib/form-controller.tsx';
import { useCreateReview } from '../api/review-queries.ts';
import { StarRatingInput } from './star-rating-input.tsx';

type Input = z.input<typeof ReviewCreateSchema>;
type Values = z.output<typeof ReviewCreateSchema>;

// The contract schema loads after the screen (see lazyZodResolver): zod would blow the route budget.
const resolver = lazyZodResolver(() =>
  import('@studynest/contracts/reviews').then((m) => m.ReviewCreateSchema),
);

/** Full Name, Your Feedback and 1–5 stars; stored for an admin to approve (docs/domain.md, "Corrections to the original product"). */
export function ReviewForm() {
  const create = useCreateReview();
  const [serverError, setServerError] = useState<string | null>(null);
  const [thanks, setThanks] = useState<string | null>(null);
  useEffect(() => resolver.preload(), []);
  const { register, control, handleSubmit, setError, reset, errors, isSubmitting } = useForm<
    Input,
    unknown,
    Values
  >({
    resolver,
    defaultValues: { full_name: '', feedback: '', rating: undefined },
  });

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    setThanks(null);
    try {
      const res = await create.mutateAsync(values);
      reset();
      setThanks(res.message);
    } catch (err) {
      setServerError(applyServerErrors(err, setError));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="card flex flex-col gap-5 p-5 sm:p-8">
      {thanks && <Alert tone="success">{thanks}</Alert>}
      {serverError && <Alert tone="error">{serverError}</Alert>}
      <TextField
        label="Full Name"
        autoComplete="name"
        error={errors.full_name?.message}
        {...register('full_name', { onChange: () => setThanks(null) })}
      />
      <FormField label="Your Feedback" error={errors.feedback?.message} hint="Up to 2000 characters.">
        {(a11y) => (
          <textarea className="input min-h-36" maxLength={2000} {...a11y} {...register('feedback')} />
        )}
      </FormField>
      <Controller
        control={control}
        name="rating"
        render={({ field }) => (
          <StarRatingInput
            name={field.name}
            value={typeof field.value === 'number' ? field.value : undefined}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.rating?.message}
          />
        )}
      />
      <button type="submit" className="btn-primary self-start px-6" disabled={isSubmitting}>
        {isSubmitting ? 'Submitting…' : 'Submit Review'}
      </button>
    </form>
  );
}
