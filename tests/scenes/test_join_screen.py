"""The Join screen's list of home-network tables (issue 51, finding 5): a kept seat is said only
at the very table it was kept at, a picked table sets the code box, the list is looked for
after a failed Continue too, and a long look that found nothing says so."""

from __future__ import annotations

from types import SimpleNamespace

from game.i18n import _
from game.online.client.discovery import Listing
from game.online.client.player_key import player_key
from game.online.client.tokens import FILE_NAME, TokenStore
from game.paths import pref_dir
from game.scenes.online.join import LOOK_PATIENCE, JoinScene, join_again
from tests.online.fake_server import FakeServer, drain, greet, joined, recv, send
from tests.scenes import test_online
from tests.scenes.drive import pump
from tests.scenes.test_online import ListingLater, press, run_until, top, type_into

app = test_online.app  # the window on loopback tables, as the other online scene tests have it
MARK, OLD_MARK = "1234567890abcdef", "fedcba0987654321"


def _kept() -> TokenStore:
    return TokenStore.load(pref_dir() / FILE_NAME)


def _join_screen(app, *listings: Listing):
    press(app, "Join a table")
    scene = app.stack.top
    scene.browser = network = ListingLater()
    network.found = list(listings)
    run_until(app, lambda: len(scene.listing_buttons) == len(listings), 5.0)
    return scene


def test_a_seat_kept_at_an_old_table_is_not_said_to_wait_at_a_new_one_at_that_address(app):
    # Ben's seat at a finished table of Anna's; Anna opens a new one on the same address and
    # port, its code not shared: nothing says that this new table is the old one.
    _kept().keep("10.0.0.7:8765", "OLDCDE", {1: "t"}, "Ben")
    scene = _join_screen(app, Listing("anna", "ws://10.0.0.7:8765", "Anna", "standard", 3, 1))
    assert scene.listing_buttons[0].text == "Host: Anna \u2014 free seats: 1/3"
    scene._pick(scene.listings[0])  # picked: the old table's code is not filled in
    assert scene.code_entry.get_text() == "" and scene.joining is None


def test_picking_a_listed_table_replaces_the_code_typed_before(app):
    scene = _join_screen(app, Listing("anna", "ws://10.0.0.7:8765", "Anna", "standard", 3, 1),
                         Listing("ola", "ws://10.0.0.8:8765", "Ola", "standard", 3, 1,
                                 code="KTR4WM"))
    type_into(app, "code", "OLDCDE")
    scene._pick(scene.listings[0])  # no code on the air: the box is emptied for the host's
    assert scene.code_entry.get_text() == ""
    assert "Anna" in scene.error  # "Now type the code Anna reads out."
    type_into(app, "code", "OLDCDE")
    scene._pick(scene.listings[1])  # a shared code: that one, and the table is joined
    assert scene.code_entry.get_text() == "KTR4WM"
    scene._give_up()


def test_a_seat_kept_at_a_tables_mark_waits_there_and_nowhere_else_at_that_address(app):
    _kept().keep("10.0.0.7:8765", "KTR4WM", {1: "t"}, "Ben", table=MARK)
    _kept().keep("10.0.0.7:8765", "OLDCDE", {2: "u"}, "Ben", table=OLD_MARK)
    scene = _join_screen(app, Listing("anna", "ws://10.0.0.7:8765", "Anna", "standard", 3, 0,
                                      table=MARK),
                         Listing("anna 2", "ws://10.0.0.7:8765", "Anna", "standard", 3, 1,
                                 table="0000000000000000"))
    assert [b.text for b in scene.listing_buttons] == [
        "Host: Anna — your seat (Ben) is waiting", "Host: Anna — free seats: 1/3"]
    scene._pick(scene.listings[0])  # the seat's own table: its kept code, joined at once
    assert scene.code_entry.get_text() == "KTR4WM" and scene.joining is not None
    scene._give_up()


def _lets_in(ws_received: list):
    async def script(ws, received):
        await greet(ws, received)
        ws_received.append(await recv(ws, received))
        await send(ws, joined("KTR4WM", ((1, "tok-1"),)))
        await drain(ws, received)
    return script


def test_a_seat_taken_at_a_picked_table_is_kept_with_the_tables_mark(app):
    asked: list = []
    with FakeServer(_lets_in(asked)) as fake:
        scene = _join_screen(app, Listing("anna", fake.url, "Anna", "standard", 2, 1,
                                          table=MARK))
        type_into(app, "name", "Ben")
        scene._pick(scene.listings[0])  # the code is not on the air: typed, then Join
        type_into(app, "code", "KTR4WM")
        press(app, "Join")
        run_until(app, lambda: top(app) != "JoinScene", 10.0)
    # The window's key for this server goes too (the cap on tables over days counts it).
    assert asked == [{"type": "join", "code": "KTR4WM", "name": "Ben",
                      "player": player_key(fake.url)}]
    kept = _kept().get(fake.url, "KTR4WM")
    assert kept is not None and kept.table == MARK and kept.name == "Ben"


def test_after_a_failed_continue_the_home_networks_tables_are_looked_for(app, monkeypatch):
    # Continue at a table whose address answers no more (nobody listens on port 1), past the
    # minutes Continue keeps trying (none, here).
    monkeypatch.setattr(JoinScene, "patience", 0.0)
    joined = SimpleNamespace(server="ws://127.0.0.1:1", code="KTR4WM", seats=(1,))
    join_again(app, SimpleNamespace(joined=joined, seats=[SimpleNamespace(name="Ann"),
                                                          SimpleNamespace(name="Ben")]))
    scene = app.stack.top
    run_until(app, lambda: scene.joining is None, 10.0)
    assert top(app) == "JoinScene" and scene.error  # why, in words
    assert scene.browser is not None  # listed as at the normal Join
    assert scene.list_words() == _("Looking for tables\u2026")
    scene.browser.found = [Listing("anna", "ws://10.0.0.7:8765", "Anna", "standard", 3, 1)]
    run_until(app, lambda: len(scene.listing_buttons) == 1, 5.0)


def test_a_long_look_that_found_nothing_says_so_and_a_table_turning_up_replaces_it(app):
    app.push(JoinScene(app))
    pump(app)
    scene = app.stack.top
    looking = scene.list_words()
    assert looking == _("Looking for tables\u2026")
    app.now += LOOK_PATIENCE - 1  # the game's clock: a while, not yet long
    pump(app)
    assert scene.list_words() == looking
    app.now += 1
    pump(app)
    nothing = scene.list_words()
    assert nothing != looking and "No tables found on this home network" in nothing
    scene.browser.found = [Listing("anna", "ws://10.0.0.7:8765", "Anna", "standard", 3, 1)]
    run_until(app, lambda: len(scene.listing_buttons) == 1, 5.0)
    assert scene.list_words() is None  # the table, in place of the words
    scene.browser.found = []
    run_until(app, lambda: not scene.listing_buttons, 5.0)
    assert scene.list_words() == nothing  # still looking, and said so at once
