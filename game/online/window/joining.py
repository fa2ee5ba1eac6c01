"""Joining a table from the game window, off the frame thread: with the seats' kept tokens,
else by name (a free seat, or an away seat the table asks its host to give back). No pygame."""

from __future__ import annotations

from game.online.client.background import Background
from game.online.client.client import OnlineClient, OnlineError
from game.online.client.comeback import Comeback
from game.online.client.links import table_url
from game.online.client.player_key import player_key


def join_table(url: str, code: str, name: str, timeout: float = 8.0) -> OnlineClient:
    """Connect and take a seat (blocking: run it in Background). The URL may be typed
    without ws:// and without the port."""
    return Joining(url, code, name, timeout=timeout).run()


class Joining:
    """Going to a table off the frame thread: with the seats' kept tokens (`rejoin`, the
    seat comes back by itself), else by name (`join`: a free seat, or an away seat the table
    asks its host to give back). The scene reads `done`, `pending` (the table is asking),
    `trying` (Continue: how long the table has not been reached) and the outcome (`result`:
    the connected client, or `error`); `give_up()` stops it."""

    def __init__(self, url: str, code: str, name: str, kept: tuple[str, ...] = (),
                 timeout: float = 8.0, insecure: bool = False) -> None:
        self.code, self.name, self.kept = code, name, kept
        self.client = OnlineClient(table_url(url), timeout=timeout, insecure=insecure)
        self.stale = False  # the kept tokens no longer open a seat there
        self.gave_up = False
        self.work: Background | Comeback | None = None

    def start(self, comeback: dict | None = None) -> Joining:
        """Off the frame thread: one try, or (`comeback`, Comeback's options: Continue) tries
        for as long as a restarting server or host plausibly needs, while the table is not
        reached."""
        if comeback is None:
            self.work = Background(self.run)
        else:
            self.work = Comeback(self.client, attempt=self.run, at_once=True, **comeback)
        return self

    @property
    def trying(self) -> float | None:
        """Seconds since Continue began, once a try missed the table; None before (or
        without Comeback)."""
        work = self.work
        if isinstance(work, Comeback) and work.missed and not work.done:
            return work.elapsed
        return None

    def run(self) -> OnlineClient:
        client = self.client
        try:
            client.connect(self.code)
            if self.kept:
                try:
                    client.rejoin(self.code, list(self.kept))
                    return self._done(client)
                except OnlineError as err:
                    if err.code != "bad-token":
                        raise
                    self.stale = True  # taken back by the host's word meanwhile: ask by name
            # The player's key counts this seat if the table is over days (a live one ignores it).
            client.join(self.code, self.name, player=player_key(client.url))
            return self._done(client)
        except OnlineError:
            client.close()
            raise

    def _done(self, client: OnlineClient) -> OnlineClient:
        if self.gave_up:  # the answer came just as the player stopped waiting
            raise OnlineError("gave-up", "the player stopped waiting")
        return client

    def give_up(self) -> None:
        self.gave_up = True
        if isinstance(self.work, Comeback):
            self.work.stop()  # no more tries
        self.client.give_up()

    @property
    def pending(self):
        return self.client.pending

    @property
    def done(self) -> bool:
        return self.work is not None and self.work.done

    @property
    def error(self) -> OnlineError | None:
        return self.work.error if self.work is not None else None

    @property
    def result(self) -> OnlineClient:
        return self.work.result
