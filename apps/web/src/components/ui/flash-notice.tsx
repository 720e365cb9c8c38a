import { useFlash } from '../../lib/flash.ts';
import { NoticeBanner } from './notice-banner.tsx';

/** The notice a screen left for the next one (lib/flash.ts), over whatever screen is showing. */
export function FlashNotice() {
  return <NoticeBanner notice={useFlash()} />;
}
