// The side-by-side run: for each framework and each load, start its server, drive it
// with load.mjs, stop it, and print one markdown table.
//
//   node run.mjs [--only ours,colyseus,bgio,bgio-delta] (also: ours-plain, ours-default-gc) [--runs 125x1000,250x500,50x0] [--json FILE]
//
// Server CPU and peak RSS come from /proc/<pid> of the server process; the generator's
// own CPU is reported beside it, so a saturated generator is told from a saturated server.
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..", "..");
const TICK = 100; // USER_HZ on Linux

const argv = process.argv.slice(2);
function flag(name, fallback) {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : fallback;
}
const only = flag("only", "ours,colyseus,bgio,bgio-delta").split(",");
const loads = flag("runs", "125x1000,250x500,50x0")
  .split(",")
  .map((s) => s.split("x").map(Number));
const jsonOut = flag("json", null);

const FRAMEWORKS = {
  ours: {
    label: "spieltisch",
    cmd: (port) => [path.join(ROOT, ".venv", "bin", "python"), [path.join(HERE, "ours_server.py"), "--host", "127.0.0.1", "--port", String(port)], ROOT],
  },
  "ours-plain": {
    label: "spieltisch, plain patches",
    cmd: (port) => [path.join(ROOT, ".venv", "bin", "python"), [path.join(HERE, "ours_server.py"), "--host", "127.0.0.1", "--port", String(port)], ROOT],
  },
  "ours-default-gc": {
    label: "spieltisch, Python's default GC",
    cmd: (port) => [
      path.join(ROOT, ".venv", "bin", "python"),
      [path.join(HERE, "ours_server.py"), "--host", "127.0.0.1", "--port", String(port), "--default-gc"],
      ROOT,
    ],
  },
  colyseus: { label: "Colyseus 0.18", cmd: (port) => ["node", [path.join(HERE, "colyseus_server.mjs"), String(port)], HERE] },
  bgio: { label: "boardgame.io 0.50", cmd: (port) => ["node", [path.join(HERE, "bgio_server.cjs"), String(port)], HERE] },
  "bgio-delta": {
    label: "boardgame.io 0.50 deltaState",
    cmd: (port) => ["node", [path.join(HERE, "bgio_server.cjs"), String(port), "delta"], HERE],
  },
};

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

async function waitForPort(port, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const ok = await new Promise((resolve) => {
      const s = net.connect(port, "127.0.0.1", () => (s.end(), resolve(true)));
      s.on("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not listen on ${port}`);
}

function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(")").pop().trim().split(/\s+/);
  return (Number(fields[11]) + Number(fields[12])) / TICK;
}

function peakRssMB(pid) {
  const m = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmHWM:\s+(\d+)/);
  return m ? Number(m[1]) / 1024 : null;
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill("SIGKILL"), 3000);
    child.once("exit", () => (clearTimeout(timer), resolve()));
    child.kill("SIGTERM");
  });
}

async function one(fw, rooms, interval) {
  const port = await freePort();
  const [cmd, args, cwd] = FRAMEWORKS[fw].cmd(port);
  const server = spawn(cmd, args, { cwd, stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, NODE_ENV: "production" } });
  let serverErr = "";
  server.stderr.on("data", (d) => (serverErr = (serverErr + d).slice(-2000)));
  try {
    await waitForPort(port, 20000);
    const deadline = interval > 0 ? Math.ceil((72 * interval) / 1000) + 20 : 45;
    const gen = spawn("node", [path.join(HERE, "load.mjs"), "--fw", fw, "--port", String(port), "--rooms", String(rooms), "--interval", String(interval), "--deadline", String(deadline)], {
      cwd: HERE,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let genErr = "";
    gen.stderr.on("data", (d) => (genErr = (genErr + d).slice(-2000)));
    let cpu0 = 0;
    let cpu1 = 0;
    let t0 = 0;
    let t1 = 0;
    let report = null;
    let buf = "";
    const guard = setTimeout(() => gen.kill("SIGKILL"), (deadline + 120) * 1000);
    gen.stdout.on("data", (d) => {
      buf += d;
      let nl;
      while ((nl = buf.indexOf("\n")) >= 0) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        if (line === "phase play") {
          cpu0 = cpuSeconds(server.pid);
          t0 = performance.now();
        } else if (line === "phase done") {
          cpu1 = cpuSeconds(server.pid);
          t1 = performance.now();
        } else if (line.startsWith("{")) report = JSON.parse(line);
      }
    });
    await new Promise((resolve) => gen.on("exit", resolve));
    clearTimeout(guard);
    if (!report) throw new Error(`generator failed: ${genErr.trim() || "no report"}`);
    const wall = (t1 - t0) / 1000;
    report.server_cpu_s = +(cpu1 - cpu0).toFixed(2);
    report.server_cpu_pct = +((100 * (cpu1 - cpu0)) / wall).toFixed(1);
    report.server_peak_rss_mb = +peakRssMB(server.pid).toFixed(1);
    report.label = FRAMEWORKS[fw].label;
    return report;
  } catch (e) {
    return { fw, label: FRAMEWORKS[fw].label, rooms, interval, failed: String(e.message || e) + (serverErr ? ` | server: ${serverErr.trim().split("\n").pop()}` : "") };
  } finally {
    await stop(server);
  }
}

const f1 = (x) => (x === null || x === undefined ? "–" : x.toFixed(1));
const f0 = (x) => (x === null || x === undefined ? "–" : Math.round(x).toLocaleString("en-US"));

function table(results) {
  const lines = [
    "| server | rooms | T ms | clients | p50 ms | p99 ms | max ms | moves/s | deliveries/s | server CPU % | server peak RSS MB | bytes/move/client | generator CPU % | done |",
    "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|",
  ];
  for (const r of results) {
    const load = `| ${r.label} | ${r.rooms} | ${r.interval || "closed"} |`;
    if (r.failed) {
      lines.push(`${load} – | – | – | – | – | – | – | – | – | – | failed: ${r.failed.replaceAll("|", "/")} |`);
      continue;
    }
    const done = `${r.moves_complete}/${r.expected_moves}${r.timed_out ? " (timed out)" : ""}${r.errors ? `, ${r.errors} errors` : ""}${r.clients_mismatched ? `, ${r.clients_mismatched} of ${r.clients_checked} clients differ` : ""}`;
    lines.push(
      `${load} ${r.clients} | ${f1(r.p50_ms)} | ${f1(r.p99_ms)} | ${f1(r.max_ms)} | ${f0(r.moves_per_s)} | ${f0(r.deliveries_per_s)} | ${f0(r.server_cpu_pct)} | ${f0(r.server_peak_rss_mb)} | ${f0(r.bytes_per_move_client)} | ${f0(r.gen_cpu_pct)} | ${done} |`,
    );
  }
  return lines.join("\n");
}

const results = [];
const started = Date.now();
for (const [rooms, interval] of loads) {
  for (const fw of only) {
    if (!FRAMEWORKS[fw]) throw new Error(`unknown framework ${fw}`);
    process.stderr.write(`${FRAMEWORKS[fw].label}: ${rooms} rooms, ${interval ? `T=${interval} ms` : "closed loop"} ... `);
    const r = await one(fw, rooms, interval);
    process.stderr.write(r.failed ? `failed: ${r.failed}\n` : `p50 ${f1(r.p50_ms)} ms, ${f0(r.moves_per_s)} moves/s\n`);
    results.push(r);
  }
}
const cpu = os.cpus();
console.log(
  `\nTable load: 4 players + 4 spectators per room, 72 moves per room, loopback; ${cpu.length} cores (${cpu[0]?.model.trim()}), Node ${process.version}; ${Math.round((Date.now() - started) / 1000)} s in all.\n`,
);
console.log(table(results));
console.log(
  "\nLatency: a move sent -> the last of its room's 8 clients holding it in its decoded state. CPU % is of one core (200 = both cores of 2).",
);
if (jsonOut) writeFileSync(jsonOut, JSON.stringify({ cores: cpu.length, node: process.version, results }, null, 2));
