"""Settings -> Text size 200 % in the online lobby: its paragraphs (how the others join, what
happens next) grow as far as large text goes, on a page of their own where they do not fit
under the code, and nothing is cut or drawn over."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from game import i18n
from game.online.client.mirror import SeatStatus
from game.online.shared.protocol import HOST, REMOTE
from game.render import looks
from game.scenes.online.lobby import LobbyScene
from game.scenes.online.words import seat_words
from tests.scenes.drive import pump

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
import text_audit  # noqa: E402

from tests.scenes.test_big_text import GROWTH, READING, recording  # noqa: E402


class Client:
    """The lobby's connection, standing still: a code and three seats, one free."""

    code, game, url, mine = "796X7F", None, "ws://127.0.0.1:44287", {0}
    seats = (SeatStatus(0, HOST, "Wilhelmina Großmann-Wüst", None, True, True),
             SeatStatus(1, REMOTE, "Maximilian Wojciechowski", None, True, True),
             SeatStatus(2, REMOTE, None, None, False, False))

    def poll(self) -> list:
        return []

    def close(self) -> None:
        """Nothing to close."""


class Hosted:
    """The host's own table, open on this computer and not listed on the home network."""

    addresses, port, listed = ["127.0.0.1"], 44287, False

    def urls(self) -> list[str]:
        return [f"ws://127.0.0.1:{self.port}"]

    def update(self, free) -> None:
        """Nothing to tell the home network."""

    def close(self) -> None:
        """Nothing to close."""


@pytest.fixture
def app(menu_app, monkeypatch):
    yield from recording(menu_app, monkeypatch)  # the big-text tests' one fixture


def pages(app, text_size: float, **lobby) -> tuple[dict[str, int], set[str]]:
    """Every page of the lobby drawn at `text_size`: each text's height, and the paragraphs."""
    app.settings.text_size = text_size
    app.apply_looks()
    scene = LobbyScene(app, Client(), **lobby)
    app.stack.clear(scene)
    pump(app, 2)
    heights, paragraphs = {}, set()
    for page in (0, 1) if scene.paged() else (0,):
        scene.page = page
        screen = text_audit.Recorder()
        scene.draw(screen)
        assert text_audit.check_scene(screen.texts, None, [], screen.shapes) == []
        heights |= {t.words: t.height for t in screen.texts if t.height}
        paragraphs |= {t.words for t in screen.texts if t.paragraph}
    return heights, paragraphs


@pytest.mark.parametrize("lobby", [{"hosted": Hosted()}, {}], ids=["host", "joiner"])
def test_the_lobbys_paragraphs_grow_at_200(app, lobby):
    small, paragraphs = pages(app, 1.0, **lobby)
    large, _paragraphs = pages(app, 2.0, **lobby)
    top = app.assets.font(looks.LARGE).get_height()
    assert paragraphs, "no paragraph measured"
    short = {words: (small[words], large.get(words)) for words in paragraphs
             if large.get(words, 0) < min(1.8 * small[words], top - 4)}
    assert short == {}, short


def test_the_hosts_lobby_keeps_one_page_at_100_and_turns_pages_at_200(app):
    pages(app, 1.0, hosted=Hosted())
    assert not app.stack.top.paged()
    pages(app, 2.0, hosted=Hosted())
    scene = app.stack.top
    assert scene.paged()
    scene.turn(1)
    screen = text_audit.Recorder()
    scene.draw(screen)
    shown = {t.words for t in screen.texts}
    assert any("router" in words for words in shown)  # how the others join, on its own page
    assert "Table code" not in shown


@pytest.mark.parametrize("lang", tuple(i18n.LANGUAGES))
@pytest.mark.parametrize("lobby", [{"hosted": Hosted()}, {}], ids=["host", "joiner"])
def test_the_lobbys_seat_lines_grow_at_200(app, lang, lobby):
    """Each seat's line ("Wilhelmina Großmann-Wüst: an diesem Bildschirm", smaller at 100 % to
    keep its one line) at least 1.8 times as tall at 200 %, on two lines where it needs them."""
    assert i18n.set_language(lang) is None
    small, _paragraphs = pages(app, 1.0, **lobby)
    large, _paragraphs = pages(app, 2.0, **lobby)
    reading = app.assets.font(READING).get_height()
    seats = Client.seats
    lines = {seat_words(info, info.seat in Client.mine, "hosted" in lobby, seats)
             for info in seats}
    assert lines <= set(small), (lines, small)
    short = {words: (small[words], large.get(words)) for words in lines
             if small[words] <= reading and large.get(words, 0) < GROWTH * small[words]}
    assert short == {}, short
