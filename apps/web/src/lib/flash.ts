import { bannerClass } from '../components/ui/notice-banner.tsx';
import type { Notice } from './use-timed-notice.ts';

/**
 * A notice that outlives the screen that raised it: the welcome after logging in, say, shows over
 * the page the person is taken to at once, instead of holding them on the form behind a timer. One
 * at a time; it goes after a while, or when the next one comes.
 *
 * Drawn straight into <body>, outside React: no screen has to host it, and the app's first load
 * (every journey counts it, docs/domain.md "Quality targets") carries none of it.
 */
const SHOW_MS = 5000;

let shown: HTMLElement | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;

export function flash(notice: Notice | null) {
  clearTimeout(timer);
  shown?.remove();
  shown = undefined;
  if (!notice) return;
  const banner = document.createElement('div');
  banner.setAttribute('role', notice.tone === 'error' ? 'alert' : 'status');
  banner.className = bannerClass(notice.tone);
  banner.textContent = notice.message;
  document.body.append(banner);
  shown = banner;
  timer = setTimeout(() => flash(null), SHOW_MS);
}
