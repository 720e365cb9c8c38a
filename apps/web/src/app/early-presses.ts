type Held = { type: string; target: Element };

declare global {
  interface Window {
    /** Set by prerender-boot.js on rendered pages: the presses and submits made before the app's code ran. */
    studynestBoot?: { takeOver(): Held[] };
  }
}

/**
 * Called right after `hydrateRoot`: from here on React owns the page's input. A press on content it
 * has not hydrated yet makes it finish hydrating at once, then runs the handler (React replays
 * discrete events on a hydrating root), so prerender-boot.js stops holding presses, and the ones it
 * held are handed to React the same way: dispatched again now, not from an effect after hydration.
 *
 * A held submit (Enter in a field) is a click on the form's default button, as the browser's own
 * implicit submission is: React does not replay a submit on content it has not hydrated, but it does
 * a click, whose default action then submits the hydrated form.
 */
export function handEarlyPressesToReact() {
  for (const { type, target } of window.studynestBoot?.takeOver() ?? []) {
    if (!target.isConnected) continue;
    const control =
      type === 'submit' && target instanceof HTMLFormElement
        ? target.querySelector('button:not([type]), button[type="submit"], input[type="submit"]')
        : target;
    if (control instanceof HTMLElement) control.click();
    else if (target instanceof HTMLFormElement) target.requestSubmit();
  }
}
