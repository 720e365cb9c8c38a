import { useEffect } from 'react';

type Held = { type: string; target: Element };

declare global {
  interface Window {
    /** Set by prerender-boot.js on rendered pages: the presses and submits made before the app took over. */
    studynestBoot?: { takeOver(): Held[] };
  }
}

/**
 * Rendered once hydration has committed: takes over the presses and form submits prerender-boot.js held
 * while the app's code was on its way, and replays them, so a tap on Read More or the menu is not lost.
 */
export function ReplayEarlyInteractions() {
  useEffect(() => {
    for (const { type, target } of window.studynestBoot?.takeOver() ?? []) {
      if (!target.isConnected) continue;
      if (type === 'submit' && target instanceof HTMLFormElement) target.requestSubmit();
      else if (target instanceof HTMLElement) target.click();
    }
  }, []);
  return null;
}
