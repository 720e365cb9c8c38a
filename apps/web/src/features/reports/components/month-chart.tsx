import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import { monthLabel } from './period.ts';

export type ChartSeries = {
  label: string;
  values: number[];
  color: string;
  /**
   * Bars, or a line. At most two bar series per chart, drawn side by side (left and right of their
   * month): a third would be drawn over the second.
   */
  kind: 'bars' | 'line';
};

/**
 * A chart of monthly figures drawn with uPlot, loaded only when a chart is shown (the library and
 * its CSS are a chunk of their own). It fills its box's width and follows it when the box resizes.
 * Hidden from assistive technology: the table beside each chart has the same numbers.
 */
export function MonthChart({
  months,
  series,
  format,
  height = 240,
}: {
  months: string[];
  series: ChartSeries[];
  format: (value: number) => string;
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let plot: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let cancelled = false;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      const el = box.current;
      if (cancelled || !el) return;
      const bars = series.filter((s) => s.kind === 'bars');
      const narrow = el.clientWidth < 480;
      const options: uPlot.Options = {
        width: el.clientWidth,
        height,
        scales: { x: { time: false, range: [-0.5, months.length - 0.5] } },
        axes: [
          {
            incrs: [1, 2, 3, 4, 6, 12],
            values: (_u, splits) =>
              splits.map((i) => (Number.isInteger(i) ? monthLabel(months[i] ?? '') : '')),
            space: narrow ? 56 : 48,
            font: '12px system-ui, sans-serif',
          },
          {
            values: (_u, splits) => splits.map(format),
            size: narrow ? 78 : 96,
            font: '12px system-ui, sans-serif',
          },
        ],
        legend: { live: false },
        cursor: { drag: { x: false, y: false } },
        series: [
          { label: 'Month', value: (_u, i) => (i == null ? '' : monthLabel(months[i] ?? '', 'long')) },
          ...series.map((s) => {
            const place = bars.indexOf(s);
            return {
              label: s.label,
              stroke: s.color,
              width: s.kind === 'line' ? 2 : 1,
              ...(s.kind === 'bars'
                ? {
                    fill: s.color,
                    paths: UPlot.paths.bars?.({
                      size: [bars.length > 1 ? 0.38 : 0.6, 48],
                      align: bars.length > 1 ? (place === 0 ? -1 : 1) : 0,
                    }),
                    points: { show: false },
                  }
                : { points: { show: true, size: 6, fill: s.color } }),
              value: (_u: uPlot, v: number | null) => (v == null ? '' : format(v)),
            };
          }),
        ],
      };
      plot = new UPlot(options, [months.map((_, i) => i), ...series.map((s) => s.values)], el);
      observer = new ResizeObserver(() => plot?.setSize({ width: el.clientWidth, height }));
      observer.observe(el);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [months, series, format, height]);
  return (
    <div ref={box} aria-hidden="true" className="w-full overflow-hidden" style={{ minHeight: height }} />
  );
}
