export type Strength = { score: 0 | 1 | 2 | 3; label: 'Too short' | 'Weak' | 'Fair' | 'Strong' };

/**
 * A few of the passwords people reach for first. The server refuses a much longer list (docs/domain.md, "Accounts");
 * this only keeps the meter from calling them "Fair" because they happen to mix characters.
 */
const COMMON = new Set([
  'password',
  'passw0rd',
  'qwerty',
  'qwertyuiop',
  'iloveyou',
  'letmein',
  'welcome',
  'admin',
  'abc',
  'abcd',
  'studynest',
]);

/**
 * A rough guide while a new password is typed: length first, then variety (character kinds or
 * separate words). Deliberately tiny (no zxcvbn on phones); the server has the final say.
 */
export function rateStrength(password: string): Strength {
  if (password.length < 8) return { score: 0, label: 'Too short' };
  const letters = password.toLowerCase().replace(/[^a-z]/g, '');
  const predictable =
    COMMON.has(letters) || /^\d+$/.test(password) || new Set(password.toLowerCase()).size < 5;
  if (predictable) return { score: 1, label: 'Weak' };
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^a-zA-Z\d]/].filter((re) => re.test(password)).length;
  const words = password.split(/[\s\-_.,+]+/).filter((w) => w.length >= 3).length;
  if (password.length >= 16 || (password.length >= 12 && (words >= 3 || kinds >= 3))) {
    return { score: 3, label: 'Strong' };
  }
  if (password.length >= 12 || kinds >= 3 || words >= 2) return { score: 2, label: 'Fair' };
  return { score: 1, label: 'Weak' };
}

const BAR = ['bg-danger-600', 'bg-danger-600', 'bg-accent-500', 'bg-ok-700'] as const;
const TEXT = ['text-danger-700', 'text-danger-700', 'text-warn-700', 'text-ok-700'] as const;

/** Three bars and a spoken label ("Password strength: Fair"), announced politely as it changes. */
export function PasswordStrength({ password }: { password: string }) {
  const { score, label } = rateStrength(password);
  return (
    <div className="mt-2" data-testid="password-strength">
      <div className="flex gap-1" aria-hidden="true">
        {[1, 2, 3].map((step) => (
          <span
            key={step}
            className={`h-1.5 flex-1 rounded-full ${password && score >= step ? BAR[score] : 'bg-line'}`}
          />
        ))}
      </div>
      <p className="mt-1 text-sm text-muted" aria-live="polite">
        {password && (
          <>
            Password strength: <span className={`font-semibold ${TEXT[score]}`}>{label}</span>
          </>
        )}
      </p>
    </div>
  );
}

/** The hint under every new-password field. */
export const NEW_PASSWORD_HINT = 'At least 8 characters. A few unrelated words make the strongest password.';
