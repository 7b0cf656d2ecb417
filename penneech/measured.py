"""Measured playing strength of the computer players: duplicate games between each
pair of kinds.

Written by ``benchmarks/levels.py --write`` (do not edit by hand); read through
:func:`penneech.players.measured_strength` and :attr:`penneech.players.PlayerKind.strength`.
"""

from __future__ import annotations

#: How the figures below were measured.
METHOD = ('duplicate games (the same packs twice, seats swapped) played by '
 'benchmarks/strength.py with seed 0; collected 2026-11-25')

#: ``(player kind, opponent kind, rules) -> (games won, games played)``.
RESULTS: dict[tuple[str, str, str], tuple[int, int]] = {('club', 'expert', 'davis'): (97, 200),
 ('club', 'expert', 'gamester'): (87, 200),
 ('club', 'expert', 'minimal'): (94, 200),
 ('club', 'expert', 'pagat'): (90, 200),
 ('club', 'expert', 'parlett'): (98, 200),
 ('club', 'greedy', 'davis'): (217, 400),
 ('club', 'greedy', 'gamester'): (245, 400),
 ('club', 'greedy', 'minimal'): (211, 400),
 ('club', 'greedy', 'pagat'): (236, 400),
 ('club', 'greedy', 'parlett'): (228, 400),
 ('club', 'solver', 'davis'): (113, 200),
 ('club', 'solver', 'gamester'): (117, 200),
 ('club', 'solver', 'minimal'): (108, 200),
 ('club', 'solver', 'pagat'): (107, 200),
 ('club', 'solver', 'parlett'): (104, 200),
 ('expert', 'club', 'davis'): (103, 200),
 ('expert', 'club', 'gamester'): (113, 200),
 ('expert', 'club', 'minimal'): (106, 200),
 ('expert', 'club', 'pagat'): (110, 200),
 ('expert', 'club', 'parlett'): (102, 200),
 ('expert', 'greedy', 'davis'): (233, 400),
 ('expert', 'greedy', 'gamester'): (250, 400),
 ('expert', 'greedy', 'minimal'): (234, 400),
 ('expert', 'greedy', 'pagat'): (256, 400),
 ('expert', 'greedy', 'parlett'): (229, 400),
 ('expert', 'solver', 'davis'): (448, 800),
 ('expert', 'solver', 'gamester'): (462, 800),
 ('expert', 'solver', 'minimal'): (422, 800),
 ('expert', 'solver', 'pagat'): (1155, 2000),
 ('expert', 'solver', 'parlett'): (417, 800),
 ('greedy', 'club', 'davis'): (183, 400),
 ('greedy', 'club', 'gamester'): (155, 400),
 ('greedy', 'club', 'minimal'): (189, 400),
 ('greedy', 'club', 'pagat'): (164, 400),
 ('greedy', 'club', 'parlett'): (172, 400),
 ('greedy', 'expert', 'davis'): (167, 400),
 ('greedy', 'expert', 'gamester'): (150, 400),
 ('greedy', 'expert', 'minimal'): (166, 400),
 ('greedy', 'expert', 'pagat'): (144, 400),
 ('greedy', 'expert', 'parlett'): (171, 400),
 ('solver', 'club', 'davis'): (87, 200),
 ('solver', 'club', 'gamester'): (83, 200),
 ('solver', 'club', 'minimal'): (92, 200),
 ('solver', 'club', 'pagat'): (93, 200),
 ('solver', 'club', 'parlett'): (96, 200),
 ('solver', 'expert', 'davis'): (352, 800),
 ('solver', 'expert', 'gamester'): (338, 800),
 ('solver', 'expert', 'minimal'): (378, 800),
 ('solver', 'expert', 'pagat'): (845, 2000),
 ('solver', 'expert', 'parlett'): (383, 800)}
