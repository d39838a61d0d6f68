"""The patch format: apply(diff(a, b), a) == b for any trees, and patches are small."""

from __future__ import annotations

import copy
import json
import math

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from protocol import vectors
from protocol.patch import PatchError, apply, diff, diff_own, diff_shared, equal, same

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**64 - 1),
    st.floats(allow_nan=True),
    st.text(max_size=8),
)
trees = st.recursive(
    scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=6),
        st.dictionaries(st.text(max_size=4), children, max_size=6),
    ),
    max_leaves=40,
)


def wire(x):
    """What a tree looks like after a trip over the wire (and a fresh copy)."""
    return msgspec.msgpack.decode(msgspec.msgpack.encode(x))


@settings(max_examples=400, deadline=None)
@given(trees, trees)
def test_apply_of_diff_gives_the_target(a, b) -> None:
    ops = diff(a, b)
    out = apply(wire(a), wire(ops))
    assert equal(out, b)


@settings(max_examples=200, deadline=None)
@given(trees)
def test_no_change_no_ops(a) -> None:
    assert diff(a, a) == []
    assert diff(a, wire(a)) == []


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.text(max_size=4), trees, max_size=5), st.text(max_size=4), trees)
def test_unchanged_subtrees_yield_no_op(base, key, value) -> None:
    a = {"keep": base, "change": value}
    b = {"keep": wire(base), "change": [value]}
    ops = diff(a, b)
    assert all(op[1][:1] != ["keep"] for op in ops)


@settings(max_examples=200, deadline=None)
@given(st.lists(trees, max_size=6), st.lists(trees, min_size=1, max_size=6))
def test_an_append_is_one_op(head, tail) -> None:
    a = {"log": head}
    b = {"log": wire(head) + tail}
    assert diff(a, b) == [["a", ["log"], tail]]


@given(scalars, scalars)
def test_a_changed_scalar_is_one_set(x, y) -> None:
    a = {"deep": {"er": [0, x]}}
    b = {"deep": {"er": [0, y]}}
    ops = diff(a, b)
    if same(x, y):
        assert ops == []
    else:
        assert ops == [["s", ["deep", "er", 1], y]]


def test_types_are_told_apart() -> None:
    assert diff({"a": 1}, {"a": True}) == [["s", ["a"], True]]
    assert diff({"a": 1}, {"a": 1.0}) == [["s", ["a"], 1.0]]
    assert diff([0], [False]) == [["s", [0], False]]
    assert diff({"x": math.nan}, {"x": math.nan}) == []


def test_a_card_from_the_middle_of_a_hand_is_one_delete() -> None:
    # The other cards the very objects they were (as views share their parts): one op.
    a = {"hand": [f"long card name {i}" for i in range(8)]}
    b = {"hand": a["hand"][:2] + a["hand"][3:]}
    assert diff(a, b) == [["d", ["hand", 2]]]
    assert apply(copy.deepcopy(a), diff(a, b)) == b


def test_a_hand_built_anew_without_a_card_from_its_middle_sets_the_list() -> None:
    # Equal cards but new objects: each later card is compared with the one it moved
    # onto, and the element-wise ops would outweigh the list itself.
    a = {"hand": [f"long card name {i}" for i in range(8)]}
    b = {"hand": [f"long card name {i}" for i in range(8) if i != 2]}
    assert diff(a, b) == [["s", ["hand"], b["hand"]]]


@pytest.mark.parametrize(
    "tree,ops",
    [
        ({}, [["x", []]]),
        ({}, [["s", ["a", "b"], 1]]),
        ({"a": []}, [["s", ["a", 0], 1]]),
        ({"a": 1}, [["a", ["a"], [1]]]),
        ({}, [["d", ["a"]]]),
        ({}, [["d", []]]),
        ([1], [["d", [True]]]),
        ({}, ["s"]),
    ],
)
def test_bad_ops_raise_patch_error(tree, ops) -> None:
    with pytest.raises(PatchError):
        apply(tree, ops)


def test_the_vector_file_is_current_and_holds() -> None:
    assert vectors.main(["--check"]) == 0, "run: python -m protocol.vectors"
    cases = json.loads(vectors.TARGET.read_text())
    assert len(cases) > 100
    for case in cases:
        assert apply(copy.deepcopy(case["a"]), copy.deepcopy(case["ops"])) == case["b"]


views_parts = st.dictionaries(st.sampled_from(["a", "b", "c", "d"]), trees, max_size=4)


@settings(max_examples=300, deadline=None)
@given(
    views_parts,
    views_parts,
    st.lists(trees, min_size=1, max_size=4),
    st.lists(trees, min_size=1, max_size=4),
    st.lists(st.tuples(trees, trees), min_size=1, max_size=5),
)
def test_a_memo_shared_by_the_views_of_one_change_changes_no_patch(
    common_old, common_new, row_old, row_new, own
) -> None:
    """Audiences' views share parts (the very same objects) and differ in others (a
    seat's own hand, its own item of a row): one memo for all their diffs gives each
    the patch it would get alone."""
    memo: dict = {}
    for i, (mine_old, mine_new) in enumerate(own):
        old_row, new_row = list(row_old), list(row_new)
        if i < len(old_row) and i < len(new_row):
            old_row[i], new_row[i] = mine_old, mine_new  # this audience's own item
        a = {**common_old, "mine": mine_old, "row": old_row, "rows": row_old}
        b = {**common_new, "mine": mine_new, "row": new_row, "rows": row_new}
        ops = diff(a, b, memo)
        assert ops == diff(a, b)
        assert equal(apply(wire(a), wire(ops)), b)


# --- a view's shared and own keys (the ledger's split) ---------------------------------

_views = st.dictionaries(st.sampled_from(["a", "b", "legal", "hand", "you"]), trees, max_size=5)
_OWN = frozenset({"legal", "hand", "you"})


@given(_views, _views)
def test_shared_ops_then_own_ops_turn_a_view_into_the_next(a, b) -> None:
    ops = diff_shared(a, b, _OWN, {}) + diff_own(a, b, _OWN, {})
    assert equal(apply(copy.deepcopy(a), ops), b)
    assert all(op[1][0] not in _OWN for op in diff_shared(a, b, _OWN, {}))
    assert all(op[1][0] in _OWN for op in diff_own(a, b, _OWN, {}))


_INTENTS = [{"t": "place", "x": i} for i in range(6)]


@given(
    st.lists(st.sampled_from(range(6)), max_size=6),
    st.lists(st.sampled_from(range(6)), max_size=6),
)
def test_interned_lists_are_diffed_by_identity(a, b) -> None:
    """A seat's legal intents: equal ones are the very same maps."""
    before = {"legal": [_INTENTS[i] for i in a]}
    after = {"legal": [_INTENTS[i] for i in b]}
    ops = diff_own(before, after, frozenset({"legal"}), {}, frozenset({"legal"}))
    assert equal(apply(copy.deepcopy(before), ops), after)
    assert len(ops) <= 1


def test_an_intent_no_longer_offered_is_one_delete_and_new_ones_one_append() -> None:
    legal = frozenset({"legal"})
    three = {"legal": _INTENTS[:3]}
    assert diff_own(three, {"legal": [_INTENTS[0], _INTENTS[2]]}, legal, {}, legal) == [
        ["d", ["legal", 1]]
    ]
    assert diff_own(three, {"legal": _INTENTS[:5]}, legal, {}, legal) == [
        ["a", ["legal"], _INTENTS[3:5]]
    ]
    assert diff_own(three, {"legal": list(_INTENTS[:3])}, legal, {}, legal) == []
    assert diff_own(three, {"legal": _INTENTS[3:]}, legal, {}, legal) == [
        ["s", ["legal"], _INTENTS[3:]]
    ]
