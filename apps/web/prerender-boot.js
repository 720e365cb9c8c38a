// Starts the app on a server- or build-rendered page (prerender.ts fills in the file names). The app's
// module script is injected once the page's main image has been painted — its largest-contentful-paint
// entry, or load plus a frame where that API is missing — or on the first tap or key press, or after
// 3 s at the latest. Until then the page is plain HTML: it reads, scrolls and its links work.
// A button pressed or a form sent before the app's code has run is held, and handed to React as soon
// as main.tsx has called hydrateRoot (studynestBoot.takeOver()): React hydrates at once and runs the
// handler. Links are not held: before the app runs they are ordinary navigations.
(() => {
  const entry = '__ENTRY__';
  // A worker that loads the locale data money and dates need (src/app/warm-intl.worker.ts).
  const warmIntl = '__WARM_INTL__';
  // The entry's imports, then the chunks this page's screen needs (prerender.ts names them in <head>).
  const preloads = ['__PRELOADS__'];
  for (const meta of document.querySelectorAll('meta[name="app-chunk"]')) preloads.push(meta.content);
  const root = document.getElementById('root');
  const held = [];
  const hold = (event) => {
    const target = event.target instanceof Element && root?.contains(event.target) ? event.target : null;
    const control = event.type === 'submit' ? target : target?.closest('button, input[type="submit"]');
    if (!control) return;
    event.preventDefault();
    event.stopPropagation();
    if (!held.some((h) => h.target === control)) held.push({ type: event.type, target: control });
    start();
  };
  for (const type of ['click', 'submit']) addEventListener(type, hold, true);
  window.studynestBoot = {
    takeOver() {
      for (const type of ['click', 'submit']) removeEventListener(type, hold, true);
      return held.splice(0);
    },
  };

  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
    // The entry's imports and the screen's chunks too, now rather than once the entry has arrived
    // and been parsed.
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    // On another thread while the code downloads, so hydration does not pay for it in one long task.
    try {
      const worker = new Worker(warmIntl, { type: 'module' });
      worker.onmessage = worker.onerror = () => worker.terminate();
    } catch {
      // No module workers (older browsers): the page's first formatter loads the data instead.
    }
  };
  const later = () => setTimeout(start, 0);
  const hero = root?.querySelector('img[fetchpriority="high"]');
  if (!hero) return start();
  setTimeout(start, 3000);
  hero.addEventListener('error', start);
  for (const type of ['pointerdown', 'keydown']) addEventListener(type, start, { once: true, capture: true });
  if (window.PerformanceObserver?.supportedEntryTypes?.includes('largest-contentful-paint')) {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntries().some((e) => e.element === hero)) return;
      observer.disconnect();
      later();
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } else {
    const painted = () => requestAnimationFrame(() => requestAnimationFrame(later));
    if (hero.complete) painted();
    else hero.addEventListener('load', painted);
  }
})();
