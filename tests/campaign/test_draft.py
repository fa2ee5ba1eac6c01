"""The editor's draft: gravity, the box's two of each card, width and height, the target, what
is wrong with it, and undo/redo — without pygame."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.campaign.draft import Draft, DraftError, DraftHistory
from game.campaign.puzzles import BOX, CodeError, format_code, parse_code
from game.engine.cards import full_deck, parse_card
from game.engine.position import MAX_COLUMNS, MAX_ROWS

KINDS = sorted(BOX)
YE, YC = parse_card("YE"), parse_card("YC")


def test_a_card_put_above_a_gap_falls_and_the_cards_above_a_removed_one_fall():
    draft = Draft.empty(3, 4).place(1, 3, YE)
    assert draft.columns[1] == (YE,)
    draft = draft.place(1, 3, YC).remove(1, 0)
    assert draft.columns[1] == (YC,)


def test_no_third_copy_of_a_card_and_the_refusal_names_it():
    draft = Draft.empty(3, 4).place(0, 0, YE).place(1, 0, YE)
    with pytest.raises(DraftError, match=YE.label):
        draft.place(2, 0, YE)
    assert draft.place(0, 0, YC).place(2, 0, YE).copies(YE) == 2  # a copy replaced frees one


def test_a_code_with_more_of_a_card_than_the_box_is_refused_naming_the_card():
    with pytest.raises(CodeError, match=f"10 \u00d7 {YC.label}"):
        parse_code("YC" * 5 + "/" + "YC" * 5)
    for card in KINDS:  # the rule is the box's, for every card it holds
        row = card.code * (BOX[card] + 1)
        with pytest.raises(CodeError, match=card.label):
            parse_code(row)


def test_narrower_or_lower_says_how_many_cards_would_leave():
    draft = Draft.empty(3, 3).place(2, 0, YE).place(2, 1, YC).place(0, 0, YC)
    assert draft.lost_by_width(2) == 2 and draft.lost_by_width(3) == 0
    assert draft.lost_by_height(1) == 1
    assert draft.with_width(2).with_width(3).columns[2] == ()


def test_the_target_goes_when_its_card_leaves_the_field():
    draft = Draft.empty(2, 2).place(0, 0, YE).with_target(YE)
    assert draft.remove(0, 0).target is None
    with pytest.raises(DraftError):
        draft.with_target(YC)


def test_what_is_wrong_is_said():
    assert Draft.empty().problem() is not None
    draft = Draft.empty(2, 1).place(0, 0, YE)
    assert "b" in draft.problem()
    assert draft.place(1, 0, YC).problem() is None


def test_the_full_deck_fits_the_biggest_field_and_round_trips_through_a_code():
    draft = Draft.empty(MAX_COLUMNS, MAX_ROWS)
    for i, card in enumerate(full_deck()):
        draft = draft.place(i % MAX_COLUMNS, MAX_ROWS, card)
    assert draft.card_count() == len(full_deck()) and all(draft.used_up(c) for c in KINDS)
    assert Draft.of(parse_code(format_code(draft.puzzle()))) == draft


EDITS = st.one_of(
    st.tuples(st.just("place"), st.integers(0, 7), st.integers(0, 3), st.sampled_from(KINDS)),
    st.tuples(st.just("remove"), st.integers(0, 7), st.integers(0, 3)),
    st.tuples(st.just("width"), st.integers(0, 9)),
    st.tuples(st.just("height"), st.integers(0, 5)),
    st.tuples(st.just("target"), st.integers(-2, 2)),
    st.tuples(st.just("undo")), st.tuples(st.just("redo")),
)


@settings(max_examples=200, deadline=None)
@given(st.lists(EDITS, max_size=60))
def test_any_edits_keep_a_real_field_and_undo_walks_back_exactly(edits):
    history = DraftHistory(Draft.empty())
    newest = history.draft  # the last edit kept: the end of the redo line
    for edit in edits:
        draft = history.draft
        try:
            if edit[0] == "undo":
                history.undo()
            elif edit[0] == "redo":
                history.redo()
            elif edit[0] == "place" and edit[1] < draft.width:
                history.do(draft.place(edit[1], edit[2], edit[3]))
            elif edit[0] == "remove" and edit[1] < draft.width:
                history.do(draft.remove(edit[1], edit[2]))
            elif edit[0] == "width":
                history.do(draft.with_width(edit[1]))
            elif edit[0] == "height":
                history.do(draft.with_height(edit[1]))
            elif edit[0] == "target":
                history.do(draft.next_target(edit[1]))
        except DraftError:
            pass
        if edit[0] not in ("undo", "redo") and history.index == len(history.drafts) - 1:
            newest = history.draft
        now = history.draft
        assert 1 <= now.width <= MAX_COLUMNS and 1 <= now.height <= MAX_ROWS
        assert all(len(c) <= now.height for c in now.columns)
        assert now.over_the_box() is None
        assert now.target is None or now.target in now.cards()
    while history.undo() is not None:  # undo all the way: the empty field again
        pass
    assert history.draft == Draft.empty()
    while history.redo() is not None:  # and redo all the way: the last edit kept
        pass
    assert history.draft == newest


def test_an_edit_after_undo_cuts_the_redo_tail():
    history = DraftHistory(Draft.empty())
    history.do(history.draft.place(0, 0, YE))
    history.do(history.draft.place(1, 0, YC))
    history.undo()
    assert history.can_redo
    history.do(history.draft.place(2, 0, YC))
    assert not history.can_redo and history.draft.card_count() == 2
    assert not history.do(history.draft)  # no change: nothing kept
