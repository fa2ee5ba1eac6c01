"""Joining a table from the game window, off the frame thread: with the seats' kept tokens,
else by name (a free seat, or an away seat the table asks its host to give back). No pygame."""

from __future__ import annotations

from game.online.client.background import Background
from game.online.client.client import OnlineClient, OnlineError
from game.online.client.links import table_url


def join_table(url: str, code: str, name: str, timeout: float = 8.0) -> OnlineClient:
    """Connect and take a seat (blocking: run it in Background). The URL may be typed
    without ws:// and without the port."""
    return Joining(url, code, name, timeout=timeout).run()


class Joining:
    """Going to a table off the frame thread: with the seats' kept tokens (`rejoin`, the
    seat comes back by itself), else by name (`join`: a free seat, or an away seat the table
    asks its host to give back). The scene reads `done`, `pending` (the table is asking)
    and the outcome (`result`: the connected client, or `error`); `give_up()` stops it."""

    def __init__(self, url: str, code: str, name: str, kept: tuple[str, ...] = (),
                 timeout: float = 8.0, insecure: bool = False) -> None:
        self.code, self.name, self.kept = code, name, kept
        self.client = OnlineClient(table_url(url), timeout=timeout, insecure=insecure)
        self.stale = False  # the kept tokens no longer open a seat there
        self.gave_up = False
        self.work: Background | None = None

    def start(self) -> Joining:
        self.work = Background(self.run)
        return self

    def run(self) -> OnlineClient:
        client = self.client
        try:
            client.connect()
            if self.kept:
                try:
                    client.rejoin(self.code, list(self.kept))
                    return self._done(client)
                except OnlineError as err:
                    if err.code != "bad-token":
                        raise
                    self.stale = True  # taken back by the host's word meanwhile: ask by name
            client.join(self.code, self.name)
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
