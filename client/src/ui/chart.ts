// The profile's chart of a rating over time, drawn by uPlot. Loaded on demand (a
// dynamic import from ui/rankings.tsx): the hall and the tables never pay for it.

import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

export interface ChartOptions {
  /** The chart's name for screen readers and the series' legend. */
  label: string;
  /** "en-US" or "ja-JP": the axis' dates. */
  locale: string;
  height?: number;
}

export interface Chart {
  resize(width: number): void;
  destroy(): void;
}

/** The times of the x axis, as fine as the ticks are apart (seconds, minutes, days),
 * each label written once: ticks a minute apart on one afternoon say "3:05 PM",
 * "3:06 PM", days apart "Nov 27", 「11月27日」. */
function timeLabels(locale: string) {
  return (_u: uPlot, splits: number[], _axis: number, _space: number, incr: number) => {
    const opts: Intl.DateTimeFormatOptions =
      incr < 60 ? { hour: "2-digit", minute: "2-digit", second: "2-digit" } : incr < 86400 ? { hour: "2-digit", minute: "2-digit" } : { month: "short", day: "numeric" };
    let last = "";
    return splits.map((s) => {
      const label = new Date(s * 1000).toLocaleString(locale, opts);
      if (label === last) return "";
      last = label;
      return label;
    });
  };
}

/** Draw `data` (times in Unix seconds, ratings) into `el`, as wide as it is. */
export function drawRatingChart(el: HTMLElement, data: [number[], number[]], o: ChartOptions): Chart {
  const width = Math.max(160, el.clientWidth);
  const [xs, ys] = data;
  const single = xs.length === 1;
  const plot = new uPlot(
    {
      width,
      height: o.height ?? 170,
      title: undefined,
      legend: { show: false },
      cursor: { drag: { x: false, y: false }, points: { size: 8 } },
      scales: {
        // One game alone: the days around it, so its point does not sit on an axis of no width.
        x: { time: true, ...(single ? { range: [xs[0] - 3 * 86400, xs[0] + 3 * 86400] as [number, number] } : {}) },
        y: {
          // From 0, where every rating starts (below it when it went there), with room above.
          range: (_u, min, max) => {
            const lo = Math.min(0, min);
            const hi = Math.max(0, max);
            const pad = Math.max(1, (hi - lo) * 0.12);
            return [Math.floor(lo < 0 ? lo - pad : 0), Math.ceil(hi + pad)];
          },
        },
      },
      axes: [
        {
          values: timeLabels(o.locale),
          // Room for "08:00 PM" or "Nov 27" between two ticks.
          space: 80,
          stroke: "#7a7466",
          grid: { stroke: "#ddd3bf80", width: 1 },
          ticks: { stroke: "#ddd3bf", width: 1 },
          size: 34,
        },
        { stroke: "#7a7466", grid: { stroke: "#ddd3bf80", width: 1 }, ticks: { stroke: "#ddd3bf", width: 1 }, size: 40 },
      ],
      series: [
        {},
        {
          label: o.label,
          stroke: "#2f6b3a",
          width: 2,
          fill: "#2f6b3a1a",
          points: { show: true, size: 7, fill: "#fffdf7", stroke: "#2f6b3a", width: 2 },
          value: (_u, v) => (v === null ? "" : v.toFixed(1)),
        },
      ],
    },
    [xs, ys],
    el,
  );
  plot.root.setAttribute("role", "img");
  plot.root.setAttribute("aria-label", o.label);
  return {
    resize(w) {
      plot.setSize({ width: Math.max(160, w), height: o.height ?? 170 });
    },
    destroy() {
      plot.destroy();
    },
  };
}
