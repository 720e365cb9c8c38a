import { useId } from 'react';
import { StarShape } from '../../../components/ui/stars.tsx';

/**
 * 1–5 stars as a real radio group: arrow keys move between stars, each star has its own name
 * ("3 stars"), and the inputs stay in the accessibility tree though they are visually hidden.
 */
export function StarRatingInput({
  value,
  onChange,
  onBlur,
  name,
  error,
}: {
  value: number | undefined;
  onChange: (v: number) => void;
  onBlur?: () => void;
  name: string;
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} aria-invalid={Boolean(error)}>
      <legend className="label">Rating</legend>
      <div className="flex flex-wrap items-center gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="relative inline-flex size-11 cursor-pointer items-center justify-center rounded-lg has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent-500 has-[:focus-visible]:outline-offset-2"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              onBlur={onBlur}
              className="sr-only"
            />
            <StarShape filled={value !== undefined && n <= value} className="size-8" />
            <span className="sr-only">
              {n} {n === 1 ? 'star' : 'stars'}
            </span>
          </label>
        ))}
        <span className="ml-2 text-sm text-muted" aria-hidden="true">
          {value ? `${value} of 5` : 'Choose 1 to 5 stars'}
        </span>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
