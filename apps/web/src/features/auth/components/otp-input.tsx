import type { InputHTMLAttributes } from 'react';
import { FormField } from '../../../components/ui/form-field.tsx';

type Props = { label: string; error?: string; hint?: string } & InputHTMLAttributes<HTMLInputElement> & {
    ref?: React.Ref<HTMLInputElement>;
  };

/**
 * The 4-digit e-mailed code: numeric keypad on phones, filled from the e-mail by browsers that
 * support one-time-code, and anything that is not a digit is dropped as it is typed or pasted.
 */
export function OtpField({ label, error, hint, onChange, ...input }: Props) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(a11y) => (
        <input
          className="input text-lg tracking-[0.3em] text-ellipsis placeholder:text-sm placeholder:tracking-normal"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{4}"
          maxLength={4}
          {...a11y}
          {...input}
          onChange={(e) => {
            const digits = e.target.value.replace(/\D/g, '').slice(0, 4);
            if (digits !== e.target.value) e.target.value = digits;
            onChange?.(e);
          }}
        />
      )}
    </FormField>
  );
}
