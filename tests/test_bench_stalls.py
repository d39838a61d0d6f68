"""The benchmarks' "longest pause ms": the longest the hub's event loop was held in a
window, read off two scrapes of its /metrics (bench/harness/stalls.py)."""

from __future__ import annotations

from bench import hub
from bench.harness import stalls

B = stalls.BUCKET


def scrape(longest: float, counts: dict[str, int]) -> dict[str, float]:
    return {stalls.MAX: longest, **{f'{B}{{le="{le}"}}': n for le, n in counts.items()}}


def test_a_window_that_set_the_record_has_it_exactly() -> None:
    before = scrape(0.03, {"0.002": 10, "0.05": 12, "+Inf": 12})
    after = scrape(0.12, {"0.002": 20, "0.05": 22, "+Inf": 23})
    assert stalls.longest(before, after) == (120.0, True)


def test_otherwise_the_top_bucket_that_counted_in_the_window_bounds_it() -> None:
    # The record (0.3 s, at startup) is older: in the window, stalls up to 5 ms only.
    before = scrape(0.3, {"0.002": 10, "0.005": 12, "0.5": 13, "+Inf": 13})
    after = scrape(0.3, {"0.002": 20, "0.005": 23, "0.5": 24, "+Inf": 24})
    assert stalls.longest(before, after) == (5.0, False)
    assert stalls.cell(stalls.longest(before, after)) == "≤ 5"
    assert stalls.cell((12.34, True)) == "12.3"


def test_a_bound_no_finer_than_the_record_is_that_record() -> None:
    # Stalls in the window reached the 10 ms bucket, whose bound is past the record.
    before = scrape(0.00946136, {"0.005": 10, "0.01": 12, "+Inf": 12})
    after = scrape(0.00946136, {"0.005": 10, "0.01": 14, "+Inf": 14})
    assert stalls.longest(before, after) == (9.46136, False)
    assert stalls.cell(stalls.longest(before, after)) == "≤ 9.5"


def test_the_hubs_own_part_is_read_alike() -> None:
    before = {"spieltisch_loop_held_seconds_max": 0.01}
    after = {"spieltisch_loop_held_seconds_max": 0.02}
    assert stalls.longest(before, after, "held") == (20.0, True)
    assert stalls.longest(before, after) is None


def test_an_older_hub_reports_none() -> None:
    assert stalls.longest({}, {"spieltisch_connections": 3}) is None
    assert stalls.cell(None) == "-"
    assert stalls.worst([None, (4.0, False), (3.0, True)]) == (4.0, False)


async def test_the_hub_bench_prints_the_longest_pause() -> None:
    row = await hub.measure(2, 2.0, 0.5, "carcassonne", "memory")
    pause, held = row["longest_pause_ms"], row["longest_held_ms"]
    assert pause is not None and 0 <= pause[0] < 10_000
    assert held is not None and 0 <= held[0] <= pause[0]
    text = hub.table([row], "carcassonne")
    assert "| longest pause ms | of it working ms |" in text
    assert f"| {stalls.cell(pause)} | {stalls.cell(held)} |" in text
