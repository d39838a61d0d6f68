"""Bytes on the wire per change along whole random Carcassonne games: our `patch`
message (MessagePack) against a `snapshot` of the same view and against an RFC 6902
JSON Patch of the same change encoded as JSON, for a seat and for the spectators.

    python -m bench.patch_sizes [--seeds 5] [--game carcassonne]

No network: the views come from the game contract as the room actor makes them
(`audience_view`), the patches from `protocol.patch.diff`. Every JSON Patch is applied
back with the small RFC 6902 applier below and must give the new view, so the
comparison is between two correct encodings of the same change.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from typing import Any

import msgspec

from protocol import compact
from protocol.messages import Patch, Snapshot
from protocol.patch import diff, equal
from server import games
from server.games.base import audience_view, encode_intent, read_intent

ROOM = "9f86d081"  # a room id as the hall makes them (8 hex digits)
_mp = msgspec.msgpack.Encoder().encode
_js = msgspec.json.Encoder().encode


# --- RFC 6902 ------------------------------------------------------------------------


def _pointer(path: list[str | int]) -> str:
    """An RFC 6901 JSON Pointer: '~' and '/' escaped as '~0' and '~1'."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def json_patch(a: Any, b: Any) -> list[dict[str, Any]]:
    """RFC 6902 operations that turn ``a`` into ``b``: a structural diff (keys removed,
    added, replaced; lists compared index by index, grown with ``/-`` and shrunk from
    the end) with the rule our own diff has: a list whose element-wise ops would be
    longer than the list itself is replaced whole. So the two differ in encoding only."""
    ops: list[dict[str, Any]] = []
    _json_diff(a, b, [], ops)
    return ops


def _json_diff(a: Any, b: Any, path: list[str | int], ops: list[dict[str, Any]]) -> None:
    if equal(a, b):
        return
    if type(a) is dict and type(b) is dict:
        for k in a:
            if k not in b:
                ops.append({"op": "remove", "path": _pointer([*path, k])})
        for k, vb in b.items():
            if k in a:
                _json_diff(a[k], vb, [*path, k], ops)
            else:
                ops.append({"op": "add", "path": _pointer([*path, k]), "value": vb})
        return
    if type(a) is list and type(b) is list:
        sub: list[dict[str, Any]] = []
        for i in range(min(len(a), len(b))):
            _json_diff(a[i], b[i], [*path, i], sub)
        for x in b[len(a) :]:
            sub.append({"op": "add", "path": _pointer([*path, "-"]), "value": x})
        for i in range(len(a) - 1, len(b) - 1, -1):
            sub.append({"op": "remove", "path": _pointer([*path, i])})
        whole = {"op": "replace", "path": _pointer(path), "value": b}
        if len(sub) > 1 and len(_js(sub)) > len(_js([whole])):
            ops.append(whole)
        else:
            ops.extend(sub)
        return
    ops.append({"op": "replace", "path": _pointer(path), "value": b})


def _tokens(pointer: str) -> list[str]:
    return [t.replace("~1", "/").replace("~0", "~") for t in pointer.split("/")[1:]]


def _tree(doc: Any) -> Any:
    """A copy of ``doc`` with no part shared: views share equal parts by identity (a
    coin's map on two places of the display), which ``copy.deepcopy`` would keep shared,
    so that setting one place would set the other too."""
    return msgspec.msgpack.decode(_mp(doc))


def apply_json_patch(doc: Any, ops: list[dict[str, Any]]) -> Any:
    """Apply add, remove and replace (all `json_patch` makes) to a copy of ``doc``."""
    doc = _tree(doc)
    for op in ops:
        tokens = _tokens(op["path"])
        if not tokens:
            doc = _tree(op["value"])
            continue
        parent = doc
        for t in tokens[:-1]:
            parent = parent[int(t)] if isinstance(parent, list) else parent[t]
        last = tokens[-1]
        if isinstance(parent, list):
            if op["op"] == "add":
                if last == "-":
                    parent.append(_tree(op["value"]))
                else:
                    parent.insert(int(last), _tree(op["value"]))
            elif op["op"] == "remove":
                del parent[int(last)]
            else:
                parent[int(last)] = _tree(op["value"])
        elif op["op"] == "remove":
            del parent[last]
        else:
            parent[last] = _tree(op["value"])
    return doc


# --- the measurement -----------------------------------------------------------------


def one_game(name: str, seats: int, seed: int) -> dict[str, dict[str, list[int]]]:
    """Sizes of every change of one random game, per audience."""
    game = games.get(name)
    rng = random.Random(seed)
    state = game.setup(seats, game.Options(), seed)
    audiences: dict[str, int | None] = {"seat": 0, "spectators": None}
    views = {k: audience_view(game, state, a) for k, a in audiences.items()}
    sizes: dict[str, dict[str, list[int]]] = {
        k: {"patch": [], "compact": [], "snapshot": [], "json_patch": [], "json_snapshot": []}
        for k in audiences
    }
    v = 0
    while game.result(state) is None:
        seat = rng.choice([s for s in sorted(game.active(state)) if game.legal(state, s)])
        intent = rng.choice(game.legal(state, seat))
        # A round trip through the wire form, as an intent from a client arrives.
        intent = read_intent(game, encode_intent(intent))
        state = game.apply(state, seat, intent)
        v += 1
        for k, a in audiences.items():
            old, new = views[k], audience_view(game, state, a)
            ops = diff(old, new)
            jops = json_patch(old, new)
            if not equal(apply_json_patch(old, jops), new):
                raise AssertionError(f"the RFC 6902 patch of change {v} does not apply")
            s = sizes[k]
            plain = _mp(Patch(room=ROOM, v=v, ops=ops))
            packed = compact.compact_message(plain)
            if _mp(compact.decode(packed)) != plain:
                raise AssertionError(f"the compact patch of change {v} does not decode")
            s["patch"].append(len(plain))
            s["compact"].append(len(packed))
            s["snapshot"].append(len(_mp(Snapshot(room=ROOM, v=v, view=new))))
            s["json_patch"].append(len(_js(jops)))
            s["json_snapshot"].append(len(_js(new)))
            views[k] = new
    return sizes


def pct(values: list[int], p: float) -> int:
    s = sorted(values)
    return s[min(len(s) - 1, int(p * len(s)))]


def table(name: str, seats: int, seeds: list[int]) -> str:
    merged: dict[str, dict[str, list[int]]] = {}
    for seed in seeds:
        for k, sizes in one_game(name, seats, seed).items():
            into = merged.setdefault(k, {m: [] for m in sizes})
            for m, values in sizes.items():
                into[m].extend(values)
    out = [
        f"bytes per change along {len(seeds)} whole random {name} games ({seats} seats, "
        f"{len(merged['seat']['patch'])} changes), per audience: our `patch` message "
        "(MessagePack, with its envelope), the same in compact form (protocol/compact.py), "
        "vs a `snapshot` message of the new view vs an "
        "RFC 6902 JSON Patch document of the same change (JSON, ops only)",
        "",
        "| audience | patch mean | patch p95 | patch max | compact mean | compact p95 | "
        "snapshot mean | snapshot last | JSON Patch mean | JSON Patch p95 | JSON snapshot mean "
        "| snapshot / patch | JSON Patch / patch |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for k in ("seat", "spectators"):
        s = merged[k]
        patch = statistics.fmean(s["patch"])
        snap = statistics.fmean(s["snapshot"])
        jp = statistics.fmean(s["json_patch"])
        out.append(
            f"| {k} | {patch:.0f} | {pct(s['patch'], 0.95)} | {max(s['patch'])} | "
            f"{statistics.fmean(s['compact']):.0f} | {pct(s['compact'], 0.95)} | {snap:.0f} | "
            f"{s['snapshot'][-1]} | {jp:.0f} | {pct(s['json_patch'], 0.95)} | "
            f"{statistics.fmean(s['json_snapshot']):.0f} | {snap / patch:.1f}x | {jp / patch:.1f}x |"
        )
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="carcassonne")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--seeds", type=int, default=5, help="how many games")
    args = parser.parse_args(argv)
    if args.game not in games.names():
        print(f"no game {args.game!r}; games: {', '.join(games.names())}", file=sys.stderr)
        return 2
    print(table(args.game, args.seats, list(range(1, args.seeds + 1))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
