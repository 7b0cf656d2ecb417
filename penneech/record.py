"""The game record, ``penneech-record/1``: a JSON file anyone can write by hand, share and replay.

.. code-block:: json

    {"format": "penneech-record/1",
     "rules": "pagat",
     "players": ["Ann", "Ben"],
     "first_dealer": 0,
     "deals": [{"deck": ["QH", "2C", "…all 52 (or 32) codes, top of the pack first"],
                "redeal_claimed_by": null,
                "plays": ["QH", "KH", "…cards in the order played"]}]}

``rules`` is a preset name or ``{"preset": "pagat", "follow": "free", …}`` (as written here); the
notation ``"pagat,follow=free"`` that ``str(rules)`` and ``--rules`` write is read too.  A record
written by hand may leave out ``rules`` or its ``preset``: either is read as ``pagat``
(:data:`~penneech.rules.RECORD_PRESET`, fixed whatever the engine's default becomes), and
``players`` as Ann and Ben.  A
thrown-in deal has ``redeal_claimed_by`` set to the player who claimed it (0 or 1) and no plays;
``null`` means nobody threw the deal in (every player offered a throw-in kept their hand).  Only
the last deal may stop early (a game in progress).  Optional fields: ``seed`` lets a game in
progress be dealt on from its seed; ``"cut": true`` says that the first dealer was chosen by the
cut drawn from that seed (so the deals to come are the ones the seed gives the game, and the cut is
replayed); and ``"redeal_pending": true`` on the last deal marks a game saved while a player was
still being asked whether to throw in.

Reading a record replays it through the engine, so every rule is checked; a bad record raises
:class:`RecordError`, whose message names the file, the deal and the play (from 1) and the reason.

A game saved part-way reads back at the same point, ready to play on:

>>> import pathlib, tempfile
>>> from penneech import Game
>>> game = Game("pagat,follow=free", seed=7, players=("Ann", "Ben"))
>>> game.play(game.legal_plays()[0])
>>> path = save(game, pathlib.Path(tempfile.mkdtemp()) / "game.json")
>>> again = load(path)
>>> again.actions == game.actions, again.rules, again.names
(True, Rules.preset('pagat', follow='free'), ('Ann', 'Ben'))
>>> loads(dumps(game)).legal_plays() == game.legal_plays()
True
>>> loads(dumps(game).replace('"free"', '"fre"'), "mine.json")
Traceback (most recent call last):
    ...
penneech.record.RecordError: mine.json: rules: 'fre' is not a value of follow: use one of ...
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .cards import Card, CardError, Suit, format_cards, parse_card
from .events import Event, tally
from .files import atomic_write
from .game import (
    NAME_LIMIT,
    DealAction,
    Game,
    GameError,
    Phase,
    ThrowInAction,
    check_game,
    check_names,
    check_seed,
)
from .rules import OPTIONS, RECORD_PRESET, Rules, RulesError, Seat, is_seat
from .text import TooManyDigits, json_kind, shorten, text_of_bytes, whole_number

__all__ = [
    "FORMAT",
    "RecordError",
    "to_record",
    "dumps",
    "save",
    "from_record",
    "loads",
    "load",
    "text_of",
    "event_to_json",
    "deal_summaries",
    "replay_summary",
]

FORMAT = "penneech-record/1"
_KEYS = {"format", "rules", "players", "first_dealer", "deals", "seed", "cut"}
_DEAL_KEYS = {"deck", "redeal_claimed_by", "plays", "redeal_pending"}


class RecordError(ValueError):
    """A record that cannot be read or replayed.

    ``str()`` gives ``"FILE: deal D, play P: reason"`` with whichever parts apply.
    """

    def __init__(
        self, reason: str, *, file: str | None = None, deal: int | None = None,
        play: int | None = None,
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.file = file
        self.deal = deal
        self.play = play

    def __str__(self) -> str:
        where = []
        if self.deal is not None:
            where.append(f"deal {self.deal}")
        if self.play is not None:
            where.append(f"play {self.play}")
        prefix = ", ".join(where)
        text = f"{prefix}: {self.reason}" if prefix else self.reason
        return f"{self.file}: {text}" if self.file else text


# -- writing ----------------------------------------------------------------------------------


def to_record(game: Game) -> dict[str, Any]:
    """The record of ``game`` so far, as a JSON-ready dict.

    >>> from penneech import Game
    >>> game = Game("pagat", seed=7)
    >>> game.play("AS")
    >>> record = to_record(game)
    >>> record["rules"], record["players"], record["first_dealer"], record["seed"], record["cut"]
    ('pagat', ['Ann', 'Ben'], 1, 7, True)
    >>> record["deals"][0]["deck"][:4], record["deals"][0]["plays"]
    (['6D', '7C', '2H', '3D'], ['AS'])
    """
    if not isinstance(game, Game):
        raise TypeError(f"a record is made from a Game, not {type(game).__name__}")
    deals: list[dict[str, Any]] = []
    for action in game.actions:
        if isinstance(action, DealAction):
            deals.append({"deck": [c.code for c in action.deck], "redeal_claimed_by": None,
                          "plays": []})
        elif isinstance(action, ThrowInAction):
            if action.claim:
                deals[-1]["redeal_claimed_by"] = action.player
        else:
            deals[-1]["plays"].append(action.card.code)
    if game.phase is Phase.THROW_IN:
        deals[-1]["redeal_pending"] = True
    return {
        "format": FORMAT,
        "rules": game.rules.to_json(),
        "players": list(game.names),
        "first_dealer": game.first_dealer,
        "seed": game.seed,
        **({"cut": True} if game.was_cut else {}),
        "deals": deals,
    }


def dumps(game: Game) -> str:
    """The record as JSON text: one deal per block, each pack and play list on one line.

    >>> from penneech import Game
    >>> game = Game("pagat", seed=7)
    >>> game.play("AS")
    >>> for line in dumps(game).splitlines()[-3:]:
    ...     print(line)
       "redeal_claimed_by": null,
       "plays": ["AS"]}
     ]}
    """
    record = to_record(game)
    deals = record.pop("deals")
    head = json.dumps(record, ensure_ascii=False)[:-1]
    blocks = [
        "  {" + ",\n   ".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in d.items()) + "}"
        for d in deals
    ]
    body = ",\n".join(blocks)
    return f'{head},\n "deals": [\n{body}\n ]}}\n' if blocks else f'{head}, "deals": []}}\n'


def save(game: Game, path: str | os.PathLike[str]) -> Path:
    """Write the record of ``game`` to ``path`` atomically and durably (see
    :func:`penneech.files.atomic_write`: never a half-written file, a link written through, a
    folder or device refused); return the file written.

    >>> import pathlib, tempfile
    >>> from penneech import Game
    >>> path = save(Game("pagat", seed=7), pathlib.Path(tempfile.mkdtemp()) / "game.json")
    >>> path.name, load(path).hand(0) == Game("pagat", seed=7).hand(0)
    ('game.json', True)
    """
    if not isinstance(game, Game):
        raise TypeError(f"save(game, path) saves a Game, not {type(game).__name__}")
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"save(game, path): path must be a file name, not {type(path).__name__}")
    return atomic_write(path, dumps(game))


# -- reading ----------------------------------------------------------------------------------


#: The largest record file read (a real game is a few kilobytes; this is thousands of deals).
MAX_RECORD_BYTES = 2 * 1024 * 1024


def load(path: str | os.PathLike[str]) -> Game:
    """Replay the record in the file at ``path``.

    Only a regular file of at most ``MAX_RECORD_BYTES`` is read (not a folder, a pipe or a
    device); UTF-8, with or without a byte-order mark.

    >>> import pathlib, tempfile
    >>> load(pathlib.Path(tempfile.mkdtemp()) / "missing.json")
    Traceback (most recent call last):
        ...
    penneech.record.RecordError: ...missing.json: no such file
    >>> load(None)
    Traceback (most recent call last):
        ...
    TypeError: load(path): path must be a file name, not NoneType
    """
    if not isinstance(path, (str, bytes, os.PathLike)):
        raise TypeError(f"load(path): path must be a file name, not {type(path).__name__}")
    name = os.fspath(path)
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):
            raise RecordError("not a regular file (a folder, a pipe or a device): a record is a "
                              "JSON file", file=name)
        if st.st_size > MAX_RECORD_BYTES:
            raise RecordError(_too_big(st.st_size), file=name)
        with open(path, "rb") as f:
            raw = f.read(MAX_RECORD_BYTES + 1)
    except FileNotFoundError:
        raise RecordError("no such file", file=name) from None
    except OSError as exc:
        raise RecordError(f"cannot read the file ({exc.strerror or exc})", file=name) from None
    except ValueError as exc:  # (a name no file can have: "a\0b" raised ValueError; 45a)
        raise RecordError(f"not a file name ({exc})", file=name) from None
    return loads(text_of(raw, name), name)


def _told_apart_again(players: list[Any]) -> tuple[str, str] | None:
    """Two names a record written before 2026-11-27 could hold, and :func:`check_names` now
    reads as one (they differ only in what does not show, or in how a letter is typed: "Ann"
    and "Ａnn"), with the second marked " (2)" so that the game loads and plays on; ``None``
    for names no version took.  A user's record is not lost to a stricter rule (review 43c).

    >>> _told_apart_again(["Ann", "Ａnn"])
    ('Ann', 'Ａnn (2)')
    >>> _told_apart_again(["Ann", "ann"]) is None
    True
    """
    if len(players) != 2 or not all(isinstance(n, str) and n.strip() for n in players):
        return None
    first, second = players
    if first.strip().casefold() == second.strip().casefold():  # (refused by every version)
        return None
    try:
        return check_names((first, f"{second.strip()[:NAME_LIMIT - 4]} (2)"))
    except GameError:
        return None


def text_of(raw: bytes, name: str | None = None, *, size: int | None = None) -> str:
    """The text of a record file's bytes, read as the command line and the live pages both read
    it (they read the same file differently: review 38a): at most ``MAX_RECORD_BYTES``,
    UTF-8, or UTF-16 where the file begins with its byte-order mark (as Windows Notepad saves
    "Unicode" text).

    >>> text_of(b'{"seed": 1}')
    '{"seed": 1}'
    >>> text_of('{"seed": 1}'.encode("utf-16"))
    '{"seed": 1}'
    >>> try:
    ...     text_of(bytes([0x89]) + b"PNG", "a.json")
    ... except RecordError as error:
    ...     print(error)
    a.json: not UTF-8 text: the byte 0x89 at line 1, column 1 cannot be read

    ``size`` is the whole file's size where only its beginning was read (a browser reads no more
    of a file than a record may hold, and says how large it is).
    """
    if not isinstance(raw, (bytes, bytearray, memoryview)):
        raise TypeError(f"text_of(raw): raw must be the file's bytes, not "
                        f"{type(raw).__name__} (a text is read by loads)")
    if max(len(raw), size or 0) > MAX_RECORD_BYTES:
        raise RecordError(_too_big(max(len(raw), size or 0)), file=name)
    try:
        return text_of_bytes(bytes(raw))
    except ValueError as exc:
        raise RecordError(str(exc), file=name) from None


def _json_int(text: str) -> int:
    """A JSON integer: one of more digits than Python reads is refused as far too large (json
    said "Exceeds the limit (4300 digits) for integer string conversion", cut off)."""
    try:
        return whole_number(text)
    except TooManyDigits as exc:
        raise RecordError(f"not a record: it holds {exc} for any of a record's fields") from None


def _too_big(size: int) -> str:
    return (f"too large for a record ({size:,} bytes; a record may have at most "
            f"{MAX_RECORD_BYTES:,})")


def loads(text: str, name: str | None = None, *, size: int | None = None) -> Game:
    """Replay a record given as JSON text (``name`` is used in error messages; ``size`` is the
    size in bytes of the file it was read from, where known: a browser reads a file as text,
    replacing the bytes that are not UTF-8, so the text's length is not the file's).

    Byte-order marks at the start are allowed; a key given twice in one object is refused.

    >>> loads("{", "mine.json")
    Traceback (most recent call last):
        ...
    penneech.record.RecordError: mine.json: not JSON: Expecting property name enclosed in double
    quotes at line 1, column 2
    """
    if not isinstance(text, str):
        raise RecordError(f"loads reads a record's JSON text (a str), not "
                          f"{type(text).__name__}: for a dict, use from_record", file=name)
    if size is not None and size > MAX_RECORD_BYTES:
        raise RecordError(_too_big(size), file=name)
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError(_too_big(len(text)), file=name)
    text = text.lstrip("\ufeff")  # (an editor that saves a marked file again may add a second)
    if not text.strip():
        raise RecordError("the file is empty: a record is a JSON object", file=name)
    if _depth(text) > MAX_DEPTH:
        raise RecordError(
            f"not a record: its JSON is nested too deeply (more than {MAX_DEPTH} levels)",
            file=name)
    try:
        data = json.loads(text, object_pairs_hook=_object, parse_int=_json_int)
    except json.JSONDecodeError as exc:
        from .experiments import MEASURES_HEADER  # (results begin with their header)
        from .simulation import CSV_COLUMNS

        start = text.lstrip()
        if start.startswith(MEASURES_HEADER):
            raise RecordError(
                "this is the experiments' figures (CSV, one figure a row), not a game record: "
                "open it in a spreadsheet", file=name) from None
        if start.startswith(",".join(CSV_COLUMNS[:3]) + ","):
            raise RecordError(
                "this is a simulation's or an experiment's results (CSV, one row a game), not "
                "a game record: open it in a spreadsheet, or read it with "
                "penneech.simulation.read_csv", file=name) from None
        # (some of json's messages end in "at" already: "Unterminated string starting at")
        raise RecordError(f"not JSON: {exc.msg.removesuffix(' at')} at line {exc.lineno}, "
                          f"column {exc.colno}", file=name) from None
    except RecordError as exc:
        exc.file = name
        raise
    except RecursionError:
        raise RecordError("not a record: its JSON is nested too deeply", file=name) from None
    except ValueError as exc:  # e.g. an integer of more than 4,300 digits
        raise RecordError(f"not a record: {shorten(str(exc))}", file=name) from None
    return from_record(data, name)


#: The deepest nesting of lists and objects read (a record needs 4).  Checked before the JSON is
#: parsed: in the browser a deeply nested text overflows the runtime's stack, which cannot be
#: caught as Python's RecursionError can.
MAX_DEPTH = 32
_BRACKETS = re.compile(r'\\.|["\[\]{}]')


def _depth(text: str) -> int:
    """How deeply the lists and objects of JSON ``text`` nest (brackets inside strings not
    counted); stops counting past :data:`MAX_DEPTH`."""
    depth = deepest = 0
    in_string = False
    for match in _BRACKETS.finditer(text):
        token = match.group()
        if token[0] == "\\":
            continue
        if token == '"':
            in_string = not in_string
        elif in_string:
            continue
        elif token in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    break
        else:
            depth -= 1
    return deepest


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refusing a key given twice (JSON would silently keep the last)."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise RecordError(f"the field {_shown(key)} is given twice in one object")
        out[key] = value
    return out


def _shown(value: object) -> str:
    """A value from the record as JSON, shortened for a message."""
    try:
        text = json.dumps(value, ensure_ascii=True)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    return shorten(text, 60)


def from_record(data: object, name: str | None = None) -> Game:
    """Replay a record given as parsed JSON; the game is left where the record stops.

    A record written by hand: the pack unshuffled, so that Ann (the elder hand) holds the AS and
    Ben the KS; the KH is turned up.  Ann takes the trick and turns up the QH:

    >>> from penneech import full_pack
    >>> deal = {"deck": [card.code for card in full_pack()], "plays": ["AS", "KS"]}
    >>> record = {"format": "penneech-record/1", "rules": "pagat", "players": ["Ann", "Ben"],
    ...           "first_dealer": 1, "deals": [deal]}
    >>> game = from_record(record)
    >>> game.scores, game.turned, game.to_move
    ((3, 0), (Card('KH'), Card('QH')), 0)
    >>> deal["plays"] = ["AS", "AH"]  # Ben holds spades
    >>> from_record(record, "mine.json")
    Traceback (most recent call last):
        ...
    penneech.record.RecordError: mine.json: deal 1, play 2: AH is not a legal play for Ben: spades
    were led, hearts are trumps, and Ben holds KS, JS, 9S, 7S, 5S, 3S, so Ben must play spades
    (follow: suit)
    """
    try:
        return _replay(data)
    except RecordError as exc:
        exc.file = name
        raise


def _replay(data: object) -> Game:
    if not isinstance(data, Mapping):
        raise RecordError(f"a record must be a JSON object, not {json_kind(data)}")
    fmt = data.get("format")
    if fmt != FORMAT:
        if fmt is None:
            raise RecordError(f'no "format" field: a record starts {{"format": "{FORMAT}", …}}')
        raise RecordError(f"unknown format {_shown(fmt)}: this program reads {FORMAT!r}")
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise RecordError(
            f"unknown field {_shown(unknown[0])}: a record has the fields "
            f"{', '.join(sorted(_KEYS))}"
        )
    for key in ("first_dealer", "deals"):
        if key not in data:
            raise RecordError(f'no "{key}" field: a record has the fields '
                              f"{', '.join(sorted(_KEYS))}")
    try:
        rules = Rules.from_json(data.get("rules", RECORD_PRESET))
    except RulesError as exc:
        raise RecordError(f"rules: {exc}") from None
    players = data.get("players", ["Ann", "Ben"])
    if not isinstance(players, list):
        raise RecordError(f"players must be a list of two names, not {json_kind(players)}")
    try:
        names = check_names(players)
    except GameError as exc:
        again = _told_apart_again(players)
        if again is None:
            raise RecordError(f"players: {exc}") from None
        names = again
    first_dealer = data["first_dealer"]
    if not is_seat(first_dealer):
        raise RecordError(f"first_dealer must be 0 or 1, not {_shown(first_dealer)}")
    seed = data.get("seed")
    if seed is not None:
        try:
            check_seed(seed)
        except GameError as exc:
            raise RecordError(str(exc)) from None
    cut = data.get("cut", False)
    if not isinstance(cut, bool):
        raise RecordError(f"cut must be true or false, not {_shown(cut)}")
    if cut and seed is None:
        raise RecordError('"cut": true needs the "seed" the cut was drawn from')
    deals = data["deals"]
    if not isinstance(deals, list):
        raise RecordError(f"deals must be a list, not {json_kind(deals)}")
    game = Game(rules, seed=seed, players=names, first_dealer=None if cut else first_dealer,
                auto_deal=False)
    if game.first_dealer != first_dealer:
        raise RecordError(f"first_dealer is {first_dealer}, but the cut drawn from seed {seed} "
                          f"makes player {game.first_dealer} deal first")
    for number, deal in enumerate(deals, 1):
        _replay_deal(game, deal, number, last=number == len(deals))
    # played on, a game with its seed deals each new deal from it, as the game recorded did
    game.auto_deal = seed is not None
    return game


def _replay_deal(game: Game, deal: object, number: int, *, last: bool) -> None:
    if game.is_over():
        raise RecordError(f"a deal after the game was won ({game.outcome})", deal=number)
    if not isinstance(deal, Mapping):
        raise RecordError(f"a deal must be a JSON object, not {json_kind(deal)}", deal=number)
    unknown = sorted(set(deal) - _DEAL_KEYS)
    if unknown:
        raise RecordError(
            f"unknown field {_shown(unknown[0])}: a deal has the fields "
            f"{', '.join(sorted(_DEAL_KEYS))}",
            deal=number,
        )
    deck_data = deal.get("deck")
    if not isinstance(deck_data, list):
        raise RecordError(f"deck must be a list of card codes, not {json_kind(deck_data)}",
                          deal=number)
    deck: list[Card] = []
    for i, code in enumerate(deck_data, 1):
        try:
            deck.append(parse_card(code))
        except CardError as exc:
            raise RecordError(f"deck card {i}: {exc}", deal=number) from None
    try:
        game.deal(deck)
    except CardError as exc:
        raise RecordError(f"deck: {exc}", deal=number) from None
    claimed = deal.get("redeal_claimed_by")
    plays = deal.get("plays", [])
    if not isinstance(plays, list):
        raise RecordError(f"plays must be a list of card codes, not {json_kind(plays)}",
                          deal=number)
    if claimed is not None:
        if not is_seat(claimed):
            raise RecordError(
                f"redeal_claimed_by must be 0, 1 or null, not {_shown(claimed)}", deal=number
            )
        _claim(game, claimed, number)
        if plays:
            raise RecordError("a thrown-in deal has no plays", deal=number, play=1)
        return
    pending = deal.get("redeal_pending", False)
    if not isinstance(pending, bool):
        raise RecordError(f"redeal_pending must be true or false, not {_shown(pending)}",
                          deal=number)
    if pending:
        if not last or plays:
            raise RecordError("only the last deal, with no plays, may have redeal_pending",
                              deal=number)
        if game.phase is not Phase.THROW_IN:
            raise RecordError("redeal_pending, but nobody may throw this hand in", deal=number)
        return
    # null: nobody threw in, so every player offered a throw-in kept their hand
    while game.phase is Phase.THROW_IN:
        game.throw_in(False)
    for i, code in enumerate(plays, 1):
        try:
            card = parse_card(code)
        except CardError as exc:
            raise RecordError(str(exc), deal=number, play=i) from None
        if game.phase is Phase.OVER:
            raise RecordError(
                f"{card} is played after the game was won ({game.outcome})", deal=number, play=i
            )
        if game.phase is Phase.DEAL:
            raise RecordError(
                f"more plays than the deal holds: it ended after {i - 1} plays", deal=number,
                play=i,
            )
        try:
            game.play(card)
        except GameError as exc:
            raise RecordError(str(exc), deal=number, play=i) from None
    if not last and game.phase not in (Phase.DEAL, Phase.OVER):
        raise RecordError(
            f"the deal stops after {len(plays)} plays, but only the last deal may stop early",
            deal=number,
        )


def _claim(game: Game, player: Seat, number: int) -> None:
    name = game.names[player]
    rules = game.rules
    hand = game.hand(player)
    if player not in rules.claimants(game.dealer):
        raise RecordError(
            f"{name} may not throw in: {_described('redeal_claimant', rules.redeal_claimant)}",
            deal=number,
        )
    if not rules.may_throw_in(hand):
        raise RecordError(
            f"{name} may not throw in the hand {format_cards(sorted(hand))}: "
            f"{_described('redeal', rules.redeal)}",
            deal=number,
        )
    while game.phase is Phase.THROW_IN:
        game.throw_in(game.to_move == player)
        if game.phase is not Phase.THROW_IN:
            break


def _described(option: str, value: object) -> str:
    """``"redeal_claimant is dealer (only the dealer, for their own hand)"``: a value and what it
    means, from its description."""
    info = OPTIONS[option].value_info(value)
    text = info.description.rstrip(".") if info else ""
    return f"{option} is {value}" + (f" ({text[:1].lower()}{text[1:]})" if text else "")


# -- replay summaries -------------------------------------------------------------------------


def event_to_json(event: Event) -> dict[str, Any]:
    """One event as a JSON object: ``{"type": "Scored", "player": 0, …}`` with cards as codes.

    >>> event_to_json(None)
    Traceback (most recent call last):
        ...
    TypeError: event_to_json takes an event (from game.events), not NoneType
    """
    if not hasattr(event, "_asdict") or not isinstance(event, tuple):
        raise TypeError(f"event_to_json takes an event (from game.events), not "
                        f"{type(event).__name__}")
    out: dict[str, Any] = {"type": type(event).__name__}
    for key, value in event._asdict().items():
        out[key] = _jsonable(value)
    return out


def _jsonable(value: object) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Suit):
        return value.value
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


def deal_summaries(events: tuple[Event, ...] | list[Event]) -> list[dict[str, Any]]:
    """Per deal: dealer, whether it was thrown in, points pegged and tricks taken by each player.

    >>> deal_summaries(None)
    Traceback (most recent call last):
        ...
    TypeError: deal_summaries takes a game's events (game.events), not NoneType
    """
    if not isinstance(events, (tuple, list)):
        raise TypeError(f"deal_summaries takes a game's events (game.events), not "
                        f"{type(events).__name__}")
    return [{"dealer": d.dealer, "thrown_in": d.thrown_in, "points": list(d.points),
             "tricks": list(d.tricks)} for d in tally(events)]


def replay_summary(game: Game, name: str) -> dict[str, Any]:
    """The ``penneech replay --json`` object for one replayed game."""
    check_game(game, "replay_summary")
    outcome = game.outcome
    return {
        "file": name,
        "winner": outcome.winner if outcome else None,
        "scores": list(game.scores),
        "deals": deal_summaries(game.events),
        "events": [event_to_json(e) for e in game.events],
    }
