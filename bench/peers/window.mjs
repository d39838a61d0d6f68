// What hall_load.mjs and floor_load.mjs share: opening tables a few at a time, and the
// measured window: each table's moves staggered over one interval, "phase play" and
// "phase done" printed as the window opens and closes (bench.hub and bench.floor read
// the server's CPU then), and the figures of the window.

import { performance } from "node:perf_hooks";

// Calls fn(0) ... fn(n - 1), at most `size` of them under way at a time.
export async function inBatches(n, size, fn) {
  let next = 0;
  async function worker() {
    while (next < n) await fn(next++);
  }
  await Promise.all(Array.from({ length: Math.min(size, n) }, worker));
}

// Opens the tables, plays their moves (table.move() every opts.interval ms, the tables
// staggered), and measures for opts.seconds while stats.measuring is true. Returns
// the generator's CPU share, the window's length and the latencies' percentiles.
export async function playWindow(tables, opts, stats) {
  await inBatches(tables.length, opts.concurrency, (i) => tables[i].open());
  await new Promise((r) => setTimeout(r, 500)); // let the joins settle
  for (const [i, t] of tables.entries()) {
    setTimeout(() => {
      t.move();
      t.timer = setInterval(() => t.move(), opts.interval);
    }, (i * opts.interval) / tables.length);
  }
  await new Promise((r) => setTimeout(r, opts.interval)); // every table under way
  process.stdout.write("phase play\n");
  stats.measuring = true;
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  await new Promise((r) => setTimeout(r, opts.seconds * 1000));
  stats.measuring = false;
  const cpu = process.cpuUsage(cpu0);
  const wall = (performance.now() - wall0) / 1000;
  process.stdout.write("phase done\n");
  for (const t of tables) clearInterval(t.timer);
  const sorted = stats.latencies.slice().sort((a, b) => a - b);
  const pct = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : null);
  return {
    seconds: wall,
    complete: sorted.length,
    p50_ms: pct(0.5),
    p99_ms: pct(0.99),
    max_ms: sorted.length ? sorted[sorted.length - 1] : null,
    generator_cpu_pct: (100 * (cpu.user + cpu.system)) / 1e6 / wall,
  };
}
