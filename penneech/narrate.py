"""Plain-English accounts of a game, read from its event log alone.

:func:`describe` says what one event means; :func:`narrate` tells a whole log, one line per
meaningful step: a trick (both plays, who took it and what it scored), a turn-up (the new trumps
and what it scored), the end of a deal (the majority bonus and the deal's totals) and the end of
the game.  Each score names the rule option behind it, so a reader can see which reading of
Cotton made the difference.

>>> from penneech import Game
>>> game = Game("pagat", seed=3, first_dealer=0)
>>> while not game.is_over() and game.deal_number < 2:
...     game.play(game.legal_plays()[0]) if game.legal_plays() else game.throw_in(False)
>>> print(narrate(game.events, game.names)[0])
Ann deals first.

The module uses only the standard library and never touches a :class:`~penneech.game.Game`, so
it works on any recorded log (for example the events of a replayed record).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .cards import Card, Suit
from .events import (
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
)

__all__ = ["Step", "card_text", "describe", "narrate", "steps", "score_reason"]

_ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh",
             "eighth")


class Step(NamedTuple):
    """One meaningful step of a game: ``events[start:end]`` told as ``text``.

    ``kind`` is ``"setup"``, ``"deal"``, ``"throw_in"``, ``"turnup"``, ``"trick"``,
    ``"end_of_deal"`` or ``"game"``; a trick step whose second card has not yet been played
    (a log that stops mid-trick) has kind ``"lead"``.
    """

    start: int
    end: int
    kind: str
    text: str


def card_text(card: Card) -> str:
    """A card as printed in the narration: suit symbol then rank (``♥K``, ``♠10``, ``♦7``)."""
    rank = card.symbol[:-1]
    return f"{card.suit.symbol}{rank}"


def _the(card: Card) -> str:
    """``the ♥K``, and for the seven of diamonds ``the ♦7 (the Penneech)``."""
    if card.is_penneech:
        return f"the {card_text(card)} (the Penneech)"
    return f"the {card_text(card)}"


def _name(names: Sequence[str], player: int) -> str:
    if 0 <= player < len(names):
        return names[player]
    return f"player {player}"


def _trumps(suit: Suit) -> str:
    return f"{suit.noun} are trumps"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def score_reason(event: Scored, trumps: Suit | None = None, winner: int | None = None,
                 names: Sequence[str] = ("Ann", "Ben")) -> str:
    """Why ``event`` scored, in words, naming the rule option when it is not the obvious one.

    ``trumps`` and ``winner`` are the trick's trump suit and winner, when known; they make the
    reason for a card in a trick precise.
    """
    card = event.card
    if event.source == "majority":
        tricks = (event.points + 7) // 2
        return (f"{_plural(tricks, 'trick')} hold {2 * tricks} cards, {event.points} more "
                f"than the seven dealt, at one point each (majority_bonus)")
    if event.source == "turnup":
        assert card is not None
        if event.option == "first_turnup_scores":
            return "the dealer scores a counting card turned up first (first_turnup_scores)"
        if card.is_penneech:
            return "the Penneech turned up is worth 14"
        return "a counting card turned up scores for the trick's winner (turnups_score)"
    assert card is not None
    if card.is_penneech:
        base = "diamonds are trumps, so the Penneech counts 7"
    elif trumps is None or card.suit is trumps:
        base = f"{_trumps(card.suit)}" if trumps is not None else f"{_the(card)} counts"
    else:
        base = "every ace and court card counts, trumps or not (counting: honours)"
    if event.option == "trick_points_to":
        base += "; whoever played a counting card scores it (trick_points_to: holder)"
    return base


def _peg_clause(s: Scored, names: Sequence[str], trumps: Suit | None,
                winner: int | None) -> str:
    """``hearts are trumps, so Ben pegs 4 for the ♥K (now 9)``."""
    who = _name(names, s.player)
    if s.source == "turnup" and s.card is not None and s.option == "turnups_score":
        note = " (the Penneech turned up)" if s.card.is_penneech else ""
        return (f"{who} pegs {s.points} for turning it up{note} (turnups_score; "
                f"now {s.total})")
    reason = score_reason(s, trumps, winner, names)
    what = f" for {_the(s.card)}" if s.card is not None else ""
    tail = ""
    if (s.option == "trick_points_to" and winner is not None and winner != s.player):
        tail = f" although {_name(names, winner)} took the trick"
    return f"{reason}, so {who} pegs {s.points}{what}{tail} (now {s.total})"


def describe(event: Event, names: Sequence[str] = ("Ann", "Ben")) -> str:
    """One event in plain English, on its own (without the events around it)."""
    if isinstance(event, Cut):
        return f"{_name(names, event.player)} cuts {_the(event.card)}."
    if isinstance(event, DealerChosen):
        return f"{_name(names, event.player)} deals first."
    if isinstance(event, Dealt):
        dealer = _name(names, event.dealer)
        elder = _name(names, 1 - event.dealer)
        return (f"Deal {event.deal}: {dealer} deals seven cards each, one at a time; "
                f"{elder} is elder hand.")
    if isinstance(event, ThrowIn):
        who = _name(names, event.player)
        if event.claimed:
            return (f"{who} has a hand that may be thrown in, and throws it in: "
                    f"the same dealer deals again.")
        return f"{who} has a hand that may be thrown in, but keeps it."
    if isinstance(event, TurnUp):
        who = _name(names, event.player)
        if event.trick == 1:
            return (f"{who} turns up {_the(event.card)}: {_trumps(event.card.suit)} "
                    f"for the first trick.")
        if event.trick >= 8:
            return (f"{who} turns up {_the(event.card)} after the last trick; "
                    f"it sets no trumps.")
        return (f"{who} turns up {_the(event.card)}: {_trumps(event.card.suit)} "
                f"for trick {event.trick}.")
    if isinstance(event, Played):
        return f"{_name(names, event.player)} plays {_the(event.card)} to trick {event.trick}."
    if isinstance(event, TrickWon):
        who = _name(names, event.winner)
        card = event.cards[0] if event.winner == event.leader else event.cards[1]
        return f"{who} wins trick {event.trick} with {_the(card)}; {_trumps(event.trumps)}."
    if isinstance(event, Scored):
        clause = _peg_clause(event, names, None, None)
        return clause[0].upper() + clause[1:] + "."
    if isinstance(event, DealEnded):
        if event.thrown_in:
            return f"Deal {event.deal} is thrown in; nothing is scored."
        a, b = _name(names, 0), _name(names, 1)
        return (f"End of deal {event.deal}: {a} pegged {event.points[0]} and took "
                f"{_plural(event.tricks[0], 'trick')}; {b} pegged {event.points[1]} and took "
                f"{_plural(event.tricks[1], 'trick')}.")
    if isinstance(event, GameWon):
        w = event.winner
        return (f"{_name(names, w)} wins the game, {event.scores[w]} to "
                f"{event.scores[1 - w]}.")
    raise TypeError(f"not a Penneech event: {event!r}")


def _scores_after(start: int, events: Sequence[Event], kind: type[Scored]) -> list[Scored]:
    out: list[Scored] = []
    i = start
    while i < len(events) and isinstance(events[i], kind):
        out.append(events[i])  # type: ignore[arg-type]
        i += 1
    return out


def steps(events: Sequence[Event], names: Sequence[str] = ("Ann", "Ben")) -> list[Step]:
    """The log cut into meaningful steps, each told in one line (see :class:`Step`)."""
    out: list[Step] = []
    totals = [0, 0]
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
            first = f"{_name(names, e.player)} deals first."
            if cuts:
                pairs = [cuts[k:k + 2] for k in range(0, len(cuts), 2)]
                shown = "; then ".join(
                    ", ".join(f"{_name(names, c.player)} cuts {_the(c.card)}" for c in pair)
                    for pair in pairs)
                first = (f"{shown}. {_name(names, e.player)} cut the lower card (aces low) "
                         f"and deals first.")
                start = start - len(cuts)
                cuts = []
            out.append(Step(start, i + 1, "setup", first))
            i += 1
            continue
        if isinstance(e, Dealt):
            out.append(Step(i, i + 1, "deal", describe(e, names)))
            i += 1
            continue
        if isinstance(e, ThrowIn):
            j = i + 1
            text = describe(e, names)
            if e.claimed and j < n and isinstance(events[j], DealEnded):
                j += 1
            out.append(Step(i, j, "throw_in", text))
            i = j
            continue
        if isinstance(e, TurnUp):
            scored = [s for s in _scores_after(i + 1, events, Scored)[:1]
                      if s.source == "turnup"]
            j = i + 1 + len(scored)
            text = describe(e, names)
            for s in scored:
                totals[s.player] = s.total
                text = text[:-1] + "; " + _peg_clause(s, names, None, None) + "."
            out.append(Step(start, j, "turnup", text))
            i = j
            continue
        if isinstance(e, Played):
            j = i + 1
            plays = [e]
            while j < n and isinstance(events[j], Played) and len(plays) < 2:
                plays.append(events[j])  # type: ignore[arg-type]
                j += 1
            lead = plays[0]
            text = (f"Trick {lead.trick}: {_name(names, lead.player)} leads "
                    f"{_the(lead.card)}")
            if len(plays) == 1 or j >= n or not isinstance(events[j], TrickWon):
                if len(plays) == 2:
                    text += f", {_name(names, plays[1].player)} plays {_the(plays[1].card)}"
                out.append(Step(start, j, "lead" if len(plays) == 1 else "trick", text + "."))
                i = j
                continue
            won = events[j]
            assert isinstance(won, TrickWon)
            j += 1
            follower = plays[1]
            winner = won.winner
            card = won.cards[0] if winner == won.leader else won.cards[1]
            text += (f", {_name(names, follower.player)} plays {_the(follower.card)}. "
                     f"{_name(names, winner)} wins the trick with {_the(card)}")
            scored = _scores_after(j, events, Scored)
            scored = [s for s in scored if s.source == "trick"]
            j += len(scored)
            if scored:
                clauses = [_peg_clause(s, names, won.trumps, winner) for s in scored]
                text += "; " + "; ".join(clauses)
                for s in scored:
                    totals[s.player] = s.total
            elif card.suit is won.trumps and not (lead.card.suit is won.trumps
                                                  and follower.card.suit is won.trumps):
                text += f", a trump ({won.trumps.noun})"
            out.append(Step(start, j, "trick", text + "."))
            i = j
            continue
        if isinstance(e, Scored):
            # the majority bonus (or a score the steps above did not absorb)
            for_majority = e.source == "majority"
            scored = _scores_after(i, events, Scored)
            j = i + len(scored)
            text = " ".join(
                (f"{_name(names, s.player)} took more than half the tricks: "
                 f"{_peg_clause(s, names, None, None)}."
                 if s.source == "majority" else describe(s, names))
                for s in scored)
            for s in scored:
                totals[s.player] = s.total
            if j < n and isinstance(events[j], DealEnded) and for_majority:
                text += " " + _deal_end(events[j], names, totals)  # type: ignore[arg-type]
                j += 1
            out.append(Step(start, j, "end_of_deal" if for_majority else "score", text))
            i = j
            continue
        if isinstance(e, DealEnded):
            text = (describe(e, names) if e.thrown_in else _deal_end(e, names, totals))
            out.append(Step(i, i + 1, "end_of_deal", text))
            i += 1
            continue
        if isinstance(e, GameWon):
            out.append(Step(i, i + 1, "game", describe(e, names)))
            i += 1
            continue
        raise TypeError(f"not a Penneech event: {e!r}")  # pragma: no cover
    for c in cuts:  # a log that stops after the cut
        out.append(Step(n - 1, n, "setup", describe(c, names)))
    return out


def _deal_end(e: DealEnded, names: Sequence[str], totals: Sequence[int]) -> str:
    a, b = _name(names, 0), _name(names, 1)
    return (describe(e, names)[:-1] + f". Scores: {a} {totals[0]}, {b} {totals[1]}.")


def narrate(events: Sequence[Event], names: Sequence[str] = ("Ann", "Ben")) -> list[str]:
    """The whole log in plain English, one line per meaningful step."""
    return [s.text for s in steps(events, names)]
