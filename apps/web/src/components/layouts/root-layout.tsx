import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Footer } from './footer.tsx';
import { Header, type HeaderMenu } from './header.tsx';
import { NavigationProgress } from './navigation-progress.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

/** `children` stands in for the screen while its code loads on a first visit (the route's HydrateFallback). */
export function RootLayout({ menu, children }: { menu: HeaderMenu; children?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 btn-primary"
      >
        Skip to content
      </a>
      <NavigationProgress />
      <ScrollToTop />
      <Header menu={menu} />
      {/* At least a screen tall, so the footer never jumps when a screen's data arrives (CLS). */}
      <main id="main" className="min-h-[100svh] flex-1">
        {children ?? <Outlet />}
      </main>
      <Footer />
    </div>
  );
}
