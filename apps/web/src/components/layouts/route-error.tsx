import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '../../config/paths.ts';

/** Shown when a screen fails to load (e.g. its code could not be downloaded on a flaky connection). */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'This page could not be loaded. Check your connection and try again.';
  return (
    <main className="container-page flex min-h-dvh flex-col items-start justify-center gap-4 py-16">
      <h1 className="text-2xl">Something went wrong</h1>
      <p className="text-muted">{message}</p>
      <div className="flex gap-3">
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to={paths.home.getHref()} className="btn-secondary">
          Go home
        </Link>
      </div>
    </main>
  );
}
