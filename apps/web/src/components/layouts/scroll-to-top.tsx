import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Whether the app has rendered a page yet: the first one the browser placed itself. */
let rendered = false;

/** How far down each visited history entry was scrolled, by its location key. */
const positions = new Map<string, number>();

/**
 * Spec §2: every path change scrolls the page to the top (a #hash scrolls to its section instead).
 * Going back or forward (a POP) returns to where that entry was scrolled instead, so a student who
 * opens a search result and comes back finds their place in the list. Not on the first render: a
 * page that arrived as HTML may already have been scrolled, or had a button pressed further down,
 * before the app took over.
 */
export function ScrollToTop() {
  const { pathname, hash, key } = useLocation();
  const navigation = useNavigationType();

  // A layout effect: its cleanup runs before the next page can clamp the scroll of this one.
  useLayoutEffect(() => {
    const save = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, [key]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is the trigger; the key and navigation type are read as they are then
  useEffect(() => {
    const first = !rendered;
    rendered = true;
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
      return;
    }
    const saved = navigation === 'POP' ? positions.get(key) : undefined;
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (!first) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
