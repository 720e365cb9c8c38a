import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NOTICE_MS, type Notice } from './use-timed-notice.ts';

type CarriedState = { notice: Notice };

/**
 * A save's notice goes with the admin to the next screen (`navigate(to, carryNotice(…))`), so the
 * screen changes at once instead of after the spec's 4 seconds, and the notice is read there.
 */
export const carryNotice = (notice: Notice): { state: CarriedState } => ({ state: { notice } });

/**
 * On the screen a save leads to: show the notice it carried for the spec's time, then drop it from
 * the history entry, so Back or a reload does not show it again.
 */
export function useCarriedNotice(show: (notice: Notice, ms: number) => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const carried = (location.state as Partial<CarriedState> | null)?.notice;
    if (!carried) return;
    show(carried, NOTICE_MS.saved);
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null },
    );
  }, [location, navigate, show]);
}
