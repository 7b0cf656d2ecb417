"""What a hand that may be thrown in is worth if it is kept: does throwing in pay?

The computer players throw in every hand the rules let them.  Under the readings whose test is
Cotton's "neither Ace nor Face" (``no_ace_or_face``), such a hand may still hold the ♦7, the
card that beats every diamond.  This script finds deals in which a player's hand may be thrown in
(``--which with7``: and holds the ♦7; ``without7``: and does not), keeps the hand, plays the deal
out between two experts from 0-0, and prints the holder's points minus the other player's, with
its standard error.  Throwing in gives a fresh deal with the same dealer, worth little to either
player on average (the dealer's edge is about a quarter of a point a deal), so a kept hand that
averages well below 0 is better thrown in.  It also prints how many hands of the deals looked
at could be thrown in::

    python benchmarks/throw_in.py --hands 120 minimal pagat

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from deal_duel import _error  # noqa: E402

from penneech import PENNEECH, Game  # noqa: E402
from penneech.game import Phase  # noqa: E402
from penneech.players import KeepingHand, make_player, play_deal  # noqa: E402
from penneech.rules import PRESET_NAMES  # noqa: E402


def kept_hands(preset: str, hands: int, with_seven: bool, kind: str = "expert"
               ) -> tuple[list[int], int, int]:
    """The holder's points minus the other's in ``hands`` deals whose holder kept a hand that
    may be thrown in (with or without the ♦7), and how many hands were looked at and how many of
    them may be thrown in."""
    out: list[int] = []
    looked = may = 0
    seed = 0
    while len(out) < hands and seed < 100 * hands + 2000:  # (some rules allow no such hand)
        seed += 1
        game = Game(preset, seed=seed, first_dealer=seed % 2)
        while game.phase is Phase.DEAL:
            game.deal()
        holder = None
        for player in (0, 1):
            hand = game.view(player).hand
            looked += 1
            if game.rules.may_throw_in(hand):
                may += 1
                if holder is None and (PENNEECH in hand) == with_seven:
                    holder = player
        if holder is None:
            continue
        while game.phase is not Phase.PLAY:
            game.throw_in(False) if game.phase is Phase.THROW_IN else game.deal()
        players = [KeepingHand(make_player(kind, seed=seed)),
                   KeepingHand(make_player(kind, seed=seed + 7))]
        play_deal(game, players)
        out.append(game.scores[holder] - game.scores[1 - holder])
    return out, looked, may


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("presets", nargs="*", metavar="PRESET", help="default: every preset")
    parser.add_argument("--hands", type=int, default=120, help="kept hands of each sort")
    parser.add_argument("--kind", default="expert", help="the two players (default expert)")
    args = parser.parse_args()
    for preset in args.presets:
        if preset not in PRESET_NAMES:
            parser.error(f"unknown preset {preset!r}: use one of {', '.join(PRESET_NAMES)}")
    for preset in args.presets or list(PRESET_NAMES):
        for with_seven in (True, False):
            started = time.process_time()
            found, looked, may = kept_hands(preset, args.hands, with_seven, args.kind)
            label = "with the ♦7" if with_seven else "without the ♦7"
            if not found:
                print(f"{preset:9} no hand {label} may be thrown in")
                continue
            print(f"{preset:9} kept {label:14} {statistics.fmean(found):+6.2f} points a deal "
                  f"(standard error {_error(found):.2f}, {len(found)} deals; {may} of the {looked} "
                  f"hands looked at may be thrown in; "
                  f"{time.process_time() - started:.0f} s CPU)", flush=True)


if __name__ == "__main__":
    main()
