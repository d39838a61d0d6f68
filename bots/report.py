"""The load run's report as text for a terminal (the JSON form is the dict itself)."""

from __future__ import annotations

from typing import Any


def _ms(x: float | None) -> str:
    return "-" if x is None else f"{x:.1f}"


def render(r: dict[str, Any]) -> str:
    c, t, mv, lat = r["connections"], r["tables"], r["moves"], r["latency_ms"]
    d, b, k = r["deliveries"], r["bytes"], r["consistency"]
    errors = ", ".join(f"{code} {n}" for code, n in r["errors"].items()) or "none"
    failures = ", ".join(f"{why} {n}" for why, n in t["setup_failures"].items())
    lines = [
        f"load: {r['game']} at {r['url']}: {r['rooms']} tables x ({r['seats']} players + "
        f"{r['spectators']} spectators), think {r['think_s']} s, {r['elapsed_s']:.1f} s",
        f"connections  held {c['held']} of {c['planned']} (opened {c['opened']}, "
        f"dropped {c['dropped']}, failed {c['failed']})",
        f"tables       started {t['started']} ("
        + (
            f"all {r['rooms']} playing after {r['ramp_s']:.1f} s; "
            if r["ramp_s"] is not None
            else f"NOT all {r['rooms']} reached the start; "
        )
        + f"opened {t['opened']}, finished {t['finished']}"
        + (f"; not opened: {failures}" if failures else "")
        + ")",
        f"moves        {mv['per_s']:.1f}/s: sent {mv['sent']} = accepted {mv['accepted']} + "
        f"refused {mv['refused']} + lost {mv['lost']} + unanswered {mv['unanswered']}; "
        f"the server counted {mv['server_versions']}",
        f"latency      intent to the table's last delivery: p50 {_ms(lat['p50'])} ms, "
        f"p95 {_ms(lat['p95'])}, p99 {_ms(lat['p99'])}, max {_ms(lat['max'])} "
        f"({lat['samples']} moves)",
        f"deliveries   {d['patches']} patches (expected {d['expected']}), gaps {d['gaps']}, "
        f"bad {d['bad']}, snapshots {d['snapshots']}",
        f"bytes        {_num(b['per_patch'])} per patch, {_num(b['per_snapshot'])} per snapshot",
        f"errors       {errors}",
        f"consistency  {k['matched']} of {k['checked']} views equal their snapshot"
        + (f", {k['unchecked']} not checked" if k["unchecked"] else "")
        + (f", {k['mismatched']} MISMATCHED" if k["mismatched"] else ""),
        f"bots' CPU    {_num(r['bots_cpu_pct'])} % of one core{_per_proc(r)}",
    ]
    if r.get("server"):
        lines.append(
            f"server       {r['server']['cpu_pct']:.0f} % of one core, "
            f"{r['server']['rss_mb']:.0f} MB resident"
        )
    if r.get("generator_bound"):
        lines.append(f"warning      {r['generator_bound']}")
    if t.get("setup_refusal"):
        lines.insert(3, f"             the server refused a table: {t['setup_refusal']}")
    for ex in k["examples"]:
        lines.append(
            f"  mismatch: room {ex['room']} bot {ex['bot']} patched v{ex['patched_v']} "
            f"snapshot v{ex['snapshot_v']} at {ex['where']}"
        )
    return "\n".join(lines)


def _per_proc(r: dict[str, Any]) -> str:
    """Each process's share when the bots ran in several (nothing for one, as before)."""
    procs = r.get("bots_procs") or []
    if len(procs) < 2:
        return ""
    shares = " + ".join(f"{p['cpu_pct']:.0f}" for p in procs)
    return f", summed over {len(procs)} processes ({shares})"


def _num(x: float | None) -> str:
    return "-" if x is None else f"{x:.0f}"


def exit_status(r: dict[str, Any]) -> int:
    """1 when some bot's patched view differed from its snapshot, or when no view could
    be checked at all (no table got to play: nothing was measured), else 0."""
    k = r["consistency"]
    return 1 if k["mismatched"] or not k["checked"] else 0
