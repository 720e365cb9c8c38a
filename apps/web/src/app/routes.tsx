import { type LoaderFunctionArgs, type RouteObject, replace } from 'react-router';
import { RootLayout } from '../components/layouts/root-layout.tsx';
import { RouteError } from '../components/layouts/route-error.tsx';
import { PageLoading } from '../components/ui/spinner.tsx';
import { paths } from '../config/paths.ts';
import { hostelPageQueries } from '../features/hostels/api/hostel-queries.ts';
import { returnedReference, verifyQuery } from '../features/payments/api/verify-query.ts';
import { getSession } from '../lib/auth-storage.ts';
import { queryClient } from '../lib/query-client.ts';
import { headerMenu } from './header-menu.tsx';

/**
 * Every screen is its own lazily loaded chunk, so a student on slow data downloads only the
 * screen in front of them. Route modules export `Component`. The same table serves the browser
 * router (main.tsx) and the build-time prerender of `/` (entry-server.tsx).
 */
/**
 * Logging in or signing up while signed in: straight on to one's profile (admins: the dashboard). A
 * loader, so it runs on the way to the screen (a link followed before the app started on a rendered
 * page leads here with the signed-out href), and not when a login on the screen itself saves the session.
 */
const awayIfSignedIn = () => {
  const session = getSession();
  if (!session) return null;
  return replace(
    session.role === 'admin' ? paths.admin.dashboard.getHref() : paths.profile.getHref(session.userId),
  );
};

/**
 * A payment return page: ask the server about the payment while the screen's code loads, so the
 * receipt shows the moment both are in (the screen's own query finds it asked).
 */
const verifyOnReturn = ({ request }: LoaderFunctionArgs) => {
  const reference = returnedReference(new URL(request.url).searchParams);
  if (reference && getSession()) void queryClient.prefetchQuery(verifyQuery(reference));
  return null;
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout menu={headerMenu} />,
    errorElement: <RouteError />,
    // A first visit to a screen whose code is not loaded yet: header, footer and a spinner meanwhile.
    HydrateFallback: () => (
      <RootLayout menu={headerMenu}>
        <PageLoading />
      </RootLayout>
    ),
    children: [
      // Its own chunk like every screen, so no other journey downloads the landing page's sections.
      // The rendered `/` (home.html) preloads it with the entry: no extra round trip there.
      { path: paths.home.path, lazy: () => import('./routes/home.tsx') },
      { path: paths.about.path, lazy: () => import('./routes/about.tsx') },
      { path: paths.careers.path, lazy: () => import('./routes/careers.tsx') },
      { path: paths.terms.path, lazy: () => import('./routes/terms.tsx') },
      { path: paths.privacy.path, lazy: () => import('./routes/privacy.tsx') },
      { path: paths.help.path, lazy: () => import('./routes/help.tsx') },
      {
        id: 'login',
        path: paths.login.path,
        loader: awayIfSignedIn,
        lazy: () => import('./routes/auth/login.tsx'),
      },
      {
        id: 'sign-up',
        path: paths.signUp.path,
        loader: awayIfSignedIn,
        lazy: () => import('./routes/auth/sign-up.tsx'),
      },
      { path: paths.signUpOtp.path, lazy: () => import('./routes/auth/sign-up-otp.tsx') },
      { path: paths.forgotPassword.path, lazy: () => import('./routes/auth/forgot-password.tsx') },
      { path: paths.resetPassword.path, lazy: () => import('./routes/auth/reset-password.tsx') },
      { path: paths.review.path, lazy: () => import('./routes/review.tsx') },
      { path: paths.hostels.path, lazy: () => import('./routes/hostels.tsx') },
      {
        id: 'hostel', // main.tsx names routes with a loader when it hydrates server-rendered HTML
        path: paths.hostel.path,
        // Ask for the hostel and its rooms while the screen's code downloads, not after it has run.
        // Not awaited: the screen shows its own loading state and errors, as on any other visit.
        loader: ({ params }) => {
          // In the browser only: entry-server.tsx fetches this data itself, through the server.
          if (typeof document === 'undefined') return null;
          const [hostel, rooms] = hostelPageQueries(params.hostelId ?? '');
          void queryClient.prefetchQuery(hostel);
          void queryClient.prefetchQuery(rooms);
          return null;
        },
        lazy: () => import('./routes/hostel.tsx'),
      },
      { path: paths.bookInspection.path, lazy: () => import('./routes/book-inspection.tsx') },
      { path: paths.receipt.path, loader: verifyOnReturn, lazy: () => import('./routes/receipt.tsx') },
      {
        path: paths.rentReceipt.path,
        loader: verifyOnReturn,
        lazy: () => import('./routes/rent-receipt.tsx'),
      },
      { path: paths.profile.path, lazy: () => import('./routes/profile.tsx') },
      { path: paths.rentPlan.path, lazy: () => import('./routes/rent-plan.tsx') },
      { path: paths.tenancyAgreement.path, lazy: () => import('./routes/tenancy-agreement.tsx') },
      { path: paths.roomCondition.path, lazy: () => import('./routes/room-condition.tsx') },
      { path: paths.accountSecurity.path, lazy: () => import('./routes/account-security.tsx') },
      { path: paths.reviewHostel.path, lazy: () => import('./routes/review-hostel.tsx') },
      { path: paths.saved.path, lazy: () => import('./routes/saved.tsx') },
      { path: paths.documents.path, lazy: () => import('./routes/documents.tsx') },
      { path: paths.bankTransfer.path, lazy: () => import('./routes/bank-transfer.tsx') },
      { path: '*', lazy: () => import('./routes/not-found.tsx') },
    ],
  },
  {
    lazy: () => import('./routes/admin/layout.tsx'),
    errorElement: <RouteError />,
    HydrateFallback: () => <PageLoading />,
    children: [
      { path: paths.admin.dashboard.path, lazy: () => import('./routes/admin/dashboard.tsx') },
      { path: paths.admin.tenants.path, lazy: () => import('./routes/admin/tenants.tsx') },
      { path: paths.admin.hostels.path, lazy: () => import('./routes/admin/hostels.tsx') },
      { path: paths.admin.addRoom.path, lazy: () => import('./routes/admin/add-room.tsx') },
      { path: paths.admin.rooms.path, lazy: () => import('./routes/admin/rooms.tsx') },
      { path: paths.admin.updateRoom.path, lazy: () => import('./routes/admin/update-room.tsx') },
      { path: paths.admin.createHostel.path, lazy: () => import('./routes/admin/create-hostel.tsx') },
      { path: paths.admin.updateHostel.path, lazy: () => import('./routes/admin/update-hostel.tsx') },
      { path: paths.admin.signUp.path, lazy: () => import('./routes/admin/admin-sign-up.tsx') },
      { path: paths.admin.users.path, lazy: () => import('./routes/admin/users.tsx') },
      { path: paths.admin.bookings.path, lazy: () => import('./routes/admin/bookings.tsx') },
      { path: paths.admin.reviews.path, lazy: () => import('./routes/admin/reviews.tsx') },
      { path: paths.admin.hostelReviews.path, lazy: () => import('./routes/admin/hostel-reviews.tsx') },
      { path: paths.admin.security.path, lazy: () => import('./routes/admin/security.tsx') },
      { path: paths.admin.activity.path, lazy: () => import('./routes/admin/activity.tsx') },
      { path: paths.admin.arrears.path, lazy: () => import('./routes/admin/arrears.tsx') },
      { path: paths.admin.refunds.path, lazy: () => import('./routes/admin/refunds.tsx') },
      { path: paths.admin.credits.path, lazy: () => import('./routes/admin/credits.tsx') },
      {
        path: paths.admin.reconciliation.path,
        lazy: () => import('./routes/admin/reconciliation.tsx'),
      },
      { path: paths.admin.reports.path, lazy: () => import('./routes/admin/reports.tsx') },
      { path: paths.admin.maintenance.path, lazy: () => import('./routes/admin/maintenance.tsx') },
      { path: paths.admin.documents.path, lazy: () => import('./routes/admin/documents.tsx') },
      { path: paths.admin.settings.path, lazy: () => import('./routes/admin/settings.tsx') },
      { path: paths.admin.messages.path, lazy: () => import('./routes/admin/messages.tsx') },
      { path: paths.admin.message.path, lazy: () => import('./routes/admin/message.tsx') },
    ],
  },
];
