import { useEffect, useState } from 'react';

/** The browser's install prompt, kept by public/registerSW.js when the browser offered it. */
type InstallPrompt = Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: string }> };
declare global {
  interface Window {
    studynestInstall?: InstallPrompt;
  }
}

/** Set once the student has answered the offer, either way: she is never asked again on this phone. */
export const INSTALL_ANSWERED_KEY = 'studynest:install-answered';

const answered = () => {
  try {
    return localStorage.getItem(INSTALL_ANSWERED_KEY) !== null;
  } catch {
    return true;
  }
};

/**
 * "Install StudyNest", offered on a receipt (after a booking or a payment, when the app has proved
 * useful) and never on a first paint; once dismissed or accepted it is not offered again.
 */
export function InstallOffer() {
  const [prompt, setPrompt] = useState<InstallPrompt | undefined>(() =>
    answered() ? undefined : window.studynestInstall,
  );
  useEffect(() => {
    const offered = () => {
      if (!answered()) setPrompt(window.studynestInstall);
    };
    addEventListener('studynest:installable', offered);
    return () => removeEventListener('studynest:installable', offered);
  }, []);
  if (!prompt) return null;

  const answer = (outcome: string) => {
    localStorage.setItem(INSTALL_ANSWERED_KEY, outcome);
    window.studynestInstall = undefined;
    setPrompt(undefined);
  };
  return (
    <aside className="flex flex-col gap-3 rounded-lg border border-line bg-brand-50 p-4 sm:flex-row sm:items-center">
      <p className="flex-1 text-sm">
        Add StudyNest to your home screen: your receipts and rent details open even without data.
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className="btn-primary"
          onClick={async () => {
            await prompt.prompt();
            answer((await prompt.userChoice).outcome);
          }}
        >
          Install StudyNest
        </button>
        <button type="button" className="btn-secondary" onClick={() => answer('dismissed')}>
          Not now
        </button>
      </div>
    </aside>
  );
}
