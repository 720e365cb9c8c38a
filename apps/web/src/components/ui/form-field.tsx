import { type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react';

/** A labelled control with its error message wired up for screen readers. */
export function FormField({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode;
}) {
  const id = useId();
  const describedBy =
    [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The common case: a text-like input inside a FormField. */
export function TextField({
  label,
  error,
  hint,
  ...input
}: { label: string; error?: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(a11y) => <input className="input" {...a11y} {...input} />}
    </FormField>
  );
}

/** An e-mail address: the keyboard, autofill and no automatic capitals a phone needs for one. */
export function EmailField({
  label = 'Email',
  ...input
}: { label?: string; error?: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <TextField
      label={label}
      type="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      {...input}
    />
  );
}

/** [value, what people read] pairs for a SelectField, from a list and (optionally) its labels. */
export const choices = <T extends string>(
  values: readonly T[],
  label: (value: T) => string = (value) => value,
): [T, string][] => values.map((value) => [value, label(value)]);

/**
 * A labelled choice from a list. `options` are [value, label] pairs (see `choices`); `none` is an
 * empty first choice ('All statuses', 'Choose a category') when nothing need be chosen yet.
 */
export function SelectField({
  label,
  error,
  hint,
  options,
  none,
  ...select
}: {
  label: string;
  error?: string;
  hint?: string;
  options: readonly (readonly [string, string])[];
  none?: string;
} & SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> }) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(a11y) => (
        <select className="input" {...a11y} {...select}>
          {none !== undefined && <option value="">{none}</option>}
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
