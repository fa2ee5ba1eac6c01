"""Every refusal a table's server can send reaches a family in words (issue 51, finding 5): no
protocol code in brackets, no README to look things up in, in every language."""

from __future__ import annotations

import re

import pytest

from game import i18n
from game.online.shared.protocol import ERRORS
from game.scenes.online.words import TROUBLE, trouble_words
from tests.tool import load_tool

# What gives a protocol code away on a screen: a word joined to another by - or _ (a code of
# one plain word, "busy" or "damaged", is no giveaway: "its file is damaged").
CODE_LIKE = re.compile(r"[^\W\d]+[-_][^\W\d]+")


@pytest.fixture(params=sorted(i18n.LANGUAGES))
def language(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language(i18n.SOURCE)


@pytest.mark.parametrize("code", sorted(ERRORS))
def test_every_refusal_the_server_can_send_has_its_own_words(code):
    assert code in TROUBLE, f"no words for the server's '{code}'"


def test_the_words_never_show_a_code_or_the_readme(language):
    # The server's codes, the game's own (TROUBLE), and one a newer server may send.
    for code in sorted(set(ERRORS) | set(TROUBLE) | {"brand-new-refusal"}):
        words = trouble_words(code)
        assert words, (language, code)
        assert "(" not in words and "README" not in words.upper(), (language, code, words)
        assert not CODE_LIKE.search(words), (language, code, words)


def test_no_word_a_player_reads_sends_them_to_the_readme():
    readme = [m.id for m in load_tool("translations").extract()
              if m.id and "README" in str(m.id).upper()]
    assert readme == []
