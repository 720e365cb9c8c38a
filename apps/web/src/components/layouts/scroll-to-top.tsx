import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Spec §2: every path change scrolls the page to the top (a #hash scrolls to its section instead). */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is the trigger even though the body only reads hash
  useEffect(() => {
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
