"""What a table kind asks of its table: commands by name, which the table scene runs, and a
kind command's Reply (what the table does next), which the table plays. A kind never holds
the table: its buttons and keys name commands, its commands get the app and the session."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum, auto

from game.scenes.registry import screen


class Before(Enum):
    """What becomes of a move still animating before a command runs."""

    NOTHING = auto()
    FINISH = auto()  # shown at once (the state is already the new one)
    END = auto()  # shown, and the session told so (its next beats play first)


@dataclass(frozen=True, slots=True, kw_only=True)
class Reply:
    """What the table does after a kind's command, in this order: `beats` from the session
    played (after the table's `commands`), a refused pick told (`complain`), a hinted move lit (`light`), a `sound`, `words`
    in the banner for `seconds`, a screen pushed over the table (`over`: made from the
    table, which it keeps listening to)."""

    commands: tuple[str, ...] = ()  # the table's own commands by name, run first
    beats: tuple = ()
    complain: str | None = None
    light: object = None
    sound: str | None = None
    words: str | None = None
    seconds: float = 3.0
    over: Callable[[object], object] | None = None
    speak: str | None = None  # said at once (not in the banner: a coach's box shows it)
    heard: tuple[str, ...] = ()  # said after what the table says (a coach's step, each one)
    move: object = None  # played as the player's (the kiosk's coach plays for them)


@dataclass(frozen=True, slots=True)
class KindCommand:
    """A kind's command: `run(app, session)` answers a Reply (or None: nothing more to do),
    after the move animating became what `before` says."""

    run: Callable[[object, object], Reply | None]
    before: Before = Before.NOTHING


class TableCommands:
    """The table scene's commands by name: its own (undo, redo, Move in, Peek, the same deal
    again, the menu, the move shown at once, the learner's Hint) and its kind's
    (TableKind.commands); a kind's Reply played on the table. A name the table does not
    know does nothing (a kind without a restart)."""

    def __init__(self, scene) -> None:
        self.scene = scene

    def own(self) -> dict[str, Callable[[], None]]:
        s = self.scene
        return {"undo": s.undo, "redo": s.redo, "move_in": s.controls.toggle_move_in,
                "deal_again": self.deal_again, "menu": lambda: s.app.go_to_menu(),
                "show": self.show, "coach_hint": self.coach_hint, "let_go": s.pick.let_go,
                "peek_stop": s.peek.stop, "peek_toggle": s.peek.toggle}

    def holds(self, name: str) -> tuple[Callable[[], None], Callable[[], None]]:
        """What pressing and letting go of a held button do (Peek)."""
        controls = self.scene.controls
        return {"peek": (controls.peek_pressed, controls.peek_released)}[name]

    def run(self, name: str) -> None:
        """The command `name`: the table's own, else its kind's (a KindCommand, or the name of
        another)."""
        own = self.own().get(name)
        if own is not None:
            own()
            return
        command = self.scene.kind.commands().get(name)
        if isinstance(command, str):  # another command's name (the couch's restart)
            self.run(command)
            return
        if command is None:
            return
        s = self.scene
        if command.before is Before.FINISH:
            s.finish_animation()
        elif command.before is Before.END and s.director is not None:
            s.end_animation()
        reply = command.run(s.app, s.session)
        if reply is not None:
            self.play(reply)

    def play(self, reply: Reply) -> None:
        """A kind's Reply, on the table."""
        s = self.scene
        s.dirty = True
        for name in reply.commands:
            self.run(name)
        if reply.beats:
            s.play_beats(list(reply.beats))
        if reply.complain is not None:
            s.complain(reply.complain)
        if reply.light is not None:
            s.picture.forget()  # the hint's words painted anew with its light
            s.pick.light(reply.light)
        if reply.sound is not None:
            s.app.audio.play(reply.sound)
        if reply.words is not None:
            s.say(reply.words, reply.seconds)
        if reply.speak is not None:
            s.app.speech.say(reply.speak, interrupt=True)
        for line in reply.heard:
            s.app.speech.say(line)
        if reply.move is not None:
            s.play(reply.move)
        if reply.over is not None:
            s.peek.stop()  # the task cards are covered first
            s.app.push(reply.over(s))

    def coach_hint(self) -> None:
        """The learner's Hint (a couch's help): the hard computer's choice, lit."""
        s = self.scene
        reply = s.learner.hint(s.controls.seen(), s.session.start)
        if reply is not None:
            self.play(reply)

    def show(self) -> None:
        """The move animating shown at once (the session goes on)."""
        if self.scene.director is not None:
            self.scene.end_animation()

    def deal_again(self) -> None:
        """The same deal from the start, at a fresh table: the same game (its id), whose save
        of the moves before goes (the player chose to deal again)."""
        s = self.scene
        session = s.session
        s.app.replace(screen("table")(s.app, session.deal_again(), on_finish=s.on_finish,
                                      keep=session.saver is not None, kind=s.kind))
