"""Plain-English accounts of a game, read from its event log alone.

:func:`narrate` tells a whole log, one line per meaningful step: a trick (both plays, who took it
and what it scored), a turn-up (the new trumps and what it scored), the end of a deal (the
majority bonus and the deal's totals) and the end of the game; :func:`describe` says what one
event means.  Each score names the rule option behind it, so a reader can see which reading of
Cotton made the difference.

Sentences are built as clauses whose subject is a seat, and only then turned into text, so the
same account can be told about two named players or to one of them ("you"):

>>> from penneech import Game
>>> game = Game("pagat", seed=3, first_dealer=0, players=("Ann", "Ben"))
>>> while not game.is_over() and game.deal_number < 2:
...     game.play(game.legal_plays()[0]) if game.legal_plays() else game.throw_in(False)
>>> print(narrate(game.events, game.names)[0])
Ann deals first.
>>> print(narrate(game.events, ("You", "Ben"), you=0)[0])
You deal first.
>>> print(narrate(game.events, ("You", "Ben"), you=0)[1])
Deal 1: you deal seven cards each, one at a time; Ben is elder hand.

The module uses only the standard library and never touches a :class:`~penneech.game.Game`, so
it works on any recorded log (for example the events of a replayed record).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from .cards import _RANK_NAMES, Card, Suit, as_card
from .events import (
    SCORE_SOURCES,
    Cut,
    DealEnded,
    DealerChosen,
    Dealt,
    Event,
    GameWon,
    Played,
    Scored,
    ThrowIn,
    TrickWon,
    TurnUp,
    tally,
)
from .rules import HAND_SIZE, TRICKS, Seat, next_dealer_words, other_seat

if TYPE_CHECKING:
    from .game import Outcome

__all__ = ["Step", "Who", "Verb", "Sentence", "card_text", "cards_parts", "describe", "narrate",
           "steps", "score_reason", "render", "outcome_text", "verb"]


# -- clauses ------------------------------------------------------------------------------------


class Who(NamedTuple):
    """A player in a sentence: told as their name, or as "you" to that player."""

    seat: Seat


class Verb(NamedTuple):
    """A verb agreeing with ``subject``: ``third`` ("wins") for a named player, ``base``
    ("win") for "you"."""

    subject: Seat
    third: str
    base: str


#: A sentence before it is told: words, players, verbs and cards.
Sentence = tuple[str | Who | Verb | Card, ...]

#: Verbs as (third person, base form).
_VERBS: dict[str, str] = {
    "deals": "deal", "cuts": "cut", "cut": "cut", "has": "have", "throws": "throw",
    "keeps": "keep", "turns": "turn", "plays": "play", "wins": "win", "pegs": "peg",
    "leads": "lead", "is": "are", "took": "took", "pegged": "pegged", "holds": "hold",
    "does": "do", "must": "must", "loses": "lose", "gives": "give", "risks": "risk",
    "scores": "score", "takes": "take",
}


def verb(seat: Seat, third: str) -> Verb:
    """The verb ``third`` ("wins") agreeing with the player in ``seat``."""
    return Verb(seat, third, _VERBS[third])



def render(sentence: Sentence, names: Sequence[str], you: Seat | None = None, *,
           symbols: bool = False) -> str:
    """Tell ``sentence`` about players called ``names``, to the player in seat ``you`` (if
    any).  The first letter is capitalized.  A player whose name is "You" (the terminal game's
    default) is told in the second person even when ``you`` is not given, so that a record of
    such a game replays as "You win", not "You wins".

    Cards are told by their codes ("KH", what a player types), or with ``symbols`` as the
    narration prints them ("♥K", for a reader who plays by clicking):

    >>> from penneech.cards import Card
    >>> sentence = (Who(0), " ", verb(0, "holds"), " ", Card("KH"))
    >>> render(sentence, ("Ann", "Ben")), render(sentence, ("Ann", "Ben"), 0, symbols=True)
    ('Ann holds KH', 'You hold ♥K')
    """
    if you is None:
        you = next((seat for seat in (0, 1) if seat < len(names)
                    and names[seat].strip().lower() == "you"), None)
    out: list[str] = []
    for part in sentence:
        if isinstance(part, Who):
            starts = not out or out[-1].endswith((". ", "! ", "? "))
            out.append(("You" if starts else "you") if part.seat == you
                       else _name(names, part.seat))
        elif isinstance(part, Verb):
            out.append(part.base if part.subject == you else part.third)
        elif isinstance(part, Card):
            out.append(card_text(part) if symbols else part.code)
        else:
            out.append(part)
    text = "".join(out)
    return text[:1].upper() + text[1:]


def _join(*sentences: Sentence, sep: str = " ") -> Sentence:
    out: list[str | Who | Verb | Card] = []
    for i, s in enumerate(sentences):
        if i:
            out.append(sep)
        out.extend(s)
    return tuple(out)


def _name(names: Sequence[str], player: int) -> str:
    if 0 <= player < len(names):
        return names[player]
    return f"player {player}"


# -- words for cards ---------------------------------------------------------------------------


def cards_parts(cards: Sequence[Card]) -> Sentence:
    """``cards`` for a sentence, separated by commas (told as codes or symbols by
    :func:`render`)."""
    out: list[str | Card] = []
    for i, card in enumerate(cards):
        out.extend((", ", card) if i else (card,))
    return tuple(out)


def card_text(card: Card | str) -> str:
    """A card (or card code) as printed in the narration: suit symbol then rank (``♥K``,
    ``♠10``, ``♦7``)."""
    return as_card(card).symbol


def _the(card: Card) -> str:
    """``the ♥K``, and for the seven of diamonds ``the ♦7 (the Penneech)``."""
    if card.is_penneech:
        return f"the {card_text(card)} (the Penneech)"
    return f"the {card_text(card)}"


def _trumps(suit: Suit) -> str:
    return f"{suit.noun} are trumps"


def _number(n: int) -> str:
    """``n`` in words, as the narration writes small numbers ("seven cards each"): the cards'
    own rank names for two to ten."""
    if n in (0, 1):
        return ("no", "one")[n]
    return _RANK_NAMES[n] if 2 <= n <= 10 else str(n)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# -- why a score was pegged --------------------------------------------------------------------


def score_reason(event: Scored, trumps: Suit | None = None, tricks: int | None = None) -> str:
    """Why ``event`` scored, in words, naming the rule option when it is not the obvious one.

    ``trumps`` is the trick's trump suit, and ``tricks`` the tricks the scorer took in the deal
    (for the majority bonus), when known.
    """
    if not isinstance(event, Scored):  # (an AttributeError from inside)
        raise TypeError(f"score_reason takes a Scored event (from game.events), not "
                        f"{type(event).__name__}")
    card = event.card
    # (every figure here is the event's own or the rules' constants: nothing of a rule's value
    # is typed twice)
    if event.source == "majority":
        if not tricks:
            return f"the cards taken beyond the {_number(HAND_SIZE)} dealt (majority_bonus)"
        extra = 2 * tricks - HAND_SIZE  # (two cards a trick)
        each = "at one point each" if event.points == extra else f"worth {event.points}"
        return (f"{_plural(tricks, 'trick')} hold {2 * tricks} cards, {extra} more than the "
                f"{_number(HAND_SIZE)} dealt, {each} (majority_bonus)")
    assert card is not None
    if event.source == "turnup":
        if event.option == "first_turnup_scores":
            return "the dealer scores a counting card turned up first (first_turnup_scores)"
        if card.is_penneech:
            return f"the Penneech turned up is worth {event.points}"
        return "a counting card turned up scores for the trick's winner (turnups_score)"
    # (why a card counted is the rules' (counting): the clause says only what the event and the
    # trick show, the card, its points and the trumps, and names the option; it had said
    # "counting: honours" for every card not a trump, a value of the rules typed here; 46b)
    if trumps is not None and card.suit is not trumps:
        named = (f"the Penneech counts {event.points}" if card.is_penneech
                 else f"{_the(card)} counts")
        base = f"{named} although {trumps.noun} are trumps (counting)"
    elif card.is_penneech:
        base = f"the Penneech counts {event.points}" + (
            f" with {trumps.noun} as trumps" if trumps is not None else "")
    else:
        base = _trumps(card.suit) if trumps is not None else f"{_the(card)} counts"
    if event.option == "trick_points_to":
        base += "; whoever played a counting card scores it (trick_points_to: holder)"
    return base


def _peg(s: Scored, trumps: Suit | None, winner: Seat | None,
         tricks: int | None = None) -> Sentence:
    """``hearts are trumps, so Ben pegs 4 for the ♥K (now 9)``."""
    who = Who(s.player)
    if s.source == "turnup" and s.card is not None and s.option == "turnups_score":
        note = " (the Penneech turned up)" if s.card.is_penneech else ""
        return (who, " ", verb(s.player, "pegs"),
                f" {s.points} for turning it up{note} (turnups_score; now {s.total})")
    reason = score_reason(s, trumps, tricks)
    what = f" for {_the(s.card)}" if s.card is not None else ""
    sentence: Sentence = (f"{reason}, so ", who, " ", verb(s.player, "pegs"), f" {s.points}{what}")
    if s.option == "trick_points_to" and winner is not None and winner != s.player:
        sentence += (" although ", Who(winner), " ", verb(winner, "took"), " the trick")
    return sentence + (f" (now {s.total})",)


# -- one event ----------------------------------------------------------------------------------


def _event(event: Event) -> Sentence:
    """One event as a sentence, on its own (without the events around it)."""
    if isinstance(event, Cut):
        return (Who(event.player), " ", verb(event.player, "cuts"), f" {_the(event.card)}.")
    if isinstance(event, DealerChosen):
        return (Who(event.player), " ", verb(event.player, "deals"), " first.")
    if isinstance(event, Dealt):
        d, e = event.dealer, other_seat(event.dealer)
        return (f"Deal {event.deal}: ", Who(d), " ", verb(d, "deals"),
                f" {_number(HAND_SIZE)} cards each, one at a time; ", Who(e), " ", verb(e, "is"),
                " elder hand.")
    if isinstance(event, ThrowIn):
        p = event.player
        head: Sentence = (Who(p), " ", verb(p, "has"), " a hand that may be thrown in, ")
        if event.claimed:
            shown = (" (", " ".join(card_text(c) for c in event.hand), ")") if event.hand else ()
            return head + ("and ", verb(p, "throws"), " it in", *shown,
                           f": {next_dealer_words(True)}.")
        return head + ("but ", verb(p, "keeps"), " it.")
    if isinstance(event, TurnUp):
        return _turnup(event) + (".",)
    if isinstance(event, Played):
        return (Who(event.player), " ", verb(event.player, "plays"),
                f" {_the(event.card)} to trick {event.trick}.")
    if isinstance(event, TrickWon):
        w = event.winner
        card = event.cards[0] if w == event.leader else event.cards[1]
        return (Who(w), " ", verb(w, "wins"),
                f" trick {event.trick} with {_the(card)}; {_trumps(event.trumps)}.")
    if isinstance(event, Scored):
        return _peg(event, None, None) + (".",)
    if isinstance(event, DealEnded):
        if event.thrown_in:
            return (f"Deal {event.deal} is thrown in; nothing is scored.",)
        return (f"End of deal {event.deal}: ", *_deal_totals(event), ".")
    if isinstance(event, GameWon):
        w = event.winner
        return (Who(w), " ", verb(w, "wins"),
                f" the game, {event.scores[w]} to {event.scores[other_seat(w)]}.")
    raise TypeError(f"not a Penneech event: {event!r}")


def _turnup(event: TurnUp) -> Sentence:
    """``Ann turns up the ♥K: hearts are trumps for trick 3`` (no full stop)."""
    p = event.player
    head: Sentence = (Who(p), " ", verb(p, "turns"), f" up {_the(event.card)}")
    if event.trick == 1:
        return head + (f": {_trumps(event.card.suit)} for the first trick",)
    if event.trick > TRICKS:
        return head + (" after the last trick; it sets no trumps",)
    return head + (f": {_trumps(event.card.suit)} for trick {event.trick}",)


def _deal_totals(e: DealEnded) -> Sentence:
    parts: list[str | Who | Verb] = []
    for p in (0, 1):
        seat: Seat = 0 if p == 0 else 1
        if p:
            parts.append("; ")
        parts += [Who(seat), " ", verb(seat, "pegged"),
                  f" {e.points[p]} and ", verb(seat, "took"), f" {_plural(e.tricks[p], 'trick')}"]
    return tuple(parts)


def outcome_text(outcome: Outcome, you: Seat | None = None) -> str:
    """``Ann wins 61 to 40 after 4 deals`` (or ``You win …``), no full stop.  Deals thrown in
    are counted and told, so that the number is the last "Deal N" of the narration: ``Ann wins
    61 to 40 after 5 deals (1 thrown in)``."""
    from .game import Outcome  # (here: the game module imports this one)

    if not isinstance(outcome, Outcome):  # (an AttributeError from inside)
        unfinished = " (game.outcome is None until the game is over)" if outcome is None else ""
        raise TypeError(f"outcome_text takes the Outcome of a finished game (game.outcome), not "
                        f"{type(outcome).__name__}{unfinished}")
    w = outcome.winner
    thrown_in = outcome.thrown_in
    deals = outcome.deals + thrown_in
    sentence: Sentence = (Who(w), " ", verb(w, "wins"),
                          f" {outcome.scores[w]} to {outcome.scores[other_seat(w)]} after "
                          f"{_plural(deals, 'deal')}"
                          + (f" ({thrown_in} thrown in)" if thrown_in else ""))
    return render(sentence, outcome.names, you)


#: How the game's summary names each source of points.
_SOURCE_WORDS: dict[str, str] = {"trick": "in tricks", "turnup": "turned up",
                                 "majority": "for taking most tricks"}


def points_by_source(events: Sequence[Event], names: Sequence[str] = ("Ann", "Ben"),
                     you: Seat | None = None) -> str:
    """Where each player's points came from, over the whole log: the end of a game, in the
    terminal and on the live table (it said only who won; review 39c).

    >>> from penneech import Game
    >>> game = Game("pagat", seed=5)
    >>> while not game.is_over():
    ...     game.play(game.legal_plays()[0]) if game.legal_plays() else game.throw_in(False)
    >>> print(points_by_source(game.events, game.names, you=0))  # doctest: +NORMALIZE_WHITESPACE
    Where the points came from: you 44 (14 in tricks, 19 turned up, 11 for taking most tricks);
    Ben 61 (22 in tricks, 31 turned up, 8 for taking most tricks).
    """
    deals = tally(events)
    parts: list[Any] = ["Where the points came from: "]
    for seat in (0, 1):
        total = sum(d.points[seat] for d in deals)
        pieces = [f"{sum(d.by_source[s][seat] for d in deals)} {_SOURCE_WORDS[s]}"
                  for s in SCORE_SOURCES if any(d.by_source[s][seat] for d in deals)]
        parts += ["; " if seat else "", Who(seat), f" {total}"
                  + (f" ({', '.join(pieces)})" if pieces else "")]
    return render((*parts, "."), names, you)


def describe(event: Event, names: Sequence[str] = ("Ann", "Ben"), you: Seat | None = None) -> str:
    """One event in plain English, on its own (without the events around it)."""
    return render(_event(event), names, you)


# -- the log, step by step ----------------------------------------------------------------------


class Step(NamedTuple):
    """One meaningful step of a game: ``events[start:end]``, told by ``sentence``.

    ``kind`` is ``"setup"``, ``"deal"``, ``"throw_in"``, ``"turnup"``, ``"trick"``,
    ``"score"``, ``"end_of_deal"`` or ``"game"``; a trick step whose second card has not yet
    been played (a log that stops mid-trick) has kind ``"lead"``.  ``text`` is the sentence told
    about the named players (see :func:`steps` for telling it to one of them).
    """

    start: int
    end: int
    kind: str
    sentence: Sentence
    text: str


def _scored_run(events: Sequence[Event], start: int) -> list[Scored]:
    out: list[Scored] = []
    i = start
    while i < len(events):
        e = events[i]
        if not isinstance(e, Scored):
            break
        out.append(e)
        i += 1
    return out


def _sentences(events: Sequence[Event]) -> list[tuple[int, int, str, Sentence]]:
    """The log cut into steps: (start, end, kind, sentence)."""
    out: list[tuple[int, int, str, Sentence]] = []
    totals = [0, 0]
    tricks = [0, 0]
    cuts: list[Cut] = []
    i = 0
    n = len(events)
    while i < n:
        e = events[i]
        start = i
        if isinstance(e, Cut):
            cuts.append(e)
            i += 1
            continue
        if isinstance(e, DealerChosen):
            sentence: Sentence = (Who(e.player), " ", verb(e.player, "deals"), " first.")
            if cuts:
                pairs = [cuts[k:k + 2] for k in range(0, len(cuts), 2)]
                told: list[str | Who | Verb] = []
                for k, pair in enumerate(pairs):
                    if k:
                        told.append("; then ")
                    for j, c in enumerate(pair):
                        if j:
                            told.append(", ")
                        told += [Who(c.player), " ", verb(c.player, "cuts"), f" {_the(c.card)}"]
                # which card wins the cut is the rules' (first_dealer), not the narrator's
                sentence = (*told, ". ", Who(e.player), " ", verb(e.player, "deals"), " first.")
                start -= len(cuts)
                cuts = []
            out.append((start, i + 1, "setup", sentence))
            i += 1
            continue
        if isinstance(e, Dealt):
            tricks = [0, 0]
            out.append((i, i + 1, "deal", _event(e)))
            i += 1
            continue
        if isinstance(e, ThrowIn):
            j = i + 1
            if e.claimed and j < n and isinstance(events[j], DealEnded):
                j += 1
            out.append((i, j, "throw_in", _event(e)))
            i = j
            continue
        if isinstance(e, TurnUp):
            scored = [s for s in _scored_run(events, i + 1)[:1] if s.source == "turnup"]
            j = i + 1 + len(scored)
            sentence = _turnup(e)
            for s in scored:
                totals[s.player] = s.total
                sentence += ("; ",) + _peg(s, None, None)
            out.append((start, j, "turnup", sentence + (".",)))
            i = j
            continue
        if isinstance(e, Played):
            j = i + 1
            plays = [e]
            while j < n and len(plays) < 2:
                nxt = events[j]
                if not isinstance(nxt, Played):
                    break
                plays.append(nxt)
                j += 1
            lead = plays[0]
            sentence = (f"Trick {lead.trick}: ", Who(lead.player), " ", verb(lead.player, "leads"),
                        f" {_the(lead.card)}")
            won = events[j] if j < n else None
            if len(plays) == 1 or not isinstance(won, TrickWon):
                if len(plays) == 2:
                    second = plays[1]
                    sentence += (", ", Who(second.player), " ", verb(second.player, "plays"),
                                 f" {_the(second.card)}")
                out.append((start, j, "lead" if len(plays) == 1 else "trick", sentence + (".",)))
                i = j
                continue
            j += 1
            follower = plays[1]
            w = won.winner
            tricks[w] += 1
            card = won.cards[0] if w == won.leader else won.cards[1]
            sentence += (", ", Who(follower.player), " ", verb(follower.player, "plays"),
                         f" {_the(follower.card)}. ", Who(w), " ", verb(w, "wins"),
                         f" the trick with {_the(card)}")
            scored = [s for s in _scored_run(events, j) if s.source == "trick"]
            j += len(scored)
            if scored:
                for s in scored:
                    sentence += ("; ",) + _peg(s, won.trumps, w)
                    totals[s.player] = s.total
            elif card.suit is won.trumps and not (lead.card.suit is won.trumps
                                                  and follower.card.suit is won.trumps):
                sentence += (f", a trump ({won.trumps.noun})",)
            out.append((start, j, "trick", sentence + (".",)))
            i = j
            continue
        if isinstance(e, Scored):
            # the majority bonus (or a score the steps above did not absorb)
            scored = _scored_run(events, i)
            j = i + len(scored)
            parts: list[Sentence] = []
            for s in scored:
                totals[s.player] = s.total
                if s.source == "majority":
                    parts.append((Who(s.player), " ", verb(s.player, "took"),
                                  " more than half the tricks: ",
                                  *_peg(s, None, None, tricks[s.player]), "."))
                else:
                    parts.append(_event(s))
            sentence = _join(*parts)
            majority = scored[0].source == "majority"
            if majority and j < n:
                end = events[j]
                if isinstance(end, DealEnded):
                    sentence = _join(sentence, _deal_end(end, totals))
                    j += 1
            out.append((start, j, "end_of_deal" if majority else "score", sentence))
            i = j
            continue
        if isinstance(e, DealEnded):
            sentence = _event(e) if e.thrown_in else _deal_end(e, totals)
            out.append((i, i + 1, "end_of_deal", sentence))
            i += 1
            continue
        if isinstance(e, GameWon):
            out.append((i, i + 1, "game", _event(e)))
            i += 1
            continue
        raise TypeError(f"not a Penneech event: {e!r}")  # pragma: no cover
    for c in cuts:  # a log that stops after the cut
        out.append((n - 1, n, "setup", _event(c)))
    return out


def _deal_end(e: DealEnded, totals: Sequence[int]) -> Sentence:
    return (f"End of deal {e.deal}: ", *_deal_totals(e), ". Scores: ", Who(0),
            f" {totals[0]}, ", Who(1), f" {totals[1]}.")


def steps(events: Sequence[Event], names: Sequence[str] = ("Ann", "Ben"),
          you: Seat | None = None) -> list[Step]:
    """The log cut into meaningful steps, each told in one line (to the player in seat ``you``,
    if given)."""
    if hasattr(events, "events") or not isinstance(events, Sequence) or isinstance(events, str):
        raise TypeError("the narration takes a game's events and names, such as "
                        f"narrate(game.events, game.names), not {type(events).__name__}")
    if (isinstance(names, str) or not isinstance(names, Sequence) or len(names) != 2
            or not all(isinstance(n, str) for n in names)):
        raise TypeError(f"names must be the two players' names, such as game.names, not "
                        f"{names!r}"[:200])
    return [Step(start, end, kind, sentence, render(sentence, names, you))
            for start, end, kind, sentence in _sentences(events)
            if you is None or not _kept_unseen(events[start], you)]


def _kept_unseen(event: Event, you: Seat) -> bool:
    """Whether ``event`` is the other player keeping a hand that could have been thrown in: at
    the table nobody else knows that (it said the hand had no ace or court card; review 44c),
    so it is not told to ``you``."""
    return isinstance(event, ThrowIn) and not event.claimed and event.player != you


def narrate(events: Sequence[Event], names: Sequence[str] = ("Ann", "Ben"),
            you: Seat | None = None) -> list[str]:
    """The whole log in plain English, one line per meaningful step."""
    return [s.text for s in steps(events, names, you)]
