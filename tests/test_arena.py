"""The arena plays AI levels against each other without a server and reports fairly."""

from __future__ import annotations

import pytest

from bots.__main__ import main
from bots.arena import Match, run, wilson


def test_a_match_rotates_the_seat_and_counts_every_game() -> None:
    match = Match(game="countdown", seats=3, a="strong", b="random", budget=0.01, options={})
    report = run(Match(**{**_fields(match), "iterations": 20}), 6)
    assert report.games == 6 and len(report.records) == 6
    assert [r.seat_a for r in report.records] == [0, 1, 2, 0, 1, 2]
    assert 0 <= report.wins_a <= 6
    assert report.wins_a == sum(r.share_a for r in report.records)
    lo, hi = report.interval_95
    assert 0 <= lo <= report.win_rate_a <= hi <= 1
    assert report.levels["strong"].decisions > 0
    assert report.strong_iterations_per_decision > 0


def test_the_interval_narrows_with_more_games_and_a_tie_counts_half() -> None:
    assert wilson(5, 10)[1] - wilson(5, 10)[0] > wilson(50, 100)[1] - wilson(50, 100)[0]
    lo, hi = wilson(20, 40)
    assert lo < 0.5 < hi


def test_bad_arguments_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--game", "countdown", "--games", "0"]) == 2
    assert main(["arena", "--game", "countdown", "--seats", "9"]) == 2
    with pytest.raises(SystemExit):
        main(["arena", "--a", "expert"])
    assert "must be positive" in capsys.readouterr().err


def _fields(match: Match) -> dict[str, object]:
    return {f: getattr(match, f) for f in match.__struct_fields__}
