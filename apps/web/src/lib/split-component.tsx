import { type ComponentType, lazy } from 'react';

const preloads = new Set<() => Promise<unknown>>();

/**
 * A component whose code is split off into its own chunk, for a part of a server-rendered page the
 * phone need not run at once (below the fold). Put it inside a Suspense boundary. In the browser it
 * loads when first rendered, and while a rendered page hydrates React keeps the server's HTML for
 * the boundary until the code has arrived. The server loads every one first
 * (`loadSplitComponents`), so it renders them in place, never their fallback.
 */
export function splitComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  // Once loaded, nothing more to do: the server calls this before every render.
  const preload = async () => {
    loaded ??= await load();
    return loaded;
  };
  preloads.add(preload);
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  return function Split(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  };
}

/** For the server: every split component of the modules loaded so far, loaded. */
export const loadSplitComponents = () => Promise.all([...preloads].map((preload) => preload()));
