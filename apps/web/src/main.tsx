import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { handEarlyPressesToReact } from './app/early-presses.ts';
import { prepareHydration } from './app/hydration.ts';
import { AppProvider } from './app/provider.tsx';
import { routes } from './app/routes.tsx';
import { queryClient } from './lib/query-client.ts';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/**
 * Lets the browser handle input and paint between the steps of starting up, so that no single task is
 * long on a slow phone (each one counts towards Total Blocking Time).
 */
const yieldToBrowser = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

async function start(root: HTMLElement) {
  // Rendered HTML (`/` at build time, a hostel page by the server: entry-server.tsx) is adopted, not
  // rebuilt; a not-found page (data-render="fresh") is rendered anew, as any visit would render it.
  const rendered = root.firstElementChild !== null && root.dataset.render !== 'fresh';
  if (rendered) await yieldToBrowser(); // apart from evaluating the modules
  const hydrationData = rendered
    ? await prepareHydration(
        routes,
        window.location,
        queryClient,
        document.getElementById('app-state')?.textContent,
      )
    : undefined;
  const router = createBrowserRouter(routes, { hydrationData });
  if (rendered) await yieldToBrowser();
  const app = (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
  if (rendered) {
    // As a transition, hydration runs in short slices that yield to the browser, so a slow phone
    // never freezes for long.
    startTransition(() => {
      hydrateRoot(root, app);
    });
    handEarlyPressesToReact();
  } else {
    createRoot(root).render(app);
  }
}

// Not a top-level await: with one, the bundler could not let screens import shared code from this chunk.
void start(container);
