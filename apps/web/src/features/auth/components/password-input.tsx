import { type InputHTMLAttributes, useState } from 'react';
import { FormField } from '../../../components/ui/form-field.tsx';
import { EyeIcon, EyeSlashIcon } from '../../../components/ui/icons.tsx';
import { NEW_PASSWORD_HINT, PasswordStrength } from './password-strength.tsx';

type Props = {
  label: string;
  error?: string;
  hint?: string;
  /** Only where a new password is chosen: the value to rate with the strength meter. */
  strengthOf?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { ref?: React.Ref<HTMLInputElement> };

/**
 * A password input with an eye button that shows or hides what was typed (docs/domain.md, "Corrections to the original product") and, for
 * a new password, a strength meter.
 */
export function PasswordField({ label, error, hint, strengthOf, ...input }: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <FormField label={label} error={error} hint={hint}>
      {(a11y) => (
        <>
          <div className="relative">
            <input
              className="input pr-12"
              type={visible ? 'text' : 'password'}
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
              {...a11y}
              {...input}
            />
            <button
              type="button"
              className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center rounded-r-lg text-muted hover:text-ink"
              aria-pressed={visible}
              aria-label={visible ? 'Hide password' : 'Show password'}
              aria-controls={a11y.id}
              onClick={() => setVisible((v) => !v)}
            >
              {visible ? <EyeSlashIcon className="size-5" /> : <EyeIcon className="size-5" />}
            </button>
          </div>
          {strengthOf !== undefined && <PasswordStrength password={strengthOf} />}
        </>
      )}
    </FormField>
  );
}

/** Where a new password is chosen: the browser may suggest one, and the hint and meter guide it. */
export function NewPasswordField(props: Omit<Props, 'autoComplete' | 'hint'> & { strengthOf: string }) {
  return <PasswordField autoComplete="new-password" hint={NEW_PASSWORD_HINT} {...props} />;
}
