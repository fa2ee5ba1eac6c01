"""The window's side of issue 31: a far player's seat comes back by its kept token; the Join
screen says a kept seat waits, waits for the table's word with a way to give up; the host is
asked to let someone in; a seat taken over is said in words; a far player peeks at any time;
the host leaving is said at once."""

from __future__ import annotations

import json
import shutil
import threading

import pygame
import pytest

from game.engine.modes import Mode
from game.match.session import Phase
from game.online.client.discovery import Listing
from game.online.client.links import parse_invite
from game.online.client.mirror import ClaimAsked
from game.online.client.player_key import player_key
from game.online.client.tokens import FILE_NAME, TokenStore
from game.online.shared.protocol import HOST, REMOTE
from game.online.window.hosting import HostedTable, SeatPlan
from game.paths import pref_dir
from game.scenes.online.claim import ClaimScene
from game.scenes.online.play import OnlineKind
from game.scenes.online.words import trouble_words
from game.scenes.table.view import snapshot
from tests.online import fake_server
from tests.online.fake_server import (
    FakeServer,
    drain,
    greet,
    joined,
    no_table,
    recv,
    send,
    server_tls,
    until,
)
from tests.online.helpers import LOOPBACK, finish, host, server
from tests.scenes import test_online
from tests.scenes.drive import is_table
from tests.scenes.test_online import (
    LIMIT,
    ListingLater,
    button,
    far_players,
    host_a_table,
    join_by_typing,
    play_by_mouse,
    post,
    press,
    pump,
    run_until,
    secret_kept,
    top,
)

app = test_online.app  # the window on loopback tables, as the other online scene tests have it


def kept_tokens() -> TokenStore:
    return TokenStore.load(pref_dir() / FILE_NAME)


@pytest.mark.slow  # an online game end to end, through windows (make test-slow)
def test_a_window_closed_mid_game_takes_its_seat_back_by_its_kept_token(app, tmp_path):
    """Mia's window leaves mid-game; joining again (even under another name) takes her seat
    back by its token, not by asking; the finished table's token is forgotten."""
    with server() as s:
        eva, code = host(s.url, "--seats", "2", "--name", "Eva", "--bot", "easy")
        try:
            join_by_typing(app, s.url, code, "Mia")
            run_until(app, lambda: is_table(app, OnlineKind))
            table = app.stack.top
            kept = kept_tokens().get(s.url, code)
            assert kept is not None and kept.seats == (1,) and kept.name == "Mia"
            assert dict(kept.tokens) == table.kind.client.mirror.tokens
            seen: list = []
            run_until(app, lambda: len(table.state.moves) >= 2, LIMIT,
                      lambda: play_by_mouse(app, table, seen))
            app.go_to_menu()  # Mia's window leaves the table (as if closed)
            pump(app)
            join_by_typing(app, s.url, code, "Not Mia")  # a name would ask; the token does not
            run_until(app, lambda: is_table(app, OnlineKind))
            table = app.stack.top
            assert table.kind.client.mine == (1,) and len(table.state.moves) >= 2
            assert kept_tokens().get(s.url, code).name == "Mia"  # the seat's name, kept
            run_until(app, lambda: top(app) == "ScoringScene", LIMIT,
                      lambda: play_by_mouse(app, table, seen))
            returncode, _out, err = finish(eva)
        finally:
            if eva.poll() is None:
                eva.kill()
    assert returncode == 0, err
    secret_kept(seen, 1)
    assert kept_tokens().get(s.url, code) is None  # over: nothing left to come back to


def test_a_listed_table_where_a_seat_waits_says_so(app):
    # Kept with the table's mark, the one the home network lists it with (its code unshared).
    TokenStore.load(pref_dir() / FILE_NAME).keep("10.0.0.7", "KTR4WM", {1: "t"}, "Ben",
                                                 table="1234567890abcdef")
    press(app, "Join a table")
    scene = app.stack.top
    scene.browser = network = ListingLater()
    network.found = [Listing("eva", "ws://10.0.0.7:8765", "Eva", "standard", 3, 0,
                             table="1234567890abcdef"),
                     Listing("ola", "ws://10.0.0.8:8765", "Ola", "standard", 3, 0)]
    run_until(app, lambda: len(scene.listing_buttons) == 2, 5.0)
    assert scene.listing_buttons[0].text == "Host: Eva \u2014 your seat (Ben) is waiting"
    assert scene.listing_buttons[1].text == "Host: Ola \u2014 free seats: 0/3"


def test_a_damaged_token_file_is_kept_aside_and_said_on_the_join_screen(app):
    (pref_dir() / FILE_NAME).write_text('{"tables": "no"}', encoding="utf-8")
    press(app, "Join a table")
    scene = app.stack.top
    assert "could not be read" in scene.error
    assert any(p.name.startswith(FILE_NAME + ".damaged-") for p in pref_dir().iterdir())


def _asks_forever(received_join):
    async def script(ws, received):
        await greet(ws, received)
        message = await recv(ws, received)
        received_join.append(message)
        await send(ws, {"type": "claim-pending", "seat": 1, "name": "Ben"})
        await drain(ws, received)
    return script


def test_the_join_screen_waits_for_the_tables_word_and_may_give_up(app):
    asked: list = []
    with FakeServer(_asks_forever(asked)) as fake:
        join_by_typing(app, fake.url, "KTR4WM", "Ben")
        scene = app.stack.top
        run_until(app, lambda: scene.waiting, 10.0)
        assert button(app, "Stop waiting")  # in place of Join, where the focus was
        press(app, "Stop waiting")
        assert not scene.waiting and scene.joining is None
        assert button(app, "Join") and scene.error == ""
        run_until(app, lambda: scene.joining is None)
        pump(app, 5)
    assert top(app) == "JoinScene"
    # With the window's player key for that server (counted only at a table over days).
    assert asked == [{"type": "join", "code": "KTR4WM", "name": "Ben",
                      "player": player_key(fake.url)}]


def _claim_answered(answer: dict, shown: threading.Event):
    """A table that asks its host about Ben's seat, then answers the join with `answer` once
    the window has `shown` that it waits for the host's word."""
    async def script(ws, received):
        await greet(ws, received)
        await recv(ws, received)
        await send(ws, {"type": "claim-pending", "seat": 1, "name": "Ben"})
        await until(shown)
        await send(ws, answer)
        await drain(ws, received)
    return script


def _join_waiting_for_the_host(app, url: str, shown: threading.Event) -> None:
    """Join as Ben; once the join screen shows it waits for the host's word, the table goes on."""
    join_by_typing(app, url, "KTR4WM", "Ben")
    scene = app.stack.top
    run_until(app, lambda: scene.waiting, 10.0)
    shown.set()


def test_a_refused_claim_is_said_in_words(app):
    refused = {"type": "error", "code": "claim-refused", "message": "", "ref": "join"}
    shown = threading.Event()
    with FakeServer(_claim_answered(refused, shown)) as fake:
        _join_waiting_for_the_host(app, fake.url, shown)
        scene = app.stack.top
        run_until(app, lambda: scene.joining is None, 10.0)
    assert scene.error == trouble_words("claim-refused") and not scene.waiting


def test_the_host_is_asked_to_let_someone_in_and_answers_by_keyboard(app, tmp_path, monkeypatch):
    """A claim comes to the host's table: the prompt names the seat, Refuse has the focus
    (a stray Enter gives nothing away), and the answer goes to the table."""
    lobby = host_a_table(app, Mode.STANDARD, [SeatPlan(HOST, "Eva"), SeatPlan(REMOTE, "")])
    [far] = far_players(lobby, 1, tmp_path)
    try:
        run_until(app, lambda: is_table(app, OnlineKind))
        table = app.stack.top
        answered: list = []  # (claim, allow) as the table is told them
        admit = table.kind.client.admit
        monkeypatch.setattr(table.kind.client, "admit", lambda claim, allow: (
            answered.append((claim, allow)), admit(claim, allow)))
        # The table's word, as the server sends it (the server side is issue 31's other half).
        notices = table.kind.client.mirror.receive({"type": "claim", "claim": 4, "seat": 1,
                                               "name": "Ben"})
        assert notices == [ClaimAsked(4, 1, "Ben")]
        table.peek.toggle()  # Eva was looking at her cards
        run_until(app, lambda: isinstance(app.stack.top, ClaimScene), 5.0)
        assert not table.peek.active  # covered before the prompt shows
        prompt = app.stack.top
        assert prompt.ring.focused.element.text == "Refuse"
        post(app, pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)
        post(app, pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
        assert (4, True) in answered
        assert app.stack.top is table
        # The next ask is refused from a gamepad (A on the focused Refuse), the one after
        # that let in with the mouse.
        table.kind.client.mirror.receive({"type": "claim", "claim": 5, "seat": 1, "name": "Ben"})
        run_until(app, lambda: isinstance(app.stack.top, ClaimScene), 5.0)
        pad(app, pygame.CONTROLLER_BUTTON_A)
        assert (5, False) in answered
        table.kind.client.mirror.receive({"type": "claim", "claim": 6, "seat": 1, "name": "Ben"})
        run_until(app, lambda: isinstance(app.stack.top, ClaimScene), 5.0)
        press(app, "Let in")
        assert (6, True) in answered
        assert app.stack.top is table
    finally:
        far.kill()
        far.communicate(timeout=10)


def test_a_claim_settled_elsewhere_closes_the_prompt(app, tmp_path):
    lobby = host_a_table(app, Mode.STANDARD, [SeatPlan(HOST, "Eva"), SeatPlan(REMOTE, "")])
    [far] = far_players(lobby, 1, tmp_path)
    try:
        run_until(app, lambda: is_table(app, OnlineKind))
        table = app.stack.top
        table.kind.client.mirror.receive({"type": "claim", "claim": 9, "seat": 1, "name": "Ben"})
        run_until(app, lambda: isinstance(app.stack.top, ClaimScene), 5.0)
        table.kind.client.mirror.receive({"type": "claim-settled", "claim": 9, "allow": False})
        run_until(app, lambda: app.stack.top is table, 5.0)
    finally:
        far.kill()
        far.communicate(timeout=10)


def test_a_seat_taken_over_is_said_and_leads_to_the_menu(app):
    async def script(ws, received):
        await greet(ws, received)
        await recv(ws, received)
        await send(ws, joined(seats=((1, "tok"),)))
        await until(seated)
        await send(ws, {"type": "taken", "seat": 1})
        await ws.close(1008, "seat taken over")

    seated = threading.Event()
    with FakeServer(script) as fake:
        join_by_typing(app, fake.url, "KTR4WM", "Ben")
        run_until(app, lambda: top(app) == "LobbyScene", 10.0)
        seated.set()  # the seat is taken over once the window sits at it
        run_until(app, lambda: top(app) == "MessageScene", 10.0)
    assert app.stack.top.message == trouble_words("taken")
    assert kept_tokens().kept == []


def test_a_far_player_peeks_at_their_own_cards_while_another_thinks(app, tmp_path):
    with server() as s:
        eva, code = host(s.url, "--seats", "2", "--name", "Eva", "--first", "1")  # Eva thinks
        try:
            join_by_typing(app, s.url, code, "Mia")
            run_until(app, lambda: is_table(app, OnlineKind))
            table = app.stack.top
            run_until(app, lambda: table.phase == Phase.COMPUTER, 10.0)
            pump(app, 2)
            assert table.buttons["peek"].visible
            mine = table.state.players[1].tasks
            assert mine and table.kind.peek_owner(table.state, table.phase).tasks == mine  # her own cards, not Eva's
            assert table.state.players[0].tasks == ()  # Eva's are not on this screen at all
        finally:
            eva.kill()
            eva.communicate(timeout=10)


def test_the_host_leaving_is_said_at_once_not_as_a_dropped_connection(app, tmp_path):
    lobby = host_a_table(app, Mode.STANDARD, [SeatPlan(HOST, "Eva"), SeatPlan(REMOTE, "")])
    hosted = lobby.hosted
    from game.online.client.client import OnlineClient

    far = OnlineClient(f"ws://{LOOPBACK}:{hosted.port}").connect()
    far.join(lobby.client.code, "Ben")
    run_until(app, lambda: is_table(app, OnlineKind))
    app.go_to_menu()  # the host leaves
    pump(app)
    notices = []
    while (notice := far.wait(timeout=10)) is not None:
        notices.append(notice)
        if type(notice).__name__ == "Closed":
            break
    far.close()
    assert type(notices[-1]).__name__ == "Closed" and notices[-1].reason == "closed"
    dropped = [n for n in notices if type(n).__name__ == "Presence" and not n.seat.connected]
    assert dropped == []  # not "Eva's connection dropped" first


def test_the_join_screen_keeps_a_new_token_given_after_the_host_let_us_in(app):
    shown = threading.Event()
    with FakeServer(_claim_answered(joined(seats=((1, "fresh-token"),)), shown)) as fake:
        _join_waiting_for_the_host(app, fake.url, shown)
        run_until(app, lambda: top(app) == "LobbyScene", 10.0)
        kept = kept_tokens().get(fake.url, "KTR4WM")
        assert kept is not None and kept.tokens == ((1, "fresh-token"),)
        saved = json.loads((pref_dir() / FILE_NAME).read_text(encoding="utf-8"))
        assert saved["tables"][0]["seats"] == [{"seat": 1, "token": "fresh-token"}]
        app.go_to_menu()  # leaving before the start frees the seat: nothing kept
        pump(app)
    assert kept_tokens().get(fake.url, "KTR4WM") is None


def test_an_invite_link_opens_join_with_the_address_and_code_filled_in(app):
    app.open_invite("scare-it://192.168.1.20:9000/ktr-4wm")
    pump(app)
    scene = app.stack.top
    assert top(app) == "JoinScene"
    assert scene.address_entry.get_text() == "192.168.1.20:9000"
    assert scene.code_entry.get_text() == "KTR4WM"
    assert scene.name_entry.get_text()  # the name the player used last, to check and join
    app.go_to_menu()
    pump(app)
    app.open_invite("scare-it://club.example.org/KTR4WM?tls=1")
    pump(app)
    assert app.stack.top.address_entry.get_text() == "wss://club.example.org:8765"


def test_a_link_the_game_cannot_read_is_said_on_the_title(app):
    app.open_invite("scare-it://me@192.168.1.20/KTR4WM")
    pump(app)
    assert top(app) == "MessageScene" and "invite link" in app.stack.top.message


def test_the_host_copies_an_invite_link_that_names_the_table(app):
    lobby = host_a_table(app, Mode.STANDARD, [SeatPlan(HOST, "Eva"), SeatPlan(REMOTE, "")])
    press(app, "Copy invite link")
    link = pygame.scrap.get_text()
    assert link.startswith("scare-it://") and link in lobby.note
    url, code = parse_invite(link)
    assert code == lobby.client.code and url.endswith(f":{lobby.hosted.port}")


certificate = fake_server.certificate  # a self-signed certificate made by `openssl`


@pytest.mark.skipif(shutil.which("openssl") is None,
                    reason="the openssl command is needed to make a certificate")
def test_a_wss_table_whose_certificate_cannot_be_verified_is_said_in_words(app, certificate):
    with FakeServer(no_table, ssl=server_tls(certificate)) as fake:
        join_by_typing(app, fake.url, "KTR4WM", "Ben")
        scene = app.stack.top
        run_until(app, lambda: scene.joining is None, 10.0)
        assert fake.received == []
    assert scene.error == trouble_words("untrusted")


def pad(app, button) -> None:
    post(app, pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=0)
    post(app, pygame.CONTROLLERBUTTONUP, button=button, instance_id=0)


def test_a_far_window_says_at_once_that_the_host_left(app):
    """The host's window closes its table: this window says "The host has left the table"
    while it looks once whether the table is back, then the menu says so; no 15 s of
    "trying again" after "Eva's connection dropped"."""
    hosted = HostedTable(Mode.STANDARD, [SeatPlan(HOST, "Eva"), SeatPlan(REMOTE, "")],
                         listen=LOOPBACK, port=0, advertise=False).open()
    try:
        join_by_typing(app, f"{LOOPBACK}:{hosted.port}", hosted.code, "Mia")
        run_until(app, lambda: is_table(app, OnlineKind))
        table = app.stack.top
        said: list[str] = []
        hosted.close()  # the host leaves
        run_until(app, lambda: top(app) == "MessageScene", 10.0,
                  lambda: said.extend((snapshot(table).hint, table.banner.message))
                  if app.stack.top is table else None)
    finally:
        hosted.close()
    assert app.stack.top.message == trouble_words("closed")
    assert not any("dropped" in words or "trying again" in words for words in said), said
