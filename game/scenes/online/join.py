"""Join a table: one listed on the home network, or the address and code the host reads out,
and the name the others see; then the table's lobby. A seat this player holds there (its
token kept from an earlier visit) is taken back by itself; without one, an away seat of that
name is asked for, and the screen waits for the table's word."""

from __future__ import annotations

import json
import time

import pygame
import pygame_gui

from game.files import FileFault, read_text
from game.i18n import N_, _
from game.online.client.comeback import PATIENCE, Comeback
from game.online.client.discovery import Browser, Listing, NoNetwork
from game.online.client.links import BadLink, parse_invite, server_key, table_url
from game.online.client.tokens import HeldSeats, window_store
from game.online.shared.protocol import NAME_MAX, normal_code
from game.online.window.joining import Joining
from game.paths import pref_dir, write_atomic
from game.render import fit, looks
from game.render.palette import BAD_TEXT, PALE
from game.scenes.menu import CENTER_X, MenuScene
from game.scenes.message import MessageScene
from game.scenes.online.lobby import LobbyScene
from game.scenes.online.my_tables import MyTablesScene
from game.scenes.online.words import outcome, trouble_words, trying_words
from game.ui import look

LISTED = 4  # tables shown at once (a home network rarely has more)
LIST_TOP, LIST_H, LIST_GAP = 390, 70, 12
# The line above the buttons (how the going to the table goes, or why it failed): its size,
# and its room at a large text size.
MESSAGE_SIZE, MESSAGE_BOX_LARGE = 32, (1800, 86)
LOOK_EVERY = 1.0  # seconds between looks at what the network lists
LOOK_PATIENCE = 10.0  # seconds of the game's clock with nothing listed before that is said
MEMORY_FILE = "join.json"  # the last table joined: after a crash or a closed window, Join
# again with the same name takes the seat back


def load_typed(file: str = MEMORY_FILE, keys: tuple[str, ...] = ("name", "address", "code")
               ) -> dict:
    """The name, address and code last used to join (or another screen's `keys` in its
    `file`; a damaged file: none; it is replaced at the next use, docs/DAMAGED_FILES.md)."""
    try:
        data = json.loads(read_text(pref_dir() / file))
    except (OSError, FileFault, ValueError, RecursionError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if k in keys and isinstance(v, str) and len(v) <= 80}


def save_typed(typed: dict, file: str = MEMORY_FILE) -> None:
    try:
        write_atomic(pref_dir() / file, json.dumps(typed))
    except OSError:
        pass  # a read-only disk: it is typed again next time


class JoinScene(MenuScene):
    """`interfaces`: the addresses to look for tables on (None: every one; tests: loopback)."""

    heading = N_("Join a table")
    # How long Continue tries a table it does not reach (a restarting server, a host's window
    # opened again), and the clock and the wait it counts in (a test's moves at once).
    patience, clock, sleep = PATIENCE, staticmethod(time.monotonic), None

    def __init__(self, app, interfaces: list[str] | None = None, browse: bool = True,
                 typed: dict | None = None) -> None:
        super().__init__(app)
        self.interfaces, self.browser_wanted = interfaces, browse
        self.heading = _(JoinScene.heading)
        memory = app.setup_memory
        # What was typed last, then what the caller brings (an invite link's address and
        # code, Play again's address without the code).
        self.typed = ({"name": memory["names"][0], "address": "", "code": ""} | load_typed()
                      | (typed or {}))
        self.browser: Browser | None = None
        self.offline = False  # no network at all: only a table on this computer is reached
        if browse:
            try:
                self.browser = Browser(interfaces)
            except NoNetwork:
                self.offline = True
            except OSError:
                self.browser = None  # no multicast here: the address is typed instead
        self.listings: list[Listing] = []
        self.looked = 0.0
        self.since = app.now  # the game's clock when the look began
        self.said = self.list_words()  # the words drawn in place of the list
        self.joining: Joining | None = None
        self.waiting = False  # the table asks its host to let this player in
        self.trying = False  # Continue has not reached the table yet: it tries again
        self.kept_name: str | None = None  # the name at the table of the seat kept there
        self.picked: Listing | None = None  # the listed table picked last
        self.tokens = window_store()
        self.error = self.tokens.notice or ""
        self.noticed = ""  # the error shown in a notice over this screen (a large text size)

    def build(self) -> None:
        self.name_entry = self.entry((760, 200, 560, 70), self.typed["name"], limit=NAME_MAX,
                                     label=_("Your name"))
        self.listing_buttons = []
        for i, listing in enumerate(self.listings[:LISTED]):
            rect = (CENTER_X - 500, LIST_TOP + i * (LIST_H + LIST_GAP), 1000, LIST_H)
            words = self._listing_words(listing)
            self.listing_buttons.append(self.button(
                words[0], rect, lambda t=listing: self._pick(t),
                style="@small_button", name=f"table{i}", shorter=words[1:]))
        y = LIST_TOP + LISTED * (LIST_H + LIST_GAP) + 60
        self.address_entry = self.entry((360, y, 620, 70), self.typed["address"], limit=80,
                                        placeholder=_("address, e.g. 192.168.1.20"),
                                        label=_("Address"))
        self.code_entry = self.entry((1060, y, 400, 70), self.typed["code"], limit=14,
                                     placeholder=_("table code"), label=_("Table code"))
        if self.trying:  # the only way on is to stop trying (Continue stays on the title)
            self.button(_("Leave the table"), (CENTER_X - 280, 960, 560, 88), self.back,
                        name="leave")
            return
        self.button(_("Back"), (560, 960, 360, 88), self.back, name="back")
        if self.waiting:
            self.button(_("Stop waiting"), (1000, 960, 360, 88), self._give_up, name="give-up")
        else:
            self.button(_("Join"), (1000, 960, 360, 88), self.join, name="join")

    def _kept_at(self, listing: Listing) -> HeldSeats | None:
        """This player's seat at a listed table (a token kept there), if any: kept at its code
        or at its mark, never only at its address (an older table there, over)."""
        if listing.code:
            return self.tokens.get(listing.url, listing.code)
        if listing.table is None:
            return None
        return next((k for k in self.tokens.at(listing.url) if k.table == listing.table), None)

    def _mark_of(self, url: str, code: str) -> str | None:
        """The listed mark of the table joined: the one listed with its code, else the one
        picked (its code typed); None when it was not picked from the list."""
        server, code = server_key(url), normal_code(code)
        for listing in self.listings:
            if server_key(listing.url) == server and normal_code(listing.code or "") == code:
                return listing.table
        picked = self.picked
        if picked is not None and picked.code is None and server_key(picked.url) == server:
            return picked.table
        return None

    def _listing_words(self, listing: Listing) -> tuple[str, ...]:
        """A listed table's words, longest first (long names take a shorter wording)."""
        kept = self._kept_at(listing)
        if kept is not None:
            return (_("Host: %(host)s \u2014 your seat (%(name)s) is waiting") % {
                "host": listing.host, "name": kept.name},
                _("Host: %(host)s \u2014 your seat is waiting") % {"host": listing.host},
                _("Your seat is waiting at this table"))
        return (self._listing_text(listing),)

    def _listing_text(self, listing: Listing) -> str:
        # The host named in a slot of its own; "3/4", not "of 4" (issue 46).
        return _("Host: %(host)s \u2014 free seats: %(free)d/%(seats)d") % {
            "host": listing.host, "free": listing.free, "seats": listing.seats}

    def _remember(self) -> None:
        for key, entry in (("name", self.name_entry), ("address", self.address_entry),
                           ("code", self.code_entry)):
            if entry.alive():
                self.typed[key] = entry.get_text()

    def _typing_into(self) -> str | None:
        """Which box has the keyboard: "name", "address", "code" or None."""
        for key in ("name", "address", "code"):
            entry = getattr(self, f"{key}_entry")
            if entry.alive() and entry.is_focused:
                return key
        return None

    def _pick(self, listing: Listing) -> None:
        """A listed table: its address is filled in; the code, when the host shared it or
        this player holds a seat there. A code typed before is another table's: it goes."""
        self.picked = listing
        self.address_entry.set_text(listing.url.removeprefix("ws://"))
        kept = self._kept_at(listing)
        code = listing.code or (kept.code if kept is not None else None)
        self.code_entry.set_text(code or "")
        if code:
            self.join()
        else:
            self.ring.focus(self.code_entry)
            self.error = _("Now type the code %(host)s reads out.") % {"host": listing.host}

    def join(self, patient: bool = False) -> None:
        """Go to the table typed in (or picked): off the frame thread, with the seats' kept
        tokens when this player holds one there. `patient` (Continue): tried again for
        minutes while the table is not reached, as a table's dropped connection is."""
        if self.joining is not None:
            return
        self._remember()
        name, address, code = (self.typed[k].strip() for k in ("name", "address", "code"))
        if not name:
            self.error = trouble_words("bad-name")
        elif not address:
            self.error = _("Pick a table above, or type the host's address.")
        elif not code:
            self.error = _("Type the table code the host reads out.")
        else:
            self.error = ""
            kept = self.tokens.get(table_url(address), code)
            tokens = tuple(token for _seat, token in kept.tokens) if kept is not None else ()
            self.kept_name = kept.name if kept is not None else None
            comeback = dict(patience=self.patience, clock=self.clock, sleep=self.sleep)
            self.joining = Joining(address, code, name, tokens,
                                   insecure=self.app.insecure).start(
                comeback if patient else None)
        self.dirty = True

    def _give_up(self) -> None:
        """Stop waiting for the table's word: the connection closes, nothing is taken."""
        joining, self.joining = self.joining, None
        if joining is not None:
            joining.give_up()
        self.waiting = False
        self.rebuild()
        self.dirty = True

    def _joined(self, joining: Joining, client) -> None:
        """Keep the seats' tokens for the next visit (a new token after the host let this
        player in replaces the old one), then the lobby."""
        save_typed(self.typed)
        # Taken back by its token, the seat keeps the name it has at the table.
        by_token = joining.kept and not joining.stale
        name = (self.kept_name if by_token else None) or joining.name
        code = client.code or joining.code
        self.tokens.keep(client.url, code, dict(client.mirror.tokens), name,
                         self._mark_of(client.url, code), days=client.days is not None)
        self.app.replace(LobbyScene(self.app, client, again=self._again))

    def _failed(self, joining: Joining, code: str) -> None:
        """Kept tokens that no longer open a seat there are forgotten (a finished or gone
        table)."""
        if joining.kept and (joining.stale or code in ("no-table", "bad-token")):
            self.tokens.forget(joining.client.url, joining.code)

    def _again(self) -> None:
        """Play again: back to joining, the address and name filled in, for the host's new
        table's code."""
        self.app.replace(JoinScene(self.app, self.interfaces, self.browser_wanted,
                                   dict(self.typed, code="")))

    def handle(self, event: pygame.event.Event) -> bool:
        # Enter in the code's field joins (in the others it goes on to the next field).
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and \
                getattr(event, "ui_element", None) is self.code_entry:
            self.join()
            self.dirty = True
            return True
        return super().handle(event)

    def exit(self) -> None:
        super().exit()
        if self.joining is not None:  # left while going to a table: nothing is taken
            self.joining.give_up()
            self.joining = None
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    def update(self, dt: float) -> None:
        joining = self.joining
        if joining is not None and (self.waiting, self.trying) != (
                joining.pending is not None, joining.trying is not None):
            self.waiting, self.trying = joining.pending is not None, joining.trying is not None
            self._remember()
            self.rebuild()
        if self.trying:
            self.dirty = True  # its clock goes on
        done = outcome(joining)
        joined = None
        if done is not None:  # it finished
            self.joining = None
            joined, error = done
            if error:
                code = joining.error.code
                # Continue gave up after minutes: the save stays for another Continue.
                self.error = trouble_words("not-reached") if code == "lost" \
                    and isinstance(joining.work, Comeback) else error
                self.dirty = True
            if self.waiting or self.trying:
                self.waiting = self.trying = False
                self._remember()
                self.rebuild()
            if joined is not None:
                self._joined(joining, joined)
                return
            self._failed(joining, joining.error.code if joining.error else "")
        if self.browser is not None and self.app.now - self.looked >= LOOK_EVERY:
            self.looked = self.app.now
            found = self.browser.listings()
            if found != self.listings:
                self._remember()
                typing = self._typing_into()
                self.listings = found
                self.rebuild()
                if typing is not None:  # a table turning up never takes the words being typed
                    self.ring.focus(getattr(self, f"{typing}_entry"))
        said = self.list_words()
        if said != self.said:  # nothing found for a while: said at once
            self.said, self.dirty = said, True
        self._notice_error()

    def _notice_error(self) -> None:
        """At a large text size an error too long for its line above the buttons at its size
        ("The table could not be reached for a few minutes. ...") is shown once in a notice
        over this screen instead, its words at their size (the line no longer shows it)."""
        if not self.error:
            self.noticed = ""
            return
        if self.error == self.noticed or not looks.large() or self.app.stack.top is not self:
            return
        least = looks.scaled(MESSAGE_SIZE) - 2  # at 200 %: more than 1.8 times its 100 % size
        if fit.choose(self.app.assets, self.error, MESSAGE_BOX_LARGE, MESSAGE_SIZE,
                      floor=least).fits:
            return
        self.noticed = self.error
        self.app.push(MessageScene(self.app, self.error))

    def list_words(self) -> str | None:
        """What stands where the home network's tables are listed while none is; None when
        some are."""
        if self.listings:
            return None
        if self.browser is not None:
            if self.app.now - self.since < LOOK_PATIENCE:
                return _("Looking for tables…")
            return _("No tables found on this home network yet. The game keeps looking. You "
                     "can also type the host's address and code below.")
        if self.offline:
            return _("This computer is not on a network, so no tables are listed. A table on "
                     "this computer still opens with the address 127.0.0.1.")
        return _("Tables on the home network cannot be listed here: type the address below.")

    def draw_content(self, surface: pygame.Surface) -> None:
        assets = self.app.assets

        def label(words: str, y: int) -> None:
            img = look.text(assets, words, 40, look.CREAM, True, shadow=True)
            surface.blit(img, img.get_rect(midright=(730, y + 35)))

        label(_("Your name"), 200)
        head = look.text(assets, _("Tables on this home network"), 36, look.CREAM, True,
                         shadow=True)
        surface.blit(head, head.get_rect(midtop=(CENTER_X, 310)))
        words = self.list_words()
        if words is not None:
            para = look.wrapped(assets, words, looks.scaled(30), 1000, PALE, centred=True)
            surface.blit(para, para.get_rect(midtop=(CENTER_X, LIST_TOP + 20)))
        y = LIST_TOP + LISTED * (LIST_H + LIST_GAP)
        words = look.text(assets, _("Or type the address and the code the host reads out:"),
                          32, look.CREAM)
        surface.blit(words, words.get_rect(midtop=(CENTER_X, y + 8)))
        message, colour = self.message()
        if message and message != self.noticed:
            # Between the boxes and the buttons: a long message gets smaller, never over them
            # (at a large text size wider, and one too long for it a notice: _notice_error).
            box = MESSAGE_BOX_LARGE if looks.large() else (1400, 86)
            para = fit.fit(assets, message, box, MESSAGE_SIZE, colour, align="centre")
            surface.blit(para, para.get_rect(midbottom=(CENTER_X, 940)))


    def message(self) -> tuple[str, tuple[int, int, int]]:
        """The line above the buttons: how the going to the table goes, or why it failed."""
        joining = self.joining
        if self.waiting:
            return _("Waiting for the table to let you in…"), PALE
        if self.trying and joining is not None:
            return trying_words(joining.trying or 0.0), PALE
        if joining is not None:
            return _("Going to the table…"), PALE
        return self.error, BAD_TEXT


def open_invite(app, link: str) -> None:
    """Join a table with an invite link's address and code filled in; a link that cannot be
    read is said on the screen it was opened over. A table over days whose seat this window
    keeps (a "your turn" notification's link) is opened at once by its token, from My tables."""
    try:
        url, code = parse_invite(link)
    except BadLink:
        app.tell(_("That invite link cannot be used. Ask the host for the address and the "
                   "code instead."))
        app.show_notice()
        return
    held = window_store().get(url, code)
    if held is not None and held.days:  # a table over days this window sits at: open it
        app.push(MyTablesScene(app, open_now=held))
        return
    app.push(JoinScene(app, typed={"address": url.removeprefix("ws://"), "code": code}))


def join_again(app, record) -> None:
    """Continue at a table this player joined: the Join screen with its address, code and
    name filled in, joining at once (the kept token takes the seat back; without one the
    table asks its host). A table not reached (a server restarting, a host's window not yet
    open again) is tried for minutes, as at the table; one that is gone is said there, and
    the save stays; the home network's tables are listed as at any Join (the host may have
    opened a new one)."""
    joined = record.joined
    scene = JoinScene(app, typed={
        "address": joined.server.removeprefix("ws://"), "code": joined.code,
        "name": record.seats[joined.seats[0]].name})
    app.push(scene)
    scene.join(patient=True)
