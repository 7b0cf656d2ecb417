"""Where a deal was won and lost: every card played, weighed two ways.

For every card played in a deal where the player had a choice, :func:`analyse_deal` gives

* the value of each legal card **with every card known** (the exact solver,
  :func:`~penneech.solver.move_values`: the points the player scores in the rest of the deal minus
  the points the opponent scores, when both play perfectly from there; every card includes the
  order of the cards still to be turned up), the best card, and the points the card played cost
  against it.  Where the deal may decide the game, the cards are ranked first by who wins the
  game with both playing for it (:class:`~penneech.solver.Solver` ``for_game``), then by points;
  where the game is lost in the deal whatever the player does, by points, and the sentence says
  so;
* the value of each legal card **from what the player could see**: the estimates the play-out
  player chooses by (:func:`~penneech.playouts.estimate`: the average over the worlds consistent
  with the player's view, of the points and of the chance of winning the game), and the card
  those estimates prefer.  The player is taken to remember every card it saw played this deal,
  even where the rules turn past tricks face down (:meth:`~penneech.game.PlayerView.remembered`);
* a sentence in plain English saying why the best card was best, read off the two lines of play
  that would follow the best card and the card played with every card known ("The best play
  here was ♠K: it would keep the ♥Q for trick 5, when hearts are trumps…"; the points of a card
  turned up after a trick are said apart from those in it).

A :class:`DealAnalysis` adds up what each player's cards cost, telling apart the points lost on
cards that were the best from what the player could see (hindsight), and every result turns
into plain JSON (:meth:`DealAnalysis.to_json`) for the live table and the notebooks.  Where the
game is what tells the best card from the card played, the lines told are played for the game,
and the card played is said to cost the game (:attr:`PlayAnalysis.loses_game`: the opponent
would win it in this deal; "could have cost" where the opponent went wrong) or a sure win of it
(:attr:`PlayAnalysis.misses_win`), not points: a line that wins the game stops there, so its
points can be fewer than those of a line that does not (review 41d).

>>> from penneech import Game
>>> from penneech.players import make_player, play_deal
>>> game = Game("pagat", seed=7, first_dealer=1, players=("Ann", "Ben"))
>>> play_deal(game, [make_player("greedy"), make_player("greedy")])
>>> report = analyse_deal(game, 1, worlds=8)
>>> all(p.cost >= 0 for p in report.plays)
True
>>> report.costs == (sum(p.cost for p in report.plays if p.player == 0),
...                  sum(p.cost for p in report.plays if p.player == 1))
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .cards import Card
from .events import Event, GameWon, Scored, TrickWon
from .game import DealAction, Game, GameError, Phase, PlayAction, check_game, check_seed
from .narrate import Sentence, Who, card_text, render, verb
from .playouts import DEFAULT_WORLDS, CardEstimate, best_card, estimate
from .rules import Seat, is_seat, other_seat
from .solver import GAME_WON, Position, Solver
from .text import article, py_shown

__all__ = ["PlayAnalysis", "DealAnalysis", "analyse_deal", "analyse_game", "deal_numbers"]

#: What the exact values know, as the headings of a deal's analysis say it: the hands and the
#: order of the cards still to be turned up, which no player can know (hindsight: a card can be
#: the better one on the average over the turn-ups to come and still be called a mistake here;
#: review 38c).
KNOWN = "with every card known (the turn-ups to come too)"


@dataclass(frozen=True)
class PlayAnalysis:
    """One card played, weighed.

    Attributes:
        deal: the deal's number.
        trick: the trick it was played to (1 … 7).
        player: who played it.
        played: the card played.
        exact: each legal card's value with every card known: the player's points minus the
            opponent's in the rest of the deal, with best play by both from there.
        best: the best card with every card known (the card played, when it was one of the best).
        cost: what the card played cost, in points, with every card known (0 for a best card);
            for a card that loses the game, the difference in points of the two lines quoted
            (0 if the line that wins the game has fewer).
        estimates: each legal card's estimate from what the player could see (``None`` when
            estimates were not asked for).
        best_estimated: the card those estimates prefer (``None`` without estimates).
        explanation: why the best card was best, in English, told about the players by name
            (see :meth:`explain` to tell it to one of them as "you").
        loses_game: with every card known and both playing for the game, the card played lets
            the opponent win the game in this deal, where the best card does not: it costs the
            game.
        misses_win: with every card known and both playing for the game, the best card wins the
            game in this deal and the card played does not (the player may yet win it, if the
            other goes wrong; review 42a: it was said to cost the game).
        lost_here: for a card that ``loses_game``, whether the other player did win the game in
            this deal.  Where not (the other went wrong after it), the card only risked the
            game: it "could have cost the game" (review 42d: the winner was told that a card
            of theirs lost the game).
    """

    deal: int
    trick: int
    player: Seat
    played: Card
    exact: dict[Card, int]
    best: Card
    cost: int
    estimates: dict[Card, CardEstimate] | None
    best_estimated: Card | None
    reasons: tuple[Sentence, ...]
    names: tuple[str, str]
    loses_game: bool = False
    misses_win: bool = False
    lost_here: bool = False

    @property
    def costly(self) -> bool:
        """Whether the card played cost anything: points, the game, or a win of it."""
        return self.cost > 0 or self.for_the_game

    @property
    def for_the_game(self) -> bool:
        """Whether what the card cost is told in the game (lost, or a win missed), not points."""
        return self.loses_game or self.misses_win

    @property
    def cost_text(self) -> str:
        """What the card played cost, in words: "the game", "the game, at risk" (the other
        player could have won it in this deal, and did not), "a sure win of the game", "3
        points"."""
        if self.loses_game:
            return "the game" if self.lost_here else "the game, at risk"
        if self.misses_win:
            return "a sure win of the game"
        return _points(self.cost)

    @property
    def cost_said(self) -> str:
        """What the card played did, as a line of the review says it: "cost the game", "could
        have cost the game", "gave up a sure win of the game", "cost 3 points"."""
        if self.loses_game and not self.lost_here:
            return "could have cost the game"
        if self.misses_win:
            return "gave up a sure win of the game"
        return f"cost {self.cost_text}"

    @property
    def estimated_cost(self) -> float | None:
        """What the card played cost by the player's own estimates: the most points any legal
        card was estimated to bring, less the card played's (``None`` without estimates)."""
        if self.estimates is None:
            return None
        return max(e.points for e in self.estimates.values()) - self.estimates[self.played].points

    def explain(self, you: Seat | None = None) -> str:
        """The explanation, told to the player in seat ``you`` (if any) in the second person."""
        return " ".join(render(s, self.names, you) for s in self.reasons)

    @property
    def explanation(self) -> str:
        return self.explain()

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data: cards as codes (``"KS"``), values as numbers."""
        out: dict[str, Any] = {
            "deal": self.deal,
            "trick": self.trick,
            "player": self.player,
            "played": self.played.code,
            "exact": {c.code: v for c, v in _in_order(self.exact)},
            "best": self.best.code,
            "cost": self.cost,
            "loses_game": self.loses_game,
            "misses_win": self.misses_win,
            "lost_here": self.lost_here,
            "explanation": self.explanation,
        }
        if self.estimates is not None and self.best_estimated is not None:
            out["estimates"] = {
                c.code: {"points": round(e.points, 2), "win_chance": round(e.win_chance, 4)}
                for c, e in _in_order(self.estimates)
            }
            out["best_estimated"] = self.best_estimated.code
            out["estimated_cost"] = round(self.estimated_cost or 0.0, 2)
            out["worlds"] = next(iter(self.estimates.values())).worlds
        return out


@dataclass(frozen=True)
class DealAnalysis:
    """Every choice of one deal, weighed (:func:`analyse_deal`)."""

    deal: int
    names: tuple[str, str]
    plays: tuple[PlayAnalysis, ...]

    @property
    def costs(self) -> tuple[int, int]:
        """What each player's cards cost in the deal, in points, with every card known (a card
        that cost the game, or a win of it, is counted in :attr:`games_lost` or
        :attr:`wins_missed` instead)."""
        totals = [0, 0]
        for p in self.plays:
            if not p.for_the_game:
                totals[p.player] += p.cost
        return (totals[0], totals[1])

    @property
    def games_lost(self) -> tuple[int, int]:
        """How many of each player's cards cost the game (:attr:`PlayAnalysis.loses_game` and
        :attr:`PlayAnalysis.lost_here`)."""
        return (sum(p.loses_game and p.lost_here for p in self.plays if p.player == 0),
                sum(p.loses_game and p.lost_here for p in self.plays if p.player == 1))

    @property
    def games_risked(self) -> tuple[int, int]:
        """How many of each player's cards could have cost the game, with best play from the
        other, who went wrong after it (:attr:`PlayAnalysis.loses_game`, not
        :attr:`PlayAnalysis.lost_here`)."""
        return (sum(p.loses_game and not p.lost_here for p in self.plays if p.player == 0),
                sum(p.loses_game and not p.lost_here for p in self.plays if p.player == 1))

    @property
    def wins_missed(self) -> tuple[int, int]:
        """How many of each player's cards gave up a sure win of the game in this deal
        (:attr:`PlayAnalysis.misses_win`)."""
        return (sum(p.misses_win for p in self.plays if p.player == 0),
                sum(p.misses_win for p in self.plays if p.player == 1))

    def summary(self, you: Seat | None = None) -> str:
        """One line: what each player's choices cost (the game, points), and how much of that
        was on cards that were the best from what the player could see (hindsight, not a
        mistake)."""
        sentence: list[Any] = [f"Deal {self.deal}, {KNOWN}: "]
        for seat in (0, 1):
            choices = [p for p in self.plays if p.player == seat]
            sentence += ["; " if seat else "", Who(seat), " "]
            if not choices:  # ("you lose no points in 0 choices"; review 41d)
                sentence += [verb(seat, "has"), " no choice to make"]
                continue
            n = f"{len(choices)} choice{'s' if len(choices) != 1 else ''}"
            games = [p for p in choices if p.loses_game and p.lost_here]
            risked = [p for p in choices if p.loses_game and not p.lost_here]
            missed = [p for p in choices if p.misses_win]
            costly = [p for p in choices if p.cost and not p.for_the_game]
            points = _points(sum(p.cost for p in costly))
            unseen = sum(p.cost for p in costly if _hindsight(p))
            # what was lost, the gravest first: each with its count, the first "of 6 choices"
            clauses: list[list[Any]] = []
            said = ""  # the verb of the clause before, not said again ("and 14 points in 2 others")
            for found, third, what, hindsight in (
                    (games, "loses", " the game", " (the game"),
                    (risked, "risks", " the game", " (the game"),
                    (missed, "gives", " up a sure win of the game", " (the win"),
                    (costly, "loses", f" {points}", f" ({unseen} of those points")):
                if not found:
                    continue
                count = (" in the only choice" if len(choices) == 1 else  # (not "1 of 1")
                         f" in {len(found)} of {n}" if not clauses else
                         f" in {len(found)} other{'s' if len(found) != 1 else ''}")
                clause = [*([] if third == said else [verb(seat, third)]), what.lstrip()
                          if third == said else what, count]
                said = third
                if (unseen if found is costly else any(_hindsight(p) for p in found)):
                    seen = sum(_hindsight(p) for p in found)
                    clause += [hindsight, " on ", "cards that were" if seen > 1 else
                               "a card that was", " the best from what ", Who(seat), " could see)"]
                clauses.append(clause)
            if not clauses:
                clauses.append([verb(seat, "loses"), f" no points in {n}"])  # (not "0 in 0 of 6")
            for i, clause in enumerate(clauses):
                if i:
                    sentence.append(", and " if i == len(clauses) - 1 else ", ")
                sentence += clause
        return render((*sentence, "."), self.names, you)

    def cost_words(self, player: Seat | None = None) -> str:
        """"2 of 5 choices cost points", "1 of 5 choices lost the game", "the one choice gave
        up a sure win of the game", or "every choice was a best one": of ``player``'s choices,
        or of everyone's (``None``)."""
        mine = [p for p in self.plays if player is None or p.player == player]
        counts = ((sum(p.loses_game and p.lost_here for p in mine), "lost the game"),
                  (sum(p.loses_game and not p.lost_here for p in mine),
                   "could have lost the game"),
                  (sum(p.misses_win for p in mine), "gave up a sure win of the game"),
                  (sum(p.costly and not p.for_the_game for p in mine), "cost points"))
        found = [(k, what) for k, what in counts if k]
        if not found:
            return "every choice was a best one"
        if len(mine) == 1:  # (not "1 of 1 choices"; review 42a)
            return f"the one choice {found[0][1]}"
        parts = [f"{found[0][0]} of {len(mine)} choices {found[0][1]}"]
        parts += [f"{k} more {what}" for k, what in found[1:]]
        return ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]

    def review(self, player: Seat, you: Seat | None = None) -> list[str]:
        """What ``player``'s cards cost, as the terminal, the live table and the notebook
        widget show it after a deal, told to the player in seat ``you`` (if any): a heading,
        each costly choice with the best card and why, then what each player's choices cost.

        >>> from penneech import Game
        >>> from penneech.players import make_player, play_deal
        >>> game = Game("pagat", seed=7, first_dealer=1, players=("Ann", "Ben"))
        >>> play_deal(game, [make_player("greedy"), make_player("greedy")])
        >>> report = analyse_deal(game, 1, estimates=False)
        >>> print(report.review(0, you=0)[0])  # doctest: +NORMALIZE_WHITESPACE
        How your cards did in deal 1, with every card known (the turn-ups to come too): every
        choice was a best one.
        >>> for line in report.review(1, you=0):
        ...     print(line)  # doctest: +NORMALIZE_WHITESPACE
        How Ben's cards did in deal 1, with every card known (the turn-ups to come too): 1 of 5
        choices cost points.
        Trick 6: Ben played ♣Q; best ♥Q, cost 3 points.
          The best play here was ♥Q: it would keep the ♣Q for trick 7, when clubs are trumps, and
          it would score 3 there. With every card known and both playing their best from here,
          after ♥Q Ben would score 7 and you 1 in the rest of the deal; after ♣Q, 4 and 1.
        Deal 1, with every card known (the turn-ups to come too): you lose no points in 6
          choices; Ben loses 3 points in 1 of 5 choices.
        """
        for seat, what in ((player, "player"), (you, "you")):
            if not is_seat(seat) and not (what == "you" and seat is None):
                raise GameError(f"review: {what} must be a seat, 0 or 1"
                                + (" (or None)" if what == "you" else "")
                                + f", not {py_shown(seat)}")
        mine = [p for p in self.plays if p.player == player]
        if not mine:
            return [render((f"Deal {self.deal}: ", Who(player), " had no choice to make."),
                           self.names, you)]
        whose = "your" if player == you else f"{self.names[player]}'s"
        costly = sum(1 for p in mine if p.costly)
        unseen = sum(1 for p in mine if _hindsight(p))
        seer = "you" if player == you else self.names[player]
        which = ("it was" if unseen == costly == 1 else "all were" if unseen == costly
                 else f"{unseen} of them {'was' if unseen == 1 else 'were'}")
        head = (f"How {whose} cards did in deal {self.deal}, {KNOWN}: "
                + ("every choice was a best one." if not costly
                   else self.cost_words(player)
                   + ("." if not unseen else
                      f"; {which} the best from what {seer} could see, so that is "
                      "hindsight, not a mistake.")))
        return [head, *self.lines(you, player=player)]

    def lines(self, you: Seat | None = None, *, all_plays: bool = False,
              player: Seat | None = None) -> Iterator[str]:
        """The analysis as text: one line per choice that cost points (or per choice, with
        ``all_plays``; only ``player``'s, if given), each followed by its explanation, then the
        summary."""
        for p in self.plays:
            if not (p.costly or all_plays) or (player is not None and p.player != player):
                continue
            yield _play_line(p, you)
            yield "  " + p.explain(you)
        yield self.summary(you)

    def _repr_html_(self) -> str:
        """A table in a notebook: one row per choice, with its explanation."""
        from .render import words_html
        from .text import html_text

        rows = []
        for p in self.plays:
            # (each card named in words for a screen reader: words_html)
            values = " ".join(words_html(f"{card_text(c)}\u00a0{v:+d}")
                              for c, v in _in_order(p.exact))
            # (the card only: the play-outs choose by the chance of winning the game, which the
            # explanation under the row gives)
            mine = "" if p.best_estimated is None else card_text(p.best_estimated)
            # (a choice that cost nothing in grey: 5.5:1 on the grey of a dark theme's output)
            style = "" if p.costly else " style='color:#505050'"
            rows.append(
                f"<tr{style}><td>{p.trick}</td><td>{html_text(self.names[p.player])}</td>"
                f"<td>{words_html(card_text(p.played))}</td>"
                f"<td>{words_html(card_text(p.best))}</td>"
                f"<td>{p.cost if not p.for_the_game else html_text(p.cost_text)}</td>"
                f"<td>{words_html(mine)}</td><td>{values}</td></tr>"
                # the explanation wraps within the screen's width, though the table is wider
                f"<tr{style}><td colspan='7'><div style='max-width:min(60em,85vw);"
                f"padding-left:1.5em;white-space:normal'>{words_html(p.explanation)}</div>"
                "</td></tr>")
        return (
            "<table class='penneech-analysis'><thead><tr><th>trick</th><th>player</th>"
            "<th>played</th><th>best (every card known)</th><th>cost</th>"
            "<th>best from what the player saw</th><th>each card's value</th></tr>"
            f"</thead><tbody>{''.join(rows)}</tbody></table><p>{html_text(self.summary())}</p>")

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data for the live table and the notebooks."""
        return {
            "deal": self.deal,
            "players": list(self.names),
            "costs": list(self.costs),
            "games_lost": list(self.games_lost),
            "games_risked": list(self.games_risked),
            "wins_missed": list(self.wins_missed),
            "summary": self.summary(),
            "plays": [p.to_json() for p in self.plays],
        }


def _hindsight(p: PlayAnalysis) -> bool:
    """Whether a costly card was the best from what its player could see (the play-outs' own
    choice, the one Hint gives): its cost is the hidden cards', not a mistake (review 39c:
    the learner who followed the Hint was told it lost 16 points)."""
    return p.costly and p.best_estimated == p.played


def _in_order(values: dict[Card, Any]) -> list[tuple[Card, Any]]:
    return sorted(values.items(), key=lambda kv: kv[0])


def _points(n: float) -> str:
    if isinstance(n, float) and not n.is_integer():
        return f"{n:.1f} points"
    return f"{int(n)} point{'' if int(n) == 1 else 's'}"


def _play_line(p: PlayAnalysis, you: Seat | None) -> str:
    who = render((Who(p.player),), p.names, you)
    text = (f"Trick {p.trick}: {who} played {card_text(p.played)}; best {card_text(p.best)}, "
            f"{p.cost_said}")
    if p.best_estimated is not None:
        # (no cost in points here: the play-outs choose by the chance of winning the game, and
        # the explanation under the line gives it, in that measure)
        text += (f" (from what could be seen: {card_text(p.best_estimated)}, the card played)"
                 if p.best_estimated == p.played else
                 f" (from what could be seen: best {card_text(p.best_estimated)})")
    return text + "."


# -- replaying a game --------------------------------------------------------------------------


def deal_numbers(game: Game) -> list[int]:
    """The deals of ``game`` in which cards were played, in order."""
    check_game(game, "deal_numbers")
    numbers: list[int] = []
    deal = 0
    for action in game.actions:
        if isinstance(action, DealAction):
            deal += 1
        elif isinstance(action, PlayAction) and (not numbers or numbers[-1] != deal):
            numbers.append(deal)
    return numbers


def _replay(game: Game) -> Iterator[tuple[Game, PlayAction | None, int]]:
    """Step through ``game`` from the start: before each action, yield the game as it then was
    (the same object each time), the action if it is a play (else ``None``) and the deal."""
    replay = Game(game.rules, seed=game.seed, players=game.names, first_dealer=game.first_dealer,
                  auto_deal=False)
    for action in game.actions:
        yield replay, action if isinstance(action, PlayAction) else None, replay.deal_number
        replay._apply(action)


def analyse_game(game: Game, *, estimates: bool = True, worlds: int = DEFAULT_WORLDS,
                 seed: int = 0, estimates_of: Seat | None = None) -> list[DealAnalysis]:
    """:func:`analyse_deal` for every deal of ``game`` in which cards were played."""
    check_game(game, "analyse_game")
    return [analyse_deal(game, n, estimates=estimates, worlds=worlds, seed=seed,
                         estimates_of=estimates_of)
            for n in deal_numbers(game)]


def analyse_deal(game: Game, deal: int, *, estimates: bool = True,
                 worlds: int = DEFAULT_WORLDS, seed: int = 0,
                 estimates_of: Seat | None = None) -> DealAnalysis:
    """Weigh every card played in deal number ``deal`` of ``game`` (see the module's
    description).  The game is not changed.

    ``estimates`` adds the play-out player's estimates from each player's view, with
    ``worlds`` worlds per choice and ``seed`` (the same seed as a play-out player gives that
    player's own figures); ``estimates_of`` asks them for that player's choices only (the
    live table shows the reader only the reader's: the other player's would be worked out for
    nothing, and they are most of the time an analysis takes).  Every choice is still weighed
    with every card known.

    Raises:
        GameError: no card was played in that deal.
    """
    check_game(game, "analyse_deal")
    if isinstance(deal, bool) or not isinstance(deal, int) or deal < 1:
        raise GameError(f"deal must be a whole number from 1, not {py_shown(deal)}")
    if estimates_of is not None and not is_seat(estimates_of):
        raise GameError(f"estimates_of must be a seat, 0 or 1 (or None), not "
                        f"{py_shown(estimates_of)}")
    check_seed(seed)
    plays: list[PlayAnalysis] = []
    for replay, action, number in _replay(game):
        if number < deal:
            continue
        if number > deal:
            break
        if action is None or len(replay.legal_plays()) < 2:
            continue
        plays.append(_weigh(replay, action, estimates and estimates_of in (None, action.player),
                            worlds, seed))
    if not plays and deal not in deal_numbers(game):
        raise GameError(f"no card was played in deal {deal}")
    # who won the game in this deal, if it ended in it: a card that would have let the other
    # win "cost the game" only where the other did win (review 42d)
    # (and only where the other did not go wrong after it: a sure win given back, and the game
    # thrown away again later, is the later card's loss; review 42e)
    ended = game.outcome is not None and game.deal_number == deal
    winner = game.outcome.winner if game.outcome is not None and ended else None
    plays = [replace(p, lost_here=winner == other_seat(p.player) and not any(
        q.for_the_game for q in plays[i + 1:] if q.player == winner)) if p.loses_game else p
        for i, p in enumerate(plays)]
    return DealAnalysis(deal, game.names, tuple(plays))


def _weigh(game: Game, action: PlayAction, with_estimates: bool, worlds: int,
           seed: int) -> PlayAnalysis:
    player = action.player
    played = action.card
    position = Position.from_game(game)
    exact = Solver(position).move_values()
    for_game = Solver(position, for_game=True)
    outcome = dict.fromkeys(exact, 0)
    if for_game.decides_game:  # who wins the game, with both playing for it from here
        outcome = {c: (v >= GAME_WON // 2) - (v <= -GAME_WON // 2)
                   for c, v in for_game.move_values().items()}
    # the game decided in this deal whatever the player does: -1 lost, 1 won (else 0)
    decided = outcome[played] if len(set(outcome.values())) == 1 else 0
    if decided == -1:
        # nothing saves the game, with every card known: the cards are ranked by their points
        # (every card "best" taught nothing, and the opponent may yet go wrong; review 39c)
        outcome = dict.fromkeys(exact, 0)
    best, cost = _best_and_cost(played, exact, outcome)
    # the lines told are played for the game where the game is what tells the two cards apart;
    # else for points, as the cost is counted (lines played for the game quoted figures that
    # did not add up to the cost; review 40a)
    for_the_game = for_game.decides_game and outcome[best] != outcome[played]
    lines: dict[Card, list[Event]] = {}

    def line(card: Card) -> list[Event]:
        if card not in lines:
            lines[card] = _line(game, card, for_the_game)
        return lines[card]

    if for_the_game:  # it costs the game; in points, what the lines told show (review 41d:
        # "cost 1 point" beside lines that showed it a point ahead, where the winning line stops)
        other = other_seat(player)
        net = {c: _total(line(c), player) - _total(line(c), other) for c in (best, played)}
        cost = max(0, net[best] - net[played])

    found: dict[Card, CardEstimate] | None = None
    preferred: Card | None = None
    if with_estimates:
        found = estimate(game.view(player), worlds, seed)
        preferred = best_card(found)
    reasons = _reasons(game, line, player, played, best, exact, found, preferred, decided,
                       for_the_game)
    return PlayAnalysis(
        deal=game.deal_number, trick=game.trick_number, player=player, played=played,
        exact=exact, best=best, cost=cost, estimates=found,
        best_estimated=preferred, reasons=reasons, names=game.names,
        loses_game=for_the_game and outcome[played] == -1,
        misses_win=for_the_game and outcome[played] == 0,
    )


def _best_and_cost(played: Card, exact: dict[Card, int],
                   outcome: dict[Card, int]) -> tuple[Card, int]:
    """The best card and the cost of the card played.

    Cards are ranked first by the game's ``outcome`` after them (1 won, 0 not decided, -1
    lost, with both playing for the game from there), then, where the game goes on, by the
    ``exact`` points: points scored after the game is won count for nothing.  A card that
    gives up a win, or lets the opponent win, costs at least a point."""

    def rank(card: Card) -> tuple[int, int]:
        return outcome[card], exact[card] if outcome[card] == 0 else 0

    top = max(rank(c) for c in exact)
    if rank(played) == top:
        return played, 0
    best = min(c for c in exact if rank(c) == top)
    if outcome[played] < outcome[best]:
        return best, max(1, exact[best] - exact[played])
    return best, exact[best] - exact[played]


# -- why ---------------------------------------------------------------------------------------


def _line(game: Game, card: Card, for_game: bool = False) -> list[Event]:
    """The events after ``card`` is played in ``game`` and both sides then play perfectly, with
    every card known, to the end of the deal (or of the game); ``for_game``, playing for the
    game first."""
    copy = game.copy()
    start = len(copy.events)
    deal = copy.deal_number
    copy.play(card)
    if copy.phase is Phase.PLAY and copy.deal_number == deal:
        for c in Solver(Position.from_game(copy), for_game=for_game).solve().pv:
            if copy.phase is not Phase.PLAY or copy.deal_number != deal:
                break
            copy.play(c)
    return list(copy.events[start:])


def _gains(events: Sequence[Event], player: Seat) -> dict[Card, int]:
    """What each card scored for ``player`` (less what it scored for the opponent)."""
    out: dict[Card, int] = {}
    for e in events:
        if isinstance(e, Scored) and e.card is not None and e.source == "trick":
            out[e.card] = out.get(e.card, 0) + (e.points if e.player == player else -e.points)
    return out


def _total(events: Sequence[Event], player: Seat) -> int:
    return sum(e.points for e in events if isinstance(e, Scored) and e.player == player)


def _trick_of(events: Sequence[Event], card: Card) -> TrickWon | None:
    for e in events:
        if isinstance(e, TrickWon) and card in e.cards:
            return e
    return None


def _first_trick(events: Sequence[Event]) -> TrickWon | None:
    for e in events:
        if isinstance(e, TrickWon):
            return e
    return None


def _reasons(game: Game, line: Callable[[Card], list[Event]], player: Seat, played: Card,
             best: Card, exact: dict[Card, int], found: dict[Card, CardEstimate] | None,
             preferred: Card | None, decided: int = 0,
             for_the_game: bool = False) -> tuple[Sentence, ...]:
    me = Who(player)
    other = other_seat(player)
    sentences: list[Sentence] = []
    if decided:
        winner = player if decided > 0 else other
        sentences.append((
            "With every card known and both playing their best, ", Who(winner),
            " would win the game in this deal whatever ", me, " ", verb(player, "plays"),
            " here" + ("" if decided > 0 else ", so the cards are weighed by their points")
            + ".",
        ))
    if best == played:
        # (the points said as each side's score: "(-27 points in the rest of the deal)" beside
        # "the best play" read as a loss to a newcomer; it was the margin; review 45b)
        after = line(played)
        sentences.append((
            f"{card_text(played)} was the best play here, with every card known: after it, both "
            "playing their best, ", me, f" would score {_total(after, player)} and ", Who(other),
            f" {_total(after, other)} in the rest of the deal.",
        ))
    else:
        good = line(best)
        bad = line(played)
        why = _why(game, player, played, best, good, bad, for_the_game)
        head: Sentence = (f"The best play here was {card_text(best)}",)
        sentences.append(head + ((": ",) + why if why else ()) + (".",))
        # (what follows each card is the line both would play with every card known, not what
        # was played: said as what would happen, so that it is not read against the account of
        # the deal; review 36b)
        sentences.append((
            f"With every card known and both playing their best from here, after "
            f"{card_text(best)} ", me, f" would score {_total(good, player)} and ", Who(other),
            f" {_total(good, other)} in the rest of the deal; after {card_text(played)}, "
            f"{_total(bad, player)} and {_total(bad, other)}.",
        ))
    if found is not None and preferred is not None:
        # ("the play-outs", the engine's word, said nothing to a reader: what they are is
        # said, guesses at the hidden cards played out; review 45b)
        if preferred == played == best:
            sentences.append((
                "From what ", me, " could see, it was the best choice too: over many guesses at "
                f"the hidden cards, each played out, it came out {_lead(found[played].points)} on "
                "average in the rest of the deal.",
            ))
        elif preferred == played:
            sentences.append((
                "From what ", me, f" could see, {card_text(played)}, the card played, was the "
                f"better choice (over many guesses at the hidden cards, "
                f"{_by(found, played, best)}): {card_text(best)} is the better only with the "
                "hidden cards known.",
            ))
        else:
            a, b = found[preferred], found[played]
            if (round(a.win_chance, 3), round(a.points, 1)) == (round(b.win_chance, 3),
                                                                  round(b.points, 1)):
                sentences.append((
                    "From what ", me, f" could see, {card_text(played)} and "
                    f"{card_text(preferred)} were as good as each other (each came out "
                    f"{_lead(b.points)} on average over many guesses at the hidden cards).",
                ))
            else:
                sentences.append((
                    "From what ", me, f" could see, {card_text(preferred)} was the better "
                    f"choice (over many guesses at the hidden cards, "
                    f"{_by(found, preferred, played)}).",
                ))
    return tuple(sentences)


def _by(found: dict[Card, CardEstimate], chosen: Card, other: Card) -> str:
    """Why the play-outs chose ``chosen`` over ``other``, in what they chose by: the chance of
    winning the game, or, where the two are as likely to win, the points of the deal."""
    a, b = found[chosen], found[other]
    # (the choice is by the chance of winning, the points breaking near-ties: CardEstimate.score)
    near = round(a.win_chance, 3) == round(b.win_chance, 3) or a.win_chance <= b.win_chance
    if near and a.points >= b.points:
        return (f"it came out {_lead(a.points)} on average in the rest of the deal, against "
                f"{_lead(b.points)} after {card_text(other)}")
    # the chance of winning decided, if only by a hair: shown with the decimals that tell the
    # two apart (rounded alike, the points were shown, which favoured the other card)
    decimals = 1
    while decimals < 4 and round(a.win_chance * 100, decimals) == round(b.win_chance * 100,
                                                                          decimals):
        decimals += 1
    shown = f"{a.win_chance:.{decimals}%}"
    return (f"it gave {article(shown)} {shown} chance of winning the game, against "
            f"{b.win_chance:.{decimals}%} after {card_text(other)}")


def _lead(points: float) -> str:
    """A margin of points as the player's lead over the other: "4.2 points ahead", "1.0 point
    behind", "level".

    >>> _lead(4.25), _lead(-1.0), _lead(0.04)
    ('4.2 points ahead', '1.0 point behind', 'level')
    """
    shown = f"{abs(points):.1f}"
    if shown == "0.0":
        return "level"
    return f"{shown} point{'' if shown == '1.0' else 's'} {'ahead' if points > 0 else 'behind'}"


def _why(game: Game, player: Seat, played: Card, best: Card, good: list[Event],
         bad: list[Event], for_the_game: bool = False) -> Sentence:
    """The clearest difference between the line after ``best`` and the line after
    ``played``: the game won or lost, a card kept for a trick where it scores, this trick won,
    a card that scores for the opponent, the tricks taken, or the later trick in which the
    better card gains the most.  Both
    lines are what would follow with every card known, so it is said as what would happen.
    The game is the reason only where the lines are played for it (``for_the_game``): lines
    played for points can reach the target where, played for the game, nobody would (review
    41d: "after ♣A, Ben would win the game" of a card that did not lose it)."""
    other = other_seat(player)
    hand = game.hand(player)
    gains_good = _gains(good, player)
    gains_bad = _gains(bad, player)
    # 1. the game won or lost
    won_good = _game_winner(good)
    won_bad = _game_winner(bad)
    if for_the_game and won_good != won_bad:
        if won_good == player:
            return ("with it ", Who(player), " would win the game in this deal",)
        if won_bad == other:
            return ("after ", f"{card_text(played)}, ", Who(other),
                    " would win the game in this deal")
    # 2. a card (the one played, or another) kept for a later trick where it scores
    kept = []
    for card in hand:
        if card == best:
            continue
        more = gains_good.get(card, 0) - gains_bad.get(card, 0)
        trick = _trick_of(good, card)
        if more >= 2 and trick is not None and gains_good.get(card, 0) > 0:
            kept.append((more, card, trick))
    if kept:
        more, card, trick = max(kept, key=lambda k: (k[0], -k[2].trick))
        when = f"trick {trick.trick}, when {trick.trumps.noun} are trumps"
        if card == played:
            return (f"it would keep {_the(card)} for {when}, and it would score "
                    f"{gains_good[card]} there",)
        # the card played did not spend it either: say what it scores in each line
        then = gains_bad.get(card, 0)
        after: Sentence = (f"; after {card_text(played)}, it would score "
                           + ("nothing" if then == 0 else f"only {then}"),) if then >= 0 else (
            f"; after {card_text(played)}, it would give ", Who(other), f" {-then}")
        return (f"after it, {_the(card)} would score {gains_good[card]} in {when}",) + after
    # 3. this trick
    now_good = _first_trick(good)
    now_bad = _first_trick(bad)
    if now_good is not None and now_bad is not None and now_good.winner != now_bad.winner:
        if now_good.winner == player:
            sentence: Sentence = ("it would take this trick"
                                  + _worth(good, now_good.trick, player),)
            lost = _worth(bad, now_bad.trick, other)
            if lost:
                sentence += (f"; after {card_text(played)}, ", Who(other),
                             f" would take it{lost}")
            return sentence
        return ("it would let ", Who(other), " take this trick, and that costs less",)
    # 4. a card of the player's that scores for the opponent after the card played
    given = [(gains_bad.get(c, 0), c) for c in hand if gains_bad.get(c, 0) < 0]
    if given:
        loss, card = min(given, key=lambda g: (g[0], g[1].index))
        trick = _trick_of(bad, card)
        where = f" in trick {trick.trick}" if trick is not None else ""
        return (f"after {card_text(played)}, {_the(card)} would give ", Who(other),
                f" {-loss} points{where}",)
    # 5. the tricks taken
    taken_good = _taken(good, player)
    taken_bad = _taken(bad, player)
    if len(taken_good) > len(taken_bad):  # (fewer tricks after the better card: no reason)
        return ("after it ", Who(player), f" would take {_tricks(taken_good)}; "
                f"after {card_text(played)}, {_tricks(taken_bad)}",)
    # 6. the later trick in which the better card gains the most (the bare difference in
    # points, about one costly card in eight, taught nothing; review 39c)
    parted = _parting(good, bad, player)
    if parted is not None:
        g, b = parted
        # (a trick worth nothing is said so: the reader had to guess it; review 40a)
        # (and what the other player would score in it, where a card scores for the player who
        # held it: the difference can be theirs alone; review 41d)
        head = (f"most of the difference comes in trick {g.trick}, when {g.trumps.noun} "
                "are trumps: after it ", Who(g.winner), " would take that trick"
                f"{_worth(good, g.trick, g.winner) or ', worth nothing'}",
                *_held(good, g.trick, other_seat(g.winner)))
        return head + (f"; after {card_text(played)}, ", Who(b.winner),
                       f" would take it{_worth(bad, b.trick, b.winner) or ', worth nothing'}",
                       *_held(bad, b.trick, other_seat(b.winner)))
    # 7. the score of the rest of the deal
    diff = (_total(good, player) - _total(good, other)) - (_total(bad, player) -
                                                           _total(bad, other))
    return (f"it would come out {_points(diff)} better over the rest of the deal",)


def _game_winner(events: Sequence[Event]) -> Seat | None:
    for e in events:
        if isinstance(e, GameWon):
            return e.winner
    return None


def _taken(events: Sequence[Event], player: Seat) -> list[int]:
    return [e.trick for e in events if isinstance(e, TrickWon) and e.winner == player]


def _tricks(numbers: Sequence[int]) -> str:
    if not numbers:
        return "no trick"
    if len(numbers) == 1:
        return f"trick {numbers[0]}"
    return "tricks " + ", ".join(str(n) for n in numbers[:-1]) + f" and {numbers[-1]}"


def _pegs(events: Sequence[Event], trick: int) -> list[Scored]:
    """The pegs of trick number ``trick``: its counting cards and the card turned up after it
    (not the majority bonus), the pegs between that trick's end and the next."""
    out = []
    current = 0
    for e in events:
        if isinstance(e, TrickWon):
            current = e.trick
        elif isinstance(e, Scored) and current == trick and e.source != "majority":
            out.append(e)
    return out


def _net(events: Sequence[Event], trick: int, player: Seat) -> int:
    """What ``player`` pegged for trick number ``trick`` and the card turned up after it, less
    what the other player pegged."""
    return sum(s.points if s.player == player else -s.points for s in _pegs(events, trick))


def _parting(good: Sequence[Event], bad: Sequence[Event],
             player: Seat) -> tuple[TrickWon, TrickWon] | None:
    """The later trick in which the better line gains ``player`` the most over the other (the
    earliest of equals), as it is won in each line, where the trumps are the same in both;
    ``None`` if no trick gains."""
    after_bad = {e.trick: e for e in bad if isinstance(e, TrickWon)}
    now = _first_trick(good)
    found: tuple[int, TrickWon, TrickWon] | None = None
    for g in (e for e in good if isinstance(e, TrickWon)):
        b = after_bad.get(g.trick)
        if b is None or b.trumps != g.trumps or (now is not None and g.trick == now.trick):
            continue
        gain = _net(good, g.trick, player) - _net(bad, b.trick, player)
        if gain > 0 and (found is None or gain > found[0]):
            found = (gain, g, b)
    return None if found is None else (found[1], found[2])


def _worth(events: Sequence[Event], trick: int, player: Seat) -> str:
    """", worth 9 points: 4 in it, and 5 for the ♦A turned up after it": what ``player``
    would peg for trick number ``trick``, its cards and the card turned up after it (which the
    reader did not see then: said apart; review 39c), not the majority bonus; "" for nothing."""
    mine = [s for s in _pegs(events, trick) if s.player == player]
    turned = [s for s in mine if s.source == "turnup"]
    in_trick = sum(s.points for s in mine if s.source != "turnup")
    up = sum(s.points for s in turned)
    if not in_trick + up:
        return ""
    said = f", worth {in_trick + up} points"
    if not up:
        return said
    card = turned[0].card
    if not in_trick:
        return said + (f", all for {_the(card)} turned up after it" if card else "")
    return said + f": {in_trick} in it, and {up} for " + (
        f"{_the(card)} turned up after it" if card else "the card turned up after it")


def _held(events: Sequence[Event], trick: int, loser: Seat) -> Sentence:
    """" (and Ann would score 2 in it, for the ♥J)": what the player who did not take trick
    number ``trick`` would peg in it (a card they played that scores for its holder), else
    nothing."""
    mine = [s for s in _pegs(events, trick) if s.player == loser]
    if not mine:
        return ()
    cards = " and ".join(_the(s.card) for s in mine if s.card is not None)
    return (" (and ", Who(loser), f" would score {sum(s.points for s in mine)} in it"
            + (f", for {cards})" if cards else ")"),)


def _the(card: Card) -> str:
    return f"the {card_text(card)}"
