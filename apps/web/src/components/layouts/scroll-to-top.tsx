import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Whether the app has rendered a page yet: the first one the browser placed itself. */
let rendered = false;

/**
 * Spec §2: every path change scrolls the page to the top (a #hash scrolls to its section instead).
 * Not on the first render: a page that arrived as HTML may already have been scrolled, or had a
 * button pressed further down, before the app took over.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is the trigger even though the body only reads hash
  useEffect(() => {
    const first = !rendered;
    rendered = true;
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
      return;
    }
    if (!first) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
