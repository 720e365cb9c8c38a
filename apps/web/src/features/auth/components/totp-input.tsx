import type { InputHTMLAttributes } from 'react';
import { FormField } from '../../../components/ui/form-field.tsx';

type Props = { label: string; error?: string; hint?: string } & InputHTMLAttributes<HTMLInputElement> & {
    ref?: React.Ref<HTMLInputElement>;
  };

/**
 * The 6-digit code from an authenticator app: numeric keypad on phones, offered by password
 * managers that keep one-time codes, and anything that is not a digit (the space some apps show
 * mid-code) is dropped as it is typed or pasted.
 */
export function TotpField({ label, error, hint, onChange, ...input }: Props) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(a11y) => (
        <input
          className="input text-lg tracking-[0.3em] placeholder:text-sm placeholder:tracking-normal"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          maxLength={7}
          {...a11y}
          {...input}
          onChange={(e) => {
            const digits = e.target.value.replace(/\D/g, '').slice(0, 6);
            if (digits !== e.target.value) e.target.value = digits;
            onChange?.(e);
          }}
        />
      )}
    </FormField>
  );
}
