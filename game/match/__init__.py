"""The match layer (the midend): one game's history, move sources, hints, records and saves. No pygame."""

from game.match.controller import BOT, HUMAN, LINE, HintAnswer, LineEnded, Match
from game.match.record import Record, RecordError, Seat, read_record, record_of, write_record

__all__ = [
    "BOT", "HUMAN", "LINE", "HintAnswer", "LineEnded", "Match",
    "Record", "RecordError", "Seat", "read_record", "record_of", "write_record",
]
