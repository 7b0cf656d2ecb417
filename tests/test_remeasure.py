"""``benchmarks/remeasure.py``: the recorded matches played again, game for game, compared with
the recorded games, and never mixed with a variant's games or adopted half-played."""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

import pytest

from benchmarks import remeasure
from benchmarks.strength import _load


def _run(monkeypatch: pytest.MonkeyPatch, *args: str) -> None:
    monkeypatch.setattr(sys, "argv", ["remeasure.py", *args])
    remeasure.main()


def test_the_players_as_they_are_play_the_recorded_games_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _run(monkeypatch, str(tmp_path), "--match", "club,greedy", "--games", "2", "minimal")
    new = _load(tmp_path / "club-greedy-minimal.jsonl")
    old = _load(remeasure.RECORDED / "club-greedy-minimal.jsonl")
    assert sorted(new) == [0, 1]
    assert all(new[n] == old[n] for n in new)
    row = capsys.readouterr().out.splitlines()[-1].split()
    assert row[:2] == ["club-greedy-minimal.jsonl", "2"]
    assert row[4] == "+0.0%"  # now minus recorded, game by game


def test_compare_pairs_the_games_by_number() -> None:
    old = _load(remeasure.RECORDED / "expert-greedy-minimal.jsonl")
    first_four = {n: old[n] for n in range(4)}
    flipped = {**first_four, 0: dataclasses.replace(old[0], winner=1 - old[0].winner)}
    games, before, after, diff, _ = remeasure.compare(first_four, flipped, "expert")
    assert games == 4
    won_before = old[0].players[old[0].winner] == "expert"
    assert after - before == diff == (-0.25 if won_before else 0.25)


def test_a_variants_games_are_kept_apart_and_never_adopted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "variant.txt").write_text("sharp-inference:6\n", encoding="utf-8")
    game = json.loads((remeasure.RECORDED / "expert-greedy-minimal.jsonl").read_text(
        encoding="utf-8").splitlines()[0])
    (tmp_path / "expert-greedy-minimal.jsonl").write_text(json.dumps(game) + "\n",
                                                          encoding="utf-8")
    with pytest.raises(SystemExit):
        _run(monkeypatch, str(tmp_path), "--match", "expert,greedy", "--games", "2", "minimal")
    assert "holds games of the variant 'sharp-inference:6'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        _run(monkeypatch, str(tmp_path), "--adopt", "--variant", "sharp-inference:6")
    assert "not with --variant" in capsys.readouterr().err


def test_a_run_not_finished_is_not_adopted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _run(monkeypatch, str(tmp_path), "--match", "club,greedy", "--games", "2", "minimal")
    before = (remeasure.RECORDED / "club-greedy-minimal.jsonl").read_bytes()
    with pytest.raises(SystemExit, match=r"2 of 400 games played; finish the run"):
        _run(monkeypatch, str(tmp_path), "--adopt", "--match", "club,greedy", "minimal")
    assert (remeasure.RECORDED / "club-greedy-minimal.jsonl").read_bytes() == before
