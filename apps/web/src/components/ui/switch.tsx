import { useId } from 'react';

/**
 * An on/off setting that takes effect as a choice (not a checkbox in a list): a button with
 * role="switch", named by its label and described by its explanation. The whole control is at
 * least 44 px tall so it is easy to hit on a phone.
 */
export function Switch({
  label,
  description,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <span id={`${id}-label`} className="block font-medium text-ink">
          {label}
        </span>
        {description && (
          <p id={`${id}-description`} className="mt-0.5 text-sm text-muted">
            {description}
          </p>
        )}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={description ? `${id}-description` : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className="group inline-flex min-h-11 min-w-14 shrink-0 items-center justify-center rounded-full disabled:cursor-not-allowed disabled:opacity-55"
      >
        <span
          aria-hidden="true"
          className={`relative inline-block h-7 w-12 rounded-full transition-colors ${
            checked ? 'bg-brand-700' : 'bg-line'
          }`}
        >
          <span
            className={`absolute top-0.5 left-0.5 size-6 rounded-full bg-white shadow transition-transform ${
              checked ? 'translate-x-5' : ''
            }`}
          />
        </span>
        <span className="sr-only">{checked ? 'On' : 'Off'}</span>
      </button>
    </div>
  );
}
