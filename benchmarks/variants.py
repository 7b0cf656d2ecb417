"""Variants of the expert that were tried and not adopted, measured against the expert as it is.

Each variant changes one thing in :mod:`penneech.playouts` for the length of a run (a module
setting, or a wrapper around the greedy scores the play-outs choose by), and is compared with the
unchanged expert on the same duplicate deals, as ``benchmarks/deal_duel.py`` plays them (the
contender in one seat and ``--against`` in the other, then seats swapped, every hand kept, from
0-0).  Prints both players' points a deal against the opponent, and the paired difference (the
variant minus the expert, deal by deal) with its standard error::

    python benchmarks/variants.py looser-inference --against solver --deals 200 --seed 3000 \\
        minimal parlett
    python benchmarks/variants.py noisy-own:1 noisy-both:1 --deals 300 --seed 1000 minimal parlett

Variants (``:T`` a temperature in points of the greedy scores, 1 if not given):

* ``looser-inference``: the opponent's plays weighed by a looser model of it (temperature 2
  instead of 1, and 30% of its choices taken to be random instead of 10%);
* ``noisy-own:T``: in the play-outs, the player's own later cards are drawn from a softmax over
  the greedy scores at temperature ``T`` instead of the best score (the opponent's as before);
* ``noisy-both:T``: the same for both sides' later cards.
* ``sharp-inference:N``: the opponent's plays weighed by a sharp model of greedy (temperature
  0.05, 1% of its choices taken to be random: against greedy, nearly its exact choices), with
  ``N`` hands dealt to the opponent for each world kept instead of 3 (6 if not given), since far
  fewer hands fit such a model.
* ``tempered-inference:T``: between the two: the opponent's plays weighed by greedy at
  temperature ``T`` (0.3 if not given), 3% of its choices taken to be random, 6 hands dealt to
  the opponent for each world kept.
* ``own-WEIGHT:V`` (``WEIGHT`` one of :class:`~penneech.players.GreedyWeights`' fields, e.g.
  ``own-win:2.5``): in the play-outs, the player's own later cards are chosen by the greedy
  judgement with that weight set to ``V``; the opponent's are greedy's as before.
* ``nested:M``: in the play-outs, each of the player's own later cards (with more than one
  legal) is chosen by a play-out search of its own, from what the player would know there: ``M``
  worlds dealt afresh at random (the opponent's hand kept clear of the suits it has shown it
  lacks, before the decision or in the play-out; no weighing by its plays), each legal card
  played out in each by the greedy judgement, the best chance of winning the game taken (points
  a tie-break): a smaller version of the search the expert makes for its card now, one level
  of nesting.  The expert with 100 worlds plays it (``expert:worlds=100``): the cost is far
  beyond the 0.5 s a decision may take.
* ``nested-next:M``: the same for the player's next own choice only; its later ones are
  greedy's, as now.
* ``mixed-inference:P``: the opponent taken to be either the sharp model's player (with chance
  ``P``, 0.5 if not given) or the soft one's, for the whole deal: each hand weighed by ``P``
  times its likelihood under the sharp model plus ``1 - P`` times its likelihood under the
  present one (a Bayesian mixture: the plays seen decide which model counts), 6 hands a world.

The variants of ``worlds`` and ``inference`` are settings of the player itself: use
``deal_duel.py expert expert:worlds=800`` or ``expert:inference=1`` for those.

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from deal_duel import _error, duel  # noqa: E402

from penneech import playouts  # noqa: E402
from penneech.rules import PRESET_NAMES, SUITS_BY_INDEX, TRICKS  # noqa: E402


@contextlib.contextmanager
def _settings(**values: Any) -> Iterator[None]:
    """Module settings of :mod:`penneech.playouts` changed for the length of the block."""
    old = {name: getattr(playouts, name) for name in values}
    for name, value in values.items():
        setattr(playouts, name, value)
    playouts._REMEMBERED.clear()  # estimates remembered from the other version are not valid
    try:
        yield
    finally:
        for name, value in old.items():
            setattr(playouts, name, value)
        playouts._REMEMBERED.clear()


def _noisy(temperature: float, own_only: bool) -> contextlib.AbstractContextManager[None]:
    """Play-outs whose later choices are a softmax over the greedy scores: each score gets
    ``temperature`` times a Gumbel draw, so that the best of the perturbed scores is a softmax
    draw.  The player's view decides the draws (a generator seeded per decision), so a run is
    reproducible; the inference, which calls the same scores outside the play-outs, is left as
    it is."""
    state: dict[str, Any] = {"me": -1, "rng": random.Random(0)}
    lead_scores, follow_scores = playouts._lead_scores, playouts._follow_scores
    play_out, estimate = playouts._play_out, playouts._estimate

    def perturb(scores: list[float], player: int) -> list[float]:
        if state["me"] < 0 or (own_only and player != state["me"]):
            return scores
        rng: random.Random = state["rng"]
        return [s - temperature * math.log(-math.log(rng.random() or 1e-300)) for s in scores]

    def noisy_lead(tables: Any, greedy: Any, player: int, *rest: Any) -> list[float]:
        return perturb(lead_scores(tables, greedy, player, *rest), player)

    def noisy_follow(tables: Any, greedy: Any, player: int, *rest: Any) -> list[float]:
        return perturb(follow_scores(tables, greedy, player, *rest), player)

    def noisy_play_out(world: Any, first: int, pack: int, public: int) -> tuple[int, int, bool]:
        pos = world.position
        state["me"] = pos.leader if pos.led is None else 1 - pos.leader
        try:
            return play_out(world, first, pack, public)
        finally:
            state["me"] = -1

    def seeded_estimate(view: Any, legal: Sequence[Any], worlds: int, seed: int,
                        inference: int) -> Any:
        state["rng"] = random.Random(seed ^ 0x5EED)
        return estimate(view, legal, worlds, seed, inference)

    return _settings(_lead_scores=noisy_lead, _follow_scores=noisy_follow,
                     _play_out=noisy_play_out, _estimate=seeded_estimate)


def _mixed(prior: float) -> contextlib.AbstractContextManager[None]:
    """The opponent's plays weighed by a mixture of the sharp model and the present one (see
    ``mixed-inference`` in the module's description)."""
    likelihood = playouts._likelihood
    soft = (playouts._TEMPERATURE, playouts._RANDOM_SHARE)

    def mixed(rules: Any, opponent: int, choices: Any, hand: int, pack: int,
              memo: dict[Any, Any] | None = None) -> float:
        if memo is None:
            memo = {}
        sharp_memo = memo.setdefault((-1, -1), {})  # the sharp model's own figures
        playouts._TEMPERATURE, playouts._RANDOM_SHARE = 0.05, 0.01
        try:
            sharp = likelihood(rules, opponent, choices, hand, pack, sharp_memo)
        finally:
            playouts._TEMPERATURE, playouts._RANDOM_SHARE = soft
        return prior * sharp + (1.0 - prior) * likelihood(rules, opponent, choices, hand, pack,
                                                           memo)

    return _settings(_likelihood=mixed)


def _own_weights(field: str, value: float) -> contextlib.AbstractContextManager[None]:
    """Play-outs in which the player's own later cards are chosen by the greedy judgement with
    one weight changed (:class:`~penneech.players.GreedyWeights`); the opponent's stay
    greedy's, and so does the inference."""
    from penneech.players import GREEDY, _greedy_tables

    play_out = playouts._play_out
    weights = GREEDY._replace(**{field: value})

    def own_play_out(world: Any, first: int, pack: int, public: int) -> tuple[int, int, bool]:
        return play_out(world, first, pack, public, _greedy_tables(world.position.rules, weights))

    return _settings(_play_out=own_play_out)


def _nested(inner: int, depth: int) -> contextlib.AbstractContextManager[None]:
    """Play-outs in which the player's own later cards are chosen by a play-out search of their
    own, ``inner`` worlds each, for the first ``depth`` of them (see ``nested`` in the module's
    description)."""
    from penneech.solver import _ALL, Position, _bits, _mask, voids

    state: dict[str, Any] = {"rng": random.Random(0), "void": 0, "decisions": 0}
    play_out, estimate = playouts._play_out, playouts._estimate

    def choose(turn: playouts._Turn) -> int | None:
        if state["decisions"] >= depth:
            return None
        state["decisions"] += 1
        rules = turn.world.position.rules
        model = playouts.win_model(rules)
        pack = _mask(rules.pack)
        rng: random.Random = state["rng"]
        me, t = turn.player, turn.trick
        unknown = pack & ~(turn.hand | turn.public)
        allowed = unknown & ~(state["void"] | turn.shown_void)
        anywhere = _bits(unknown)
        candidates = _bits(allowed) if allowed.bit_count() >= turn.opponent_size else anywhere
        mine = tuple(_ALL[i] for i in _bits(turn.hand))
        trumps = SUITS_BY_INDEX[turn.world.solver._trumps[t]]
        led = _ALL[turn.lead] if turn.lead >= 0 else None
        totals = dict.fromkeys(turn.legal, 0.0)
        before = turn.scores[me] - turn.scores[1 - me]
        for _ in range(inner):
            theirs = rng.sample(candidates, turn.opponent_size)
            taken = set(theirs)
            turnups = rng.sample([c for c in anywhere if c not in taken], TRICKS - t)
            hands = (mine, tuple(_ALL[i] for i in theirs))
            position = Position(rules, hands if me == 0 else hands[::-1], trumps,
                                tuple(_ALL[i] for i in turnups), turn.leader, led, t + 1,
                                (turn.won0, t - turn.won0), turn.scores)
            world = playouts._World(position)
            for card in turn.legal:
                s0, s1, over = play_out(world, card, pack, turn.public)
                after = (s0, s1)
                totals[card] += playouts._chance_after(rules, model, me, after, over) + \
                    playouts.POINT_WEIGHT * (after[me] - after[1 - me] - before)
        return max(turn.legal, key=lambda card: (totals[card], -card))

    def nested_play_out(world: Any, first: int, pack: int, public: int) -> tuple[int, int, bool]:
        state["decisions"] = 0
        return play_out(world, first, pack, public, choose=choose)

    def seeded_estimate(view: Any, legal: Sequence[Any], worlds: int, seed: int,
                        inference: int) -> Any:
        state["rng"] = random.Random(seed ^ 0x4E57)
        lacking = voids(view)
        state["void"] = _mask(c for c in view.rules.pack if c.suit in lacking)
        return estimate(view, legal, worlds, seed, inference)

    return _settings(_play_out=nested_play_out, _estimate=seeded_estimate)


def variant(spec: str) -> tuple[contextlib.AbstractContextManager[None], str]:
    """The change a variant's name stands for (see the module's description), and the player
    it is made to (a ``deal_duel.py`` contender)."""
    name, _, value = spec.partition(":")
    try:
        number = float(value) if value else None
    except ValueError:
        raise SystemExit(f"variant {spec!r}: {value!r} after the colon is not a number") from None
    if number is not None and number <= 0:
        raise SystemExit(f"variant {spec!r}: {value!r} after the colon must be above 0")
    if name == "mixed-inference" and number is not None and number > 1:
        raise SystemExit(f"variant {spec!r}: {value!r} after the colon is a chance: at most 1")
    temperature = number if number is not None else 1.0
    makers: dict[str, Callable[[], tuple[contextlib.AbstractContextManager[None], str]]] = {
        "looser-inference": lambda: (_settings(_TEMPERATURE=2.0, _RANDOM_SHARE=0.3), "expert"),
        "noisy-own": lambda: (_noisy(temperature, own_only=True), "expert"),
        "noisy-both": lambda: (_noisy(temperature, own_only=False), "expert"),
        "sharp-inference": lambda: (_settings(_TEMPERATURE=0.05, _RANDOM_SHARE=0.01),
                                    f"expert:inference={int(number) if number else 6}"),
        "tempered-inference": lambda: (
            _settings(_TEMPERATURE=number if number is not None else 0.3, _RANDOM_SHARE=0.03),
            "expert:inference=6"),
        "mixed-inference": lambda: (_mixed(number if number is not None else 0.5),
                                    "expert:inference=6"),
    }
    from penneech.players import GreedyWeights

    if name in ("nested", "nested-next"):
        if number is None or number != int(number):
            raise SystemExit(f"variant {spec!r}: give the worlds of each inner search after a "
                             f"colon, a whole number, as in {name}:8")
        return _nested(int(number), 1 if name == "nested-next" else TRICKS), "expert:worlds=100"
    if name.startswith("own-") and name[4:] in GreedyWeights._fields:
        if number is None:
            raise SystemExit(f"variant {spec!r}: give the weight after a colon, as in own-win:2")
        return _own_weights(name[4:], number), "expert"
    if name not in makers:
        raise SystemExit(f"unknown variant {spec!r}: use one of {', '.join(makers)}, or "
                         f"nested:M, nested-next:M, or own-WEIGHT:V with WEIGHT one of "
                         f"{', '.join(GreedyWeights._fields)}")
    return makers[name]()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variants", nargs="+", help="variant names (presets among them are "
                        "taken as the presets to play)")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1000, help="the first deal's seed")
    parser.add_argument("--against", default="greedy", help="the opponent (default greedy)")
    args = parser.parse_intermixed_args()
    presets = [v for v in args.variants if v in PRESET_NAMES] or list(PRESET_NAMES)
    specs = [v for v in args.variants if v not in PRESET_NAMES]
    for spec in specs:
        variant(spec)  # an unknown name stops here, before anything is played
    for preset in presets:
        started = time.process_time()
        with _settings():
            base = duel("expert", preset, args.deals, args.seed, args.against)
        print(f"{preset:9} {'expert':20} {statistics.fmean(base):+6.2f} points a deal against "
              f"{args.against} (standard error {_error(base):.2f}, deals {args.seed}-"
              f"{args.seed + args.deals - 1}, {time.process_time() - started:.0f} s CPU)",
              flush=True)
        for spec in specs:
            started = time.process_time()
            change, contender = variant(spec)
            with change:
                found = duel(contender, preset, args.deals, args.seed, args.against)
            paired = [a - b for a, b in zip(found, base, strict=True)]
            print(f"{preset:9} {spec:20} {statistics.fmean(found):+6.2f} points a deal "
                  f"(standard error {_error(found):.2f}); minus the expert's on the same deals "
                  f"{statistics.fmean(paired):+.2f} (standard error {_error(paired):.2f}), "
                  f"{time.process_time() - started:.0f} s CPU", flush=True)


if __name__ == "__main__":
    main()
