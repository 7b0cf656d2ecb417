"""Measured playing strength of the computer players: duplicate games between each pair.

Written by ``benchmarks/levels.py --write`` (do not edit by hand); read through
:func:`penneech.players.measured_strength` and :attr:`penneech.players.PlayerKind.strength`.
"""

from __future__ import annotations

#: How the figures below were measured.
METHOD = "not measured yet"

#: ``(player kind, opponent kind, rules) -> (games won, games played)``.
RESULTS: dict[tuple[str, str, str], tuple[int, int]] = {}
