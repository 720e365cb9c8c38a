/**
 * Started by the boot script (prerender-boot.js) on a server-rendered page as the app's code starts
 * downloading. The first money or date formatter a page makes costs 15–25 ms of locale and time-zone
 * data loading here, several times that on a slow phone's CPU, and it fell inside one slice of
 * hydration. That data is kept by the whole renderer process, so loading it on a worker's thread
 * leaves the page's own formatters nearly free (docs/decisions/0031-low-end-tbt.md).
 */
import { formatLagosDateTime, formatLagosLongDate, formatNaira } from '@studynest/contracts/format';
import { todayInLagos } from '@studynest/contracts/lagos-date';

formatNaira(0);
formatLagosDateTime(new Date());
formatLagosLongDate(todayInLagos());
postMessage('warm');
