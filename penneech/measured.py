"""Measured playing strength of the computer players: duplicate games between each
pair of kinds.

Written by ``benchmarks/levels.py --write`` (do not edit by hand); read through
:func:`penneech.players.measured_strength` and :attr:`penneech.players.PlayerKind.strength`.
"""

from __future__ import annotations

#: How the figures below were measured.
METHOD = ('duplicate games (the same packs twice, seats swapped) played by '
 'benchmarks/strength.py with seed 0; collected 2026-11-24')

#: ``(player kind, opponent kind, rules) -> (games won, games played)``.
RESULTS: dict[tuple[str, str, str], tuple[int, int]] = {('club', 'expert', 'davis'): (20, 50),
 ('club', 'expert', 'gamester'): (22, 50),
 ('club', 'expert', 'minimal'): (26, 50),
 ('club', 'expert', 'pagat'): (27, 50),
 ('club', 'expert', 'parlett'): (22, 50),
 ('club', 'greedy', 'davis'): (52, 100),
 ('club', 'greedy', 'gamester'): (59, 100),
 ('club', 'greedy', 'minimal'): (55, 100),
 ('club', 'greedy', 'pagat'): (59, 100),
 ('club', 'greedy', 'parlett'): (56, 100),
 ('club', 'solver', 'pagat'): (54, 100),
 ('expert', 'club', 'davis'): (30, 50),
 ('expert', 'club', 'gamester'): (28, 50),
 ('expert', 'club', 'minimal'): (24, 50),
 ('expert', 'club', 'pagat'): (23, 50),
 ('expert', 'club', 'parlett'): (28, 50),
 ('expert', 'greedy', 'davis'): (116, 200),
 ('expert', 'greedy', 'gamester'): (120, 200),
 ('expert', 'greedy', 'minimal'): (117, 200),
 ('expert', 'greedy', 'pagat'): (129, 200),
 ('expert', 'greedy', 'parlett'): (112, 200),
 ('expert', 'solver', 'davis'): (448, 800),
 ('expert', 'solver', 'gamester'): (450, 800),
 ('expert', 'solver', 'minimal'): (422, 800),
 ('expert', 'solver', 'pagat'): (1155, 2000),
 ('expert', 'solver', 'parlett'): (403, 800),
 ('greedy', 'club', 'davis'): (48, 100),
 ('greedy', 'club', 'gamester'): (41, 100),
 ('greedy', 'club', 'minimal'): (45, 100),
 ('greedy', 'club', 'pagat'): (41, 100),
 ('greedy', 'club', 'parlett'): (44, 100),
 ('greedy', 'expert', 'davis'): (84, 200),
 ('greedy', 'expert', 'gamester'): (80, 200),
 ('greedy', 'expert', 'minimal'): (83, 200),
 ('greedy', 'expert', 'pagat'): (71, 200),
 ('greedy', 'expert', 'parlett'): (88, 200),
 ('solver', 'club', 'pagat'): (46, 100),
 ('solver', 'expert', 'davis'): (352, 800),
 ('solver', 'expert', 'gamester'): (350, 800),
 ('solver', 'expert', 'minimal'): (378, 800),
 ('solver', 'expert', 'pagat'): (845, 2000),
 ('solver', 'expert', 'parlett'): (397, 800)}
