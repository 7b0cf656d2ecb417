"""The strengths the menus show are the games on file, and those games are still how the players
play.

``penneech/measured.py`` is written by ``benchmarks/levels.py --write`` from the results files in
``benchmarks/results/strength``, and a reader picking an opponent is shown its figures.  They
describe the players that played those games.  If a player is changed afterwards (its worlds, its
play-outs, the greedy judgement it builds on, a preset's rules), the figures describe a player
that no longer exists, and nothing else would notice.  Every game of a run depends only on the
run's seed and its number (:func:`penneech.simulation.play_one`), so one game of each file is
played again here and must come out exactly as recorded.
"""

from __future__ import annotations

import json
import statistics
import zlib
from pathlib import Path

import pytest

from benchmarks.levels import RUN_SEED, read_pairs, read_results
from benchmarks.strength import _load
from penneech import measured
from penneech.simulation import game_seed, play_one

STRENGTH = Path(__file__).resolve().parent.parent / "benchmarks" / "results" / "strength"
FILES = sorted(STRENGTH.glob("*.jsonl"))


def test_the_menus_figures_are_the_results_on_file() -> None:
    assert FILES, f"no results files in {STRENGTH}"
    assert read_results(STRENGTH) == measured.RESULTS, (
        "penneech/measured.py is not what the results files say: run "
        "`python benchmarks/levels.py benchmarks/results/strength --write`")
    assert read_pairs(STRENGTH) == measured.PAIRS, "penneech/measured.py's pairs are not the files'"
    assert f"seed {RUN_SEED}" in measured.METHOD


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_measured_game_is_played_again_exactly(path: Path) -> None:
    first, second, preset = path.stem.split("-")
    games = _load(path)  # as strength.py reads its own files, a line cut short left out
    for number, result in games.items():  # every game was dealt from the run's seed
        assert result.seed == game_seed(RUN_SEED, number), f"{path.name}: game {number}"
    # one game of the file, a different one in each file, the same one every time
    number = sorted(games)[zlib.crc32(path.name.encode()) % len(games)]
    again = play_one(preset, (first, second), number, RUN_SEED)
    assert again == games[number], (
        f"{path.name}, game {number}: the players no longer play it as they did when it was "
        f"measured (recorded {games[number]}, now {again}).  The strengths in "
        "penneech/measured.py describe the old players: play the matches again with "
        "benchmarks/strength.py --out benchmarks/results/strength, then run benchmarks/levels.py "
        "benchmarks/results/strength --write")


def test_the_method_page_gives_the_paired_intervals_of_the_files_on_file() -> None:
    # the experiments' method page says how much narrower an interval over the duplicate pairs
    # would be than the Wilson interval printed, measured on these files
    from benchmarks.paired_intervals import ratios

    found = ratios(STRENGTH)
    assert len(found) == len(FILES)
    said = (f"the {len(found)} files of recorded games", f"is {min(found):.2f} to "
            f"{max(found):.2f} times as wide (median {statistics.median(found):.2f})")
    page = Path(__file__).resolve().parent.parent / "book" / "experiments" / "method.ipynb"
    text = " ".join(" ".join("".join(cell["source"]).split())
                    for cell in json.loads(page.read_text(encoding="utf-8"))["cells"])
    for words in said:
        assert words in text, f"method.ipynb should say {words!r}: run benchmarks/paired_intervals.py"
