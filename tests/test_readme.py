"""The README's Python examples run as written (python-chess runs its README as a doctest).

Each ```python block is run in order in one namespace, in a temporary folder (they save files),
except the simulation block: its 200 games of the solver are the simulation tests' work
(tests/test_simulation.py), and are too slow to run here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"


def _blocks() -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", README.read_text(encoding="utf-8"), re.S | re.M)


def test_the_readme_has_its_examples() -> None:
    blocks = _blocks()
    assert len(blocks) >= 4
    assert sum("simulate(" in b for b in blocks) == 1


def test_the_readme_examples_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {}
    for block in _blocks():
        if "simulate(" in block:
            continue
        exec(compile(block, str(README), "exec"), namespace)  # noqa: S102 - our own README
    # what the comments say the examples give
    from penneech import Card, Game, record
    from penneech.game import PlayAction

    game = Game("pagat", seed=1)
    assert game.legal_plays()[:2] == [Card("JH"), Card("JC")]
    game.play("JH")
    assert game.undo() == PlayAction(player=0, card=Card("JH"))
    assert namespace["solution"].value == 40  # type: ignore[attr-defined]
    assert (tmp_path / "game.json").is_file()
    assert record.load(tmp_path / "game.json").actions == namespace["game"].actions  # type: ignore[attr-defined]
    report = namespace["report"]
    assert len(report.costs) == 2  # type: ignore[attr-defined]
    assert capsys.readouterr().out.strip(), "the analysis example printed nothing"
