// Registers the service worker (src/sw.ts) once the page has loaded, outside the app's bundle so the
// landing page's first-load JavaScript is unchanged (docs/decisions/0025-service-worker.md). Also:
// - "Offline — as of {time}" while the page shows kept copies (the worker says when they are from);
// - "Update available": a new version waits, and takes over on the next navigation that is not part
//   of a payment (a reload in the middle of checkout could lose the student's place);
// - tells the worker when the signal is back, so writes made offline are sent (ADR 0027);
// - keeps the browser's install prompt for the app to offer at a good moment (window.studynestInstall).
// - with data saver on (the profile's switch, else `Save-Data` or the browser's setting) and no worker
//   yet, none is installed: its precache is ~250 KB of code fetched ahead of need, the prefetching
//   data saver promises not to do. A worker already in place stays (the app keeps working offline).
(() => {
  const sw = navigator.serviceWorker;
  if (!sw) return;
  const dataSaver = () => {
    try {
      const chosen = localStorage.getItem('studynest:data-saver');
      if (chosen !== null) return chosen === 'on';
    } catch {
      // No storage (private mode): the browser's setting decides.
    }
    return document.documentElement.hasAttribute('data-save-data') || navigator.connection?.saveData === true;
  };
  if (!sw.controller && dataSaver()) return;
  const bar = (id, text) => {
    let el = document.getElementById(id);
    if (!el) {
      el = document.createElement('p');
      el.id = id;
      el.setAttribute('role', 'status');
      el.style.cssText =
        'position:fixed;left:0;right:0;bottom:0;margin:0;padding:.5rem 1rem;font:14px system-ui,sans-serif;' +
        'background:#0c4a43;color:#fff;text-align:center;z-index:50';
      document.body.append(el);
    }
    el.textContent = text;
    return el;
  };

  let asOf = 0;
  // The worker writes the time (`label`, 2:05 pm, Lagos) with the app's one formatter; a worker from
  // before it did says only the date header, and the bar then goes without the time.
  const copyShown = (date, label) => {
    const t = Date.parse(date ?? '');
    if (!(t > 0) || (asOf && asOf <= t)) return;
    asOf = t;
    bar('offline-bar', label ? `Offline — as of ${label}` : 'Offline — showing a kept copy');
  };
  // Writes kept offline go now: without Background Sync (Firefox, Safari) the worker has no other cue.
  const replayOutbox = () => sw.controller?.postMessage({ type: 'REPLAY_OUTBOX' });
  addEventListener('online', () => {
    asOf = 0;
    document.getElementById('offline-bar')?.remove();
    replayOutbox();
  });

  let asked = false;
  sw.addEventListener('message', (event) => {
    const data = event.data ?? {};
    if (data.type === 'studynest:offline-copy') copyShown(data.date, data.label);
    if (data.type === 'studynest:page-date') copyShown(data.date, data.label);
    if (data.type === 'studynest:updating') bar('update-bar', 'Updating StudyNest…');
  });
  sw.addEventListener('controllerchange', () => {
    if (asked) reloadUnlessPaying();
  });
  sw.startMessages();

  const DURING_PAYMENT = /^\/(payment|checkout|sandbox|book-inspection|receipt-page|rent-receipt)/;
  let reloaded = false;
  const reloadUnlessPaying = () => {
    if (reloaded || DURING_PAYMENT.test(location.pathname)) return;
    reloaded = true;
    location.reload();
    // Chromium can leave a page load hanging when it starts just as the old version is replaced
    // (seen in 2 of 6 runs of the update journey); this page still here 4 s later means that
    // happened, and a second load goes to the new version.
    setTimeout(() => location.reload(), 4000);
  };
  let current;
  const applyUpdate = () => {
    if (!current?.waiting || asked || DURING_PAYMENT.test(location.pathname)) return;
    asked = true;
    current.waiting.postMessage({ type: 'SKIP_WAITING' });
    // The new version takes over once the old one has finished what this page asked of it; a page
    // load ends that, so it comes at the latest a moment later.
    setTimeout(reloadUnlessPaying, 2000);
  };
  let patched = false;
  const watch = (reg) => {
    current = reg;
    const offer = () => {
      if (!reg.waiting || !sw.controller) return;
      bar('update-bar', 'Update available — it applies when you next open a page.');
      if (patched) return;
      patched = true;
      // The app navigates with history.pushState; a link the app has not taken over is a page load.
      const push = history.pushState;
      history.pushState = function (...args) {
        push.apply(this, args);
        applyUpdate();
      };
      addEventListener('popstate', applyUpdate);
      addEventListener('pagehide', applyUpdate);
    };
    offer();
    reg.addEventListener('updatefound', () => {
      const next = reg.installing;
      next?.addEventListener('statechange', () => {
        if (next.state === 'installed') offer();
      });
    });
  };

  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    window.studynestInstall = event;
    dispatchEvent(new Event('studynest:installable'));
  });

  const register = () => {
    sw.register('/sw.js', { scope: '/' }).then(watch, () => {});
    // A page that came from the worker's copy while offline: from when.
    if (!navigator.onLine && sw.controller)
      sw.controller.postMessage({ type: 'PAGE_DATE', url: location.href });
    else replayOutbox();
  };
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
})();
