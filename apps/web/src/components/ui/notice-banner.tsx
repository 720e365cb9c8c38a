import type { Notice } from '../../lib/use-timed-notice.ts';

const tones = {
  success: 'bg-ok-700 text-white',
  error: 'bg-danger-700 text-white',
  info: 'bg-brand-800 text-white',
} as const;

/** How a notice banner looks, for this component and for lib/flash.ts, which draws one outside React. */
export const bannerClass = (tone: Notice['tone']) =>
  `fixed inset-x-4 bottom-4 z-50 mx-auto max-w-md rounded-lg px-4 py-3 text-center font-semibold shadow-lg ${tones[tone]}`;

/** A toast-style banner for timed notices; announced to screen readers. */
export function NoticeBanner({ notice }: { notice: Notice | null }) {
  if (!notice) return null;
  return (
    <div role={notice.tone === 'error' ? 'alert' : 'status'} className={bannerClass(notice.tone)}>
      {notice.message}
    </div>
  );
}
