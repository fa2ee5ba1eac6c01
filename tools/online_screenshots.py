"""Render the online scenes headless to PNG against a table on loopback:
`python tools/online_screenshots.py [--lang CODE] OUTDIR` (host setup, lobbies, the online
table and its menu, Continue at a saved table, joining; issue 31's invite link, claim prompt,
a kept seat waiting, waiting for the table's word, a far player's peek, a seat taken over;
issue 51's table tried again after a drop or a server's restart, an away seat's count down to
the computer and the computer playing for it, Continue trying a table it does not reach, a
table opened on a server from the Host screen)."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("SCARE_IT_PREFS", tempfile.mkdtemp(prefix="scare-it-shots-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game import i18n  # noqa: E402
from game.app import TICK, App  # noqa: E402
from game.engine.modes import Mode  # noqa: E402
from game.match.session import Phase
from game.online.client.client import OnlineClient  # noqa: E402
from game.online.client.discovery import Advert  # noqa: E402
from game.online.client.mirror import ClaimPending  # noqa: E402
from game.online.client.tokens import window_store  # noqa: E402
from game.online.shared.protocol import DAY, HOST, REMOTE, WAIT  # noqa: E402
from game.online.window.hosting import HostedTable, SeatPlan, open_on_server  # noqa: E402
from game.scenes.online.host import HostSetupScene  # noqa: E402
from game.scenes.online.join import LOOK_PATIENCE, JoinScene  # noqa: E402
from game.scenes.online.lobby import LobbyScene  # noqa: E402
from game.scenes.online.my_tables import MyTablesScene  # noqa: E402
from game.scenes.online.pause import OnlinePauseScene, confirm_leave_for_good  # noqa: E402
from game.scenes.online.play import OnlineKind  # noqa: E402
from game.scenes.online.words import server_trouble, trouble_words  # noqa: E402
from game.scenes.table.play import PlayScene  # noqa: E402
from game.scenes.table.setup import SetupScene  # noqa: E402

LOOPBACK = "127.0.0.1"
TABLE_MARK = "5ca7e17ab1e5ea75"  # the listed table's mark (discovery.table_mark)
# The longest address the Host and Join screens take (80 characters, in names of a real
# length: the lobby shows it), and a long one as typed (a longer one scrolls in its box, as
# any typed words do).
LONGEST_ADDRESS = "wss://tables.family-card-game-club-of-little-springfield-towns.example.org:65535"
assert len(LONGEST_ADDRESS) == 80
TYPED_ADDRESS = "wss://scare-it.example.org:8765"


def main(outdir: Path, names=("Grandma Eva", "Ben", "Mia"), check=None, text_size: float = 1.0,
         high_contrast: bool = False, card_size: str = "normal") -> int:
    """`names`: the host's and two far players' names; `check(app, shot_name)` is called at
    each picture (tools/screenshots.py --audit passes the longest names and its text audit);
    `text_size`, `high_contrast` and `card_size` as in Settings -> Accessibility."""
    host_name, ben_name, mia_name = names
    outdir.mkdir(parents=True, exist_ok=True)
    app = App(frames=1, windowed=True)
    app.raise_errors = True
    app.settings.animation_speed = 25.0
    app.settings.computer_pace = 0.0
    app.settings.text_size, app.settings.high_contrast = text_size, high_contrast
    app.settings.card_size = card_size
    app.apply_looks()  # this App's own settings, or the online shots stay at 100 %

    def pump(n: int = 1) -> None:
        for _ in range(n):
            for event in pygame.event.get():
                app.dispatch(event)
            app.step(TICK)
            app.draw(force=True)

    def shot(name: str) -> None:
        pump(3)
        pygame.image.save(app.screen, str(outdir / f"{name}.png"))
        print(f"wrote {outdir / name}.png")
        if check is not None:
            check(app, name)

    def until(done, limit: float = 30.0) -> None:  # a loaded 2-core machine (CI) is slow
        end = time.monotonic() + limit
        while not done():
            if time.monotonic() > end:
                raise SystemExit(f"timed out on {type(app.stack.top).__name__}")
            pump()
            time.sleep(0.01)

    def top() -> str:
        return type(app.stack.top).__name__

    def at_table() -> bool:
        top = app.stack.top
        return isinstance(top, PlayScene) and isinstance(top.kind, OnlineKind)

    # The host: New game with Online, the seats, the lobby, the table.
    app.go_to_menu()
    shot("online_title")
    app.push(SetupScene(app))
    shot("online_setup")
    host = HostSetupScene(app, Mode.STANDARD, list(names), [None] * 3, 0,
                          listen=LOOPBACK, port=0, advertise=False)
    app.stack.clear(host)
    shot("online_host_setup")
    host.server_entry.set_text(TYPED_ADDRESS)  # issue 51: a table on a server
    host.error = server_trouble("no-server")
    shot("online_host_setup_server")
    crowd = HostSetupScene(app, Mode.ALL_INCLUDED, [host_name] * 8, [None] * 8, 0)
    app.push(crowd)  # eight seats above the address
    crowd.server_entry.set_text(TYPED_ADDRESS)
    crowd.error = server_trouble("no-answer")
    shot("online_host_setup_server_eight")
    app.stack.top.back()
    host.server_entry.set_text(TYPED_ADDRESS)
    host._step_days(1)  # issue 48: a table over days, its time and deadline rule
    app.stack.top._step_rule(1)
    shot("online_host_setup_days")
    host._step_days(1)
    host.server_entry.set_text("")
    host.error = ""
    host._open()
    until(lambda: top() == "LobbyScene")
    lobby = app.stack.top
    url, code = f"ws://{LOOPBACK}:{lobby.hosted.port}", lobby.client.code
    ben = OnlineClient(url).connect()
    ben.join(code, ben_name)
    until(lambda: sum(s.taken for s in lobby.client.seats) == 2)
    shot("online_host_lobby")
    # How the others join: on a page of its own where it does not fit under the code (a
    # large text size), else the same screen again (the audit compares the two sizes' words).
    paged = lobby.paged()
    if paged:
        lobby.turn(1)
    shot("online_host_lobby_joining")
    if paged:
        lobby.turn(0)
    lobby.copy_link()
    shot("online_host_lobby_invite")
    days_shots(app, url, names, shot, until)
    mia = OnlineClient(url).connect()
    mia.join(code, mia_name)
    until(at_table)
    table = app.stack.top
    until(lambda: table.phase is Phase.TURN)
    shot("online_table_host_turn")
    table.play(table.state.legal_moves()[0])
    until(lambda: table.phase not in (Phase.TURN, Phase.SENT) and table.director is None)
    shot("online_table_far_player_choosing")
    ben.close()
    until(lambda: not table.kind.client.seats[1].connected)
    shot("online_table_waiting")
    pump(420)  # the word of the drop has faded: the banner counts down to the computer
    shot("online_table_counting")
    table.kind.link.stand_in()  # the host lets the computer play Ben's seat meanwhile
    until(lambda: table.kind.client.seats[1].stand_in is not None)
    shot("online_table_stand_in")
    # Someone without Ben's token asks for his seat (the table's word, as the server sends it).
    table.kind.client.mirror.receive({"type": "claim", "claim": 1, "seat": 1, "name": ben_name})
    until(lambda: top() == "ClaimScene")
    shot("online_claim_prompt")
    table.kind.client.mirror.receive({"type": "claim-settled", "claim": 1, "allow": False})
    until(at_table)
    table.pause_game()
    shot("online_menu_host")
    app.stack.top._leave()
    shot("online_leave_host")
    mia.close()
    app.go_to_menu()  # the host leaves mid-game: the title offers Continue
    pump(3)
    shot("online_title_continue")
    HostSetupScene.table_defaults = {"listen": LOOPBACK, "advertise": False}
    app.stack.top._continue()
    shot("online_reopen")
    until(at_table)
    shot("online_table_reopened")
    app.go_to_menu()
    pump(3)

    # The joiner: the tables listed, the lobby, the table as a far player sees it.
    advert = Advert(host_name, 47011, [LOOPBACK], mode="standard", seats=3, free=2,
                    table=TABLE_MARK, interfaces=[LOOPBACK])
    hosted = HostedTable(Mode.STANDARD, [SeatPlan(HOST, host_name), SeatPlan(REMOTE, ""),
                                         SeatPlan(REMOTE, "")], listen=LOOPBACK, port=0,
                         advertise=False).open()
    try:
        join = JoinScene(app, interfaces=[LOOPBACK])
        app.push(join)
        until(lambda: join.listings, 8)
        shot("online_join_listed")
        window_store().keep(f"{LOOPBACK}:47011", "KTR4WM", {1: "token"}, mia_name,
                            table=TABLE_MARK)  # kept when Mia picked it from the list
        join.tokens = window_store()
        join.rebuild()
        shot("online_join_seat_waiting")
        join.joining = Asking(ClaimPending(1, mia_name))
        until(lambda: join.waiting)
        shot("online_join_waiting")
        join.joining, join.waiting = None, False
        join.joining = Asking(None, trying=42.0)  # Continue: the table not reached yet
        until(lambda: join.trying)
        shot("online_join_trying")
        join.joining, join.trying = None, False
        join.error = trouble_words("not-reached")  # Continue tried for minutes; the save stays
        join.rebuild()
        shot("online_join_not_reached")
        read(join)
        join.error = trouble_words("untrusted")
        join.rebuild()
        shot("online_join_untrusted")
        read(join)
        join.browser.close()  # issue 51: a long look that heard no table says so
        join.browser, join.listings, join.error = Quiet(), [], ""
        join.since = app.now - LOOK_PATIENCE
        join.rebuild()
        shot("online_join_nothing_found")
        join.browser.close()  # a laptop offline (issue 45 #9): no network to list tables on
        join.browser, join.offline, join.listings, join.error = None, True, [], ""
        join.rebuild()
        shot("online_join_offline")
        join.typed = {"name": mia_name, "address": f"{LOOPBACK}:{hosted.port}",
                      "code": hosted.code}
        join.rebuild()
        join.join()
        until(lambda: top() == "LobbyScene")
        shot("online_join_lobby")
        # Issue 51: a table the Host screen opened on a server (here the host's own).
        elsewhere = open_on_server(f"{LOOPBACK}:{hosted.port}", Mode.STANDARD,
                                   [SeatPlan(HOST, host_name), SeatPlan(REMOTE, "")])
        app.push(LobbyScene(app, elsewhere, None, shared=LONGEST_ADDRESS))
        shot("online_host_lobby_server")
        app.stack.top.copy_link()
        shot("online_host_lobby_server_invite")
        app.stack.top.back()
        ben = OnlineClient(hosted.client.url).connect()
        ben.join(hosted.code, ben_name)
        until(at_table)
        shot("online_table_joiner")
        far_table = app.stack.top
        until(lambda: far_table.phase is Phase.TURN or far_table.director is None)
        if far_table.phase is Phase.TURN:  # the deal opened with Mia's seat: she moves first
            far_table.play(far_table.state.legal_moves()[0])
        until(lambda: far_table.phase not in (Phase.TURN, Phase.SENT) and far_table.director is None)
        far_table.peek.toggle()  # a far player looks at their cards while another thinks
        shot("online_table_joiner_peek")
        far_table.peek.stop()
        # Issue 51: the server restarts (or the host's window is gone): tried again, with a
        # clock, and a way out; the seat comes back by itself once the table answers.
        link, clock, held = far_table.kind.link, [0.0], threading.Event()
        link.clock, link.sleep = (lambda: clock[0]), (lambda _s: held.wait())
        for restarting, name in ((True, "online_table_restarting"), (False, "online_table_trying")):
            clock[0] = 0.0
            far_table.kind.client._ws.close()  # the connection drops: tried again at once
            until(lambda: link.trying is not None)
            link.restarting = restarting  # (the server's close said so, or nothing did)
            clock[0] = 42.0 if restarting else 131.0
            shot(name)
            held.set()
            until(lambda: link.trying is None)
            held.clear()
            pump(240)  # "Back at the table" has faded from the banner
        app.stack.top.pause_game()
        shot("online_menu_joiner")
        app.stack.top._leave()
        shot("online_leave_joiner")
        ben.close()
    finally:
        advert.close()
        app.go_to_menu()
        pump(3)
        hosted.close()
    app.tell(trouble_words("taken"))  # a seat taken over on another screen
    app.go_to_menu()
    shot("online_seat_taken")
    app.tell(trouble_words("unreachable"))  # issue 51: tried for minutes; the seat waits
    app.go_to_menu()
    shot("online_table_unreachable")
    return 0


def days_shots(app, url: str, names, shot, until) -> None:
    """Issue 48: two tables over days on the table server at `url`, kept as the window keeps
    them: My tables lists them (one your turn), and the title says so."""
    host_name, ben_name, _mia = names
    days = {"per_move": 2 * DAY, "on_time": WAIT}
    computers = [{"place": "computer", "level": "expert"}] * 2
    tables = []
    for seats, first in (([{"place": "host", "name": host_name}, *computers], 1),
                         ([{"place": "host", "name": host_name}, {"place": "remote"}], 1)):
        client = OnlineClient(url).connect()
        code = client.create(Mode.STANDARD, seats, first=first, days=days)
        tables.append(client)
        window_store().keep(url, code, dict(client.mirror.tokens), host_name, days=True)
    ben = OnlineClient(url).connect()
    ben.join(tables[1].code, ben_name)
    until(lambda: all(c.game is not None for c in tables) and len(tables[0].game.moves) >= 2)
    for client in (*tables, ben):
        client.close()
    before = app.stack.top
    app.push(MyTablesScene(app))
    until(lambda: app.stack.top.tables is not None)
    shot("online_my_tables")
    listed = app.stack.top
    listed._open(listed.tables[1])  # Ben's move: the time left, and +1 day
    until(lambda: isinstance(app.stack.top, PlayScene))
    table = app.stack.top
    until(lambda: table.phase is Phase.COMPUTER and table.director is None)
    shot("online_table_days")
    app.push(OnlinePauseScene(app, table))  # leave for now, or for good
    shot("online_table_days_menu")
    app.push(confirm_leave_for_good(app, lambda: None))
    shot("online_leave_for_good")
    app.pop()
    app.pop()
    app.pop()
    app.pop()
    assert app.stack.top is before


def read(scene) -> None:
    """The notice over `scene` read and closed (at a large text size a long error on the Join
    screen is said in one), or nothing."""
    app = scene.app
    if app.stack.top is not scene:
        app.pop()


class Quiet:
    """A home network where no table is listed (the Join screen's browser)."""

    def listings(self) -> list:
        return []

    def close(self) -> None:
        pass


class Asking:
    """A join the table is asking its host about, for the Join screen's waiting picture."""

    done, error = False, None

    def __init__(self, pending, trying: float | None = None) -> None:
        self.pending, self.trying = pending, trying

    def give_up(self) -> None:
        pass


def cli(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default=i18n.SOURCE, choices=list(i18n.LANGUAGES),
                        help="the language to draw in")
    parser.add_argument("outdir", type=Path, help="the folder the PNGs are written to")
    args = parser.parse_args(argv)
    if i18n.set_language(args.lang):
        print(f"the {args.lang} catalogue failed to load: see errors.log", file=sys.stderr)
        return 1
    return main(args.outdir)


if __name__ == "__main__":
    raise SystemExit(cli(sys.argv[1:]))
