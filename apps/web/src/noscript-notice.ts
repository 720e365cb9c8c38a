import { matchPath } from 'react-router';
import { paths } from './config/paths.ts';

/**
 * What the empty shell says when JavaScript is off (inside its <noscript>; the API server fills it in
 * per page, apps/api/src/plugins/static.ts): which task needs it, how to turn it on, and what works
 * without it. The landing, search and hostel pages are rendered HTML and need no notice (prerender.ts
 * leaves it out of their template): the notice sends people to the search.
 */
const TASKS: { path: string; task: string }[] = [
  { path: paths.login.path, task: 'signing in' },
  { path: paths.signUp.path, task: 'creating an account' },
  { path: paths.signUpOtp.path, task: 'confirming your e-mail address' },
  { path: paths.forgotPassword.path, task: 'resetting a password' },
  { path: paths.resetPassword.path, task: 'resetting a password' },
  { path: paths.bookInspection.path, task: 'booking an inspection' },
];

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The notice's HTML for the page at `url` (path and query, as requested). */
export function noscriptNotice(url: string): string {
  const pathname = url.split('?')[0] ?? '/';
  const task = TASKS.find((t) => matchPath(t.path, pathname))?.task ?? 'this page';
  const again = escapeHtml(url.startsWith('/') && !url.startsWith('//') ? url : '/');
  // Booking needs an account: the way to Log in, the room kept in the link for when JavaScript is on.
  const booking = matchPath(paths.bookInspection.path, pathname)
    ? `\n<p>Booking needs an account: <a class="font-semibold underline" href="${escapeHtml(paths.login.getHref(pathname))}">Log in or create an account to book this room</a>.</p>`
    : '';
  return `<div class="container-page py-10"><div class="card mx-auto flex max-w-lg flex-col gap-3">
<h1 class="text-xl">Turn on JavaScript to continue</h1>
<p>StudyNest needs JavaScript for ${task}. Turn it on in your browser settings (in Chrome: Settings, then Privacy and security, then Site settings, then JavaScript), then reload this page.</p>${booking}
<p>Without it you can still search hostels and see their rooms and prices: the search and the home page work without JavaScript.</p>
<p class="flex flex-wrap gap-2"><a class="btn-primary" href="${again}">Reload this page</a> <a class="btn-secondary" href="${paths.hostels.getHref()}">Search hostels</a> <a class="btn-secondary" href="${paths.home.getHref()}">Go to the home page</a></p>
</div></div>`;
}
