"""The guided first game: a chosen deal against a friendly computer, its moves, and the coach's
steps (one idea each). Pure data and a scripted seat; the table plays it (game/scenes/learn/lesson.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine.cards import Animal, Colour, parse_card
from game.engine.modes import Mode
from game.engine.moves import Move
from game.engine.position import Position
from game.engine.state import GameState, Player, initial_state
from game.i18n import N_
from game.match.seats import LINE, LineSeat
from game.names import FRIENDLY_NAMES

# Columns bottom up. Chosen so each idea comes up by itself: a dog beside a cat with cards
# above it (they fall), a mouse over an elephant (a scare of the card below), a cat beside a
# mouse (move in), a lone card (its column ends the game).
FIELD = (("OD", "PE", "YM"), ("PC", "BE", "YC"), ("BD", "YE", "PD"), ("OC",))
YOU_TASKS = (Animal.ELEPHANT, Colour.BLUE)
COMPUTER_TASKS = (Animal.MOUSE, Colour.YELLOW)
# Every ply of the game: yours, the computer's (down), yours (moving in), the computer's, the end.
LINE_MOVES = (Move((0, 0), (1, 0)), Move((0, 2), (0, 1)), Move((1, 1), (0, 1), True),
              Move((2, 1), (2, 2)), Move((2, 0), (3, 0)))

COMPUTER = FRIENDLY_NAMES[0]  # the friendly computer's name (a cat's name: no translation needed)
READ, PLAY, PEEK, WATCH, END = "read", "play", "peek", "watch", "end"


@dataclass(frozen=True)
class Step:
    """One idea: what the coach says, what the player does (READ: "Got it"; PLAY: the line's
    move at `ply`; PEEK: look at the task cards; WATCH: the computer's move at `ply`; END: the
    results), and what it points at: cells, or a part of the table by name. A READ step with
    a `ply` tells of that move before it is played."""

    does: str  # READ, PLAY, PEEK, WATCH or END
    words: str
    ply: int = -1
    cells: tuple[tuple[int, int], ...] = ()
    points_at: str = ""  # "cycle", "peek", "seats", "tasks", "" (the cells)
    wrong: str = ""  # the hint after a wrong try
    tells_points: bool = False  # the words go on with the points the task cards make now
    caption: str = ""  # the kiosk's shorter words, read in passing while the coach plays


STEPS = (
    Step(READ, N_("The elephant scares the dog, the dog the cat, the cat the mouse, and the "
                  "mouse the elephant. Colour plays no part."),
         points_at="cycle", caption=N_("Each animal scares the next one. Colour plays no part.")),
    Step(PEEK, N_("You hold two secret task cards. Press Peek to look at them."),
         points_at="peek", wrong=N_("First press Peek, the glowing button, to see your cards."),
         caption=N_("Peek at your secret task cards.")),
    Step(READ, N_("You collect elephants and blue cards. Each one left at the end scores a "
                  "point, a blue elephant two."), points_at="tasks", tells_points=True,
         caption=N_("Cards like these left at the end score points.")),
    Step(PLAY, N_("Your turn! The orange dog can scare the cat beside it. Pick the dog, then "
                  "the cat."),
         ply=0, cells=((0, 0), (1, 0)),
         wrong=N_("Not that one: pick the glowing dog, then the cat beside it."),
         caption=N_("The orange dog scares the cat beside it.")),
    Step(READ, N_("The cat ran off and the cards above it fell down. Cards never float."),
         cells=((1, 0), (1, 1)), caption=N_("The cards above fall down.")),
    Step(READ, N_("Next, the mouse will scare the elephant below it. Cards scare up, down or to "
                  "the side, never corner to corner."), ply=1,
         cells=((0, 2), (0, 1)),
         caption=N_("Up, down or to the side: never corner to corner.")),
    Step(WATCH, N_("The computer plays. Watch!"), ply=1, cells=((0, 2), (0, 1))),
    Step(PLAY, N_("Now move in: the yellow cat scares the mouse and takes its place. Only a "
                  "scare to the side can move in."), ply=2,
         cells=((1, 1), (0, 1)),
         wrong=N_("Scare the mouse with the glowing cat, and move in."),
         caption=N_("Or move in: the cat takes the mouse's place.")),
    Step(WATCH, N_("The computer plays again."), ply=3, points_at="seats"),
    Step(PLAY, N_("The cat on the right is alone in its column. Scare it with the blue dog: an "
                  "empty column ends the game, and you have more points!"), ply=4,
         cells=((2, 0), (3, 0)), wrong=N_("Scare the lone cat with the glowing dog."),
         caption=N_("An empty column ends the game.")),
)


def start(name: str) -> GameState:
    """The lesson's deal: the player (`name`, seat 1) against Whiskers, a friendly computer."""
    columns = tuple(tuple(parse_card(c) for c in col) for col in FIELD)
    players = (Player(name, YOU_TASKS), Player(COMPUTER, COMPUTER_TASKS, bot="easy"))
    # Four rows drawn, three used: the coach's words sit over the empty top row.
    return initial_state(Position(columns, 4), Mode.STANDARD.rules, mode=Mode.STANDARD,
                         players=players)


class CoachedSeat(LineSeat):
    """The friendly computer: it plays the lesson's line, and only when the coach lets it
    (the table waits while the player reads or peeks)."""

    source = LINE

    def __init__(self) -> None:
        super().__init__(LINE_MOVES, recorded_as="easy")
        self.allowed = -1  # the last ply the coach has let it play
        self._ply = -1  # the ply it was asked for

    def poll(self) -> Move | None:
        if self._move is not None and self.allowed < self._ply:
            return None
        return super().poll()

    def ask(self, state: GameState, start: Position) -> None:
        super().ask(state, start)
        self._ply = len(state.moves)
