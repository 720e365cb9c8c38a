import type { ReactNode } from 'react';

const tones = {
  error: 'border-danger-600/30 bg-danger-50 text-danger-700',
  success: 'border-ok-700/30 bg-ok-50 text-ok-700',
  info: 'border-brand-600/30 bg-brand-50 text-brand-800',
  warning: 'border-accent-600/30 bg-warn-50 text-warn-700',
} as const;

/** Inline message box. Errors are announced immediately; others politely. */
export function Alert({ tone = 'info', children }: { tone?: keyof typeof tones; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-4 py-3 text-sm ${tones[tone]}`}
    >
      {children}
    </div>
  );
}

export function QueryError({ error, retry }: { error: Error; retry?: () => void }) {
  return (
    <Alert tone="error">
      <p>{error.message}</p>
      {retry && (
        <button type="button" className="mt-2 font-semibold underline" onClick={retry}>
          Try again
        </button>
      )}
    </Alert>
  );
}
