"""Penneech: an English card game for two, described in 1674, under every reading of its rules.

The engine is pure Python with no dependencies:

>>> import penneech
>>> game = penneech.Game("pagat", seed=1)
>>> while not game.is_over():
...     if game.phase is penneech.Phase.THROW_IN:
...         game.throw_in(False)
...     else:
...         game.play(game.legal_plays()[0])
>>> game.outcome
Outcome(winner=0, scores=(61, 59), deals=7, names=('Ann', 'Ben'), thrown_in=0)
"""

from .cards import PENNEECH, Card, CardError, Suit, format_cards, full_pack, parse_card, parse_cards
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
from .game import (
    Game,
    GameError,
    IllegalPlayError,
    Outcome,
    Phase,
    PlayerView,
)
from .players import Player, make_player, play_game
from .rules import DEFAULT_PRESET, OPTIONS, PRESET_NAMES, PRESETS, SOURCES, Rules, RulesError
from .simulation import simulate
from .solver import solve
from .version import VERSION

__version__ = VERSION

__all__ = [
    "PENNEECH", "Card", "CardError", "Suit", "format_cards", "full_pack", "parse_card",
    "parse_cards",
    "Cut", "DealEnded", "DealerChosen", "Dealt", "Event", "GameWon", "Played", "Scored",
    "ThrowIn", "TrickWon", "TurnUp",
    "Game", "GameError", "IllegalPlayError", "Outcome", "Phase", "PlayerView",
    "Player", "make_player", "play_game", "simulate", "solve",
    "DEFAULT_PRESET", "OPTIONS", "PRESET_NAMES", "PRESETS", "SOURCES", "Rules", "RulesError",
    "__version__",
]
