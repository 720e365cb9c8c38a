import type { InputHTMLAttributes } from 'react';
import { FormField } from '../../../components/ui/form-field.tsx';

type Props = {
  label: string;
  error?: string;
  hint?: string;
  /** 4 for the e-mailed code, 6 for an authenticator app's. */
  digits?: 4 | 6;
} & InputHTMLAttributes<HTMLInputElement> & {
    ref?: React.Ref<HTMLInputElement>;
  };

/**
 * A one-time code (e-mailed, or from an authenticator app): numeric keypad on phones, offered by
 * browsers and password managers that fill one-time codes, and anything that is not a digit (the
 * space some apps show mid-code) is dropped as it is typed or pasted. One character of slack in
 * maxLength, so a pasted "123 456" reaches the filter whole.
 */
export function OtpField({ label, error, hint, digits = 4, onChange, ...input }: Props) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(a11y) => (
        <input
          className="input text-lg tracking-[0.3em] text-ellipsis placeholder:text-sm placeholder:tracking-normal"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern={`\\d{${digits}}`}
          maxLength={digits + 1}
          {...a11y}
          {...input}
          onChange={(e) => {
            const only = e.target.value.replace(/\D/g, '').slice(0, digits);
            if (only !== e.target.value) e.target.value = only;
            onChange?.(e);
          }}
        />
      )}
    </FormField>
  );
}
