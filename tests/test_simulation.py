"""Simulations: determinism across workers and executors, duplicate pairs, sums, CSV, CLI."""

from __future__ import annotations

import concurrent.futures as cf
import csv
import io
import math
import os
import signal
from pathlib import Path
from typing import Any

import pytest

from penneech import Game, Rules
from penneech.cli import main
from penneech.events import Scored
from penneech.game import DealAction
from penneech.players import make_player, play_game
from penneech.rules import TRICKS
from penneech.simulation import (
    CSV_COLUMNS,
    GameResult,
    NotThisRun,
    format_summary,
    game_seed,
    games_done,
    play_one,
    player_seed,
    read_csv,
    simulate,
    summarize,
    wilson_interval,
    write_csv,
)


@pytest.fixture(scope="module")
def serial() -> list[GameResult]:
    return simulate("pagat", ("greedy", "random"), games=40, seed=11)


def test_same_results_whatever_runs_them(serial: list[GameResult]) -> None:
    two = simulate("pagat", ("greedy", "random"), games=40, seed=11, workers=2, chunk_size=7)
    with cf.ProcessPoolExecutor(2) as pool:
        pooled = simulate("pagat", ("greedy", "random"), games=40, seed=11, executor=pool,
                          chunk_size=13)
    with cf.ThreadPoolExecutor(3) as threads:
        threaded = simulate(Rules.preset("pagat"), ("greedy", "random"), games=40, seed=11,
                            executor=threads, chunk_size=5)
    assert two == serial
    assert pooled == serial
    assert threaded == serial
    assert [r.game for r in serial] == list(range(40))


def test_seed_changes_results(serial: list[GameResult]) -> None:
    other = simulate("pagat", ("greedy", "random"), games=40, seed=12)
    assert [r.seed for r in other] != [r.seed for r in serial]


def test_duplicate_pairs_share_their_deals(serial: list[GameResult]) -> None:
    for even, odd in zip(serial[0::2], serial[1::2], strict=True):
        assert even.seed == odd.seed
        assert even.players == ("greedy", "random")
        assert odd.players == ("random", "greedy")
        assert even.first_dealer == odd.first_dealer
    # Play a pair out: the packs are the same deal by deal, whoever plays and however it goes.
    games = []
    for number, seats in ((0, ("greedy", "random")), (1, ("random", "greedy"))):
        game = Game("pagat", seed=serial[number].seed, players=seats)
        play_game(game, [make_player(kind, seed=player_seed(11, number, seat))
                         for seat, kind in enumerate(seats)])
        games.append(game)
    a, b = games
    packs = [[x.deck for x in g.actions if isinstance(x, DealAction)] for g in games]
    shared = min(len(packs[0]), len(packs[1]))
    assert shared >= 1 and packs[0][:shared] == packs[1][:shared]
    # the games differ (different players in each seat) ...
    assert a.actions != b.actions
    # ... and each is the game the run recorded
    for game, result in zip(games, serial[:2], strict=True):
        assert (game.outcome.winner, game.scores) == (result.winner, result.scores)
    assert play_one("pagat", ("greedy", "random"), 1, 11) == serial[1]


def test_no_duplicate_keeps_seats() -> None:
    results = simulate("davis", ("random", "greedy"), games=5, seed=2, duplicate=False)
    assert len(results) == 5
    assert {r.players for r in results} == {("random", "greedy")}
    assert len({r.seed for r in results}) == 5
    assert results[0].seed == game_seed(2, 0, duplicate=False)


def test_odd_games_rounded_up_in_duplicate() -> None:
    assert len(simulate("pagat", ("random", "random"), games=3, seed=0)) == 4


@pytest.mark.parametrize("preset", ["minimal", "pagat", "parlett", "gamester", "davis"])
def test_points_by_source_sum_to_scores(preset: str) -> None:
    results = simulate(preset, ("greedy", "random"), games=20, seed=5)
    for r in results:
        for seat in (0, 1):
            total = r.trick_points[seat] + r.turnup_points[seat] + r.majority_points[seat]
            assert total == r.scores[seat]
        assert r.scores[r.winner] >= Rules.preset(preset).target
        assert r.winner_player == r.players[r.winner]
        assert r.deals >= 1 and r.thrown_in >= 0
        assert sum(r.tricks) <= TRICKS * r.deals
        if Rules.preset(preset).win_check == "end_of_deal":
            assert sum(r.tricks) == TRICKS * r.deals
            assert r.scores[r.winner] > r.scores[1 - r.winner]
        if not Rules.preset(preset).majority_bonus:
            assert r.majority_points == (0, 0)


def test_result_matches_event_log() -> None:
    """Under win_check=immediate a game stops mid-deal; the sums still hold."""
    r = play_one("parlett,target=15", ("greedy", "greedy"), 0, 0)
    assert r.rules == "parlett,target=15"
    assert sum(r.tricks) < TRICKS * r.deals  # it ended in the middle of a deal
    game = Game(Rules.parse("parlett,target=15"), seed=r.seed, players=("a", "b"))
    from penneech.players import make_player, play_game

    play_game(game, [make_player("greedy"), make_player("greedy")])
    scored = [e for e in game.events if isinstance(e, Scored)]
    for seat in (0, 1):
        assert sum(e.points for e in scored if e.player == seat) == r.scores[seat]
    assert game.scores == r.scores


def test_same_kind_players_are_labelled() -> None:
    results = simulate("pagat", ("greedy", "greedy"), games=4, seed=0)
    assert results[0].players == ("greedy#1", "greedy#2")
    assert results[1].players == ("greedy#2", "greedy#1")
    summary = summarize(results)
    assert [s.player for s in summary] == ["greedy#1", "greedy#2"]
    assert sum(s.wins for s in summary) == 4


def test_csv_round_trip(serial: list[GameResult], tmp_path: object) -> None:
    import pathlib

    path = pathlib.Path(str(tmp_path)) / "out.csv"
    write_csv(serial, path)
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert len(rows) == len(serial)
    first = serial[0]
    assert rows[0]["seat0_player"] == first.players[0]
    assert int(rows[0]["seat1_score"]) == first.scores[1]
    assert int(rows[0]["seat0_trick_points"]) == first.trick_points[0]
    assert int(rows[0]["seed"]) == first.seed
    assert rows[0]["winner_player"] == first.winner_player
    assert read_csv(path) == serial
    # saved again by a spreadsheet, with a byte-order mark before the header ("the header has no
    # 'game' column", review 35c): read as it was written, from a file and from a text stream
    marked = path.with_name("marked.csv")
    marked.write_text(path.read_text(encoding="utf-8"), encoding="utf-8-sig")
    assert marked.read_bytes().startswith(b"\xef\xbb\xbfgame,")
    assert read_csv(marked) == serial
    with open(marked, newline="", encoding="utf-8") as f:
        assert read_csv(f) == serial
    marked.unlink()
    # a seat that is not 0 or 1 is refused where it is read (7 failed later with an IndexError,
    # and -1 was taken for seat 1)
    text = path.read_text(encoding="utf-8")
    for bad in ("7", "-1"):
        rows[0]["winner"] = bad
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
        with pytest.raises(ValueError, match=f"not a penneech simulation CSV: line 2, game "
                           f"{rows[0]['game']}: winner and first_dealer must be 0 or 1, not "
                           f"'{bad}'"):
            read_csv(io.StringIO(out.getvalue()))
    assert read_csv(io.StringIO(text)) == serial
    assert [p.name for p in path.parent.iterdir()] == ["out.csv"]  # no temporary file left
    buffer = io.StringIO()
    write_csv(serial[:2], buffer)
    buffer.seek(0)
    assert read_csv(buffer) == serial[:2]
    # Rules notation with commas survives.
    custom = simulate("pagat,follow=free,target=21", ("greedy", "random"), games=2, seed=0)
    buffer = io.StringIO()
    write_csv(custom, buffer)
    buffer.seek(0)
    back = read_csv(buffer)
    assert back == custom
    assert back[0].rules == str(Rules.parse("pagat,follow=free,target=21"))
    assert back[0].rules.count(",") == 2


@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        (0, 10, 0.0, 0.2775328),
        (5, 10, 0.2365931, 0.7634069),
        (100, 100, 0.9630065, 1.0),
        (1, 10, 0.0178762, 0.4041500),
    ],
)
def test_wilson_interval(successes: int, trials: int, low: float, high: float) -> None:
    got = wilson_interval(successes, trials)
    assert math.isclose(got[0], low, abs_tol=1e-6)
    assert math.isclose(got[1], high, abs_tol=1e-6)


def test_wilson_edge_cases() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    # every trial a success ends at exactly 1, none at exactly 0 (0.9999999999999999 was
    # printed "100.000%"; review 42b)
    assert all(wilson_interval(n, n)[1] == 1.0 and wilson_interval(0, n)[0] == 0.0
               for n in range(1, 200))
    with pytest.raises(ValueError):
        wilson_interval(3, 2)


def test_summary(serial: list[GameResult]) -> None:
    summary = {s.player: s for s in summarize(serial)}
    assert summary["greedy"].games == summary["random"].games == 40
    assert summary["greedy"].wins + summary["random"].wins == 40
    greedy = summary["greedy"]
    assert greedy.ci_low <= greedy.win_rate <= greedy.ci_high
    assert math.isclose(
        greedy.mean_trick_points + greedy.mean_turnup_points + greedy.mean_majority_points,
        greedy.mean_score,
    )
    text = format_summary(list(summary.values()))
    assert "greedy" in text and "95% CI" in text


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": ("greedy",)},
        {"players": ("greedy", "nobody")},
        {"games": 0},
        {"workers": 0},
        {"rules": "nowhere"},
        {"player_settings": {"nobody": {}}},
    ],
)
def test_bad_arguments(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        simulate(**kwargs)  # type: ignore[arg-type]


def test_cli_writes_csv(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    import pathlib

    out = pathlib.Path(str(tmp_path)) / "games.csv"
    status = main(["simulate", "--rules", "cotton", "--set", "target=31", "--players",
                   "greedy,random", "--games", "6", "--workers", "2", "--seed", "9",
                   "--out", str(out), "--no-progress"])
    assert status == 0
    printed = capsys.readouterr().out
    assert "6 games, rules minimal,target=31, seed 9" in printed  # "cotton" is read as "minimal"
    assert "greedy" in printed and "random" in printed
    results = read_csv(out)
    assert results == simulate("cotton,target=31", ("greedy", "random"), games=6, seed=9)


@pytest.mark.parametrize(
    "argv",
    [
        ["--players", "greedy"],
        ["--players", "greedy,wizard"],
        ["--rules", "nowhere"],
        ["--set", "follow=sideways"],
        ["--set", "nonsense"],
        ["--set", "colour=red"],
        ["--games", "0"],
        ["--games", "many"],
        ["--workers", "0"],
        ["--samples", "0"],
        ["--out", "/no/such/dir/x.csv"],
    ],
)
def test_cli_bad_input(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    try:
        status = main(["simulate", "--games", "2", *argv])
    except SystemExit as exc:
        status = int(exc.code or 0)
    assert status == 2
    err = capsys.readouterr().err
    assert "error: " in err
    assert "Traceback" not in err


def test_deterministic_players_mirror_each_other_in_duplicate() -> None:
    """Greedy is deterministic: with the same packs and seats swapped, a pair's games are mirror
    images, so every pair is split and both players' figures are equal."""
    results = simulate("pagat", ("greedy", "greedy"), games=20, seed=3)
    for a, b in zip(results[0::2], results[1::2], strict=True):
        assert a.winner == b.winner  # the same seat wins: the other player
        assert a.winner_player != b.winner_player
        assert a.scores == b.scores and a.tricks == b.tricks and a.deals == b.deals
    first, second = summarize(results)
    assert first.wins == second.wins == 10


def test_solver_settings_pass_through(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["simulate", "--players", "solver,random", "--samples", "1", "--games", "2",
                   "--seed", "1", "--no-progress"])
    assert status == 0
    assert "solver" in capsys.readouterr().out
    one = play_one("pagat", ("solver", "random"), 0, 1, settings=({"samples": 1}, {}),
                   labels=("solver(samples=1)", "random"))  # (simulate's names for them)
    again = simulate("pagat", ("solver", "random"), games=2, seed=1, workers=2,
                     player_settings={"solver": {"samples": 1}})
    assert again[0] == one


def test_a_stopped_run_goes_on_to_the_games_of_an_unbroken_run(serial: list[GameResult]) -> None:
    """Given games already played (in any order, with gaps), simulate plays only the others,
    here or in worker processes, and the whole is the unbroken run."""
    some = [serial[7], serial[0], serial[1], serial[2], serial[30]]
    assert simulate("pagat", ("greedy", "random"), games=40, seed=11, done=some) == serial
    assert simulate("pagat", ("greedy", "random"), games=40, seed=11, done=some, workers=2,
                    chunk_size=6) == serial
    assert games_done(some, "pagat", ("greedy", "random"), 11, 40).keys() == {0, 1, 2, 7, 30}


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"seed": 12}, "game 0 of the results is not from this run: it was dealt from the game "
         "seed"),
        ({"rules": "minimal"}, "it was played under the rules pagat, not minimal"),
        ({"players": ("random", "greedy")}, "its players were greedy and random, not random "
         "and greedy"),
        ({"games": 2}, "game 2 of the results is not from this run: a run of 2 games has "
         "games 0 to 1"),
    ],
)
def test_games_from_another_run_are_refused(serial: list[GameResult], change: dict[str, object],
                                            said: str) -> None:
    run: dict[str, object] = {"rules": "pagat", "players": ("greedy", "random"), "games": 40,
                              "seed": 11, **change}
    with pytest.raises(NotThisRun) as raised:
        simulate(**run, done=serial[:3])  # type: ignore[arg-type]
    assert said in str(raised.value)
    with pytest.raises(NotThisRun, match="game 1 is in the results twice"):
        simulate("pagat", ("greedy", "random"), games=40, seed=11, done=[serial[1], serial[1]])


def test_cli_interrupted_run_says_how_to_go_on_and_goes_on(
    tmp_path: object, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C after three games: the three are written and the command to go on is printed;
    that command plays the rest into the same file, which is then the unbroken run's."""
    import pathlib
    import shlex

    from penneech import simulation

    out = pathlib.Path(str(tmp_path)) / "my run.csv"
    real = simulation.play_one
    played: list[int] = []

    def stopped_after_three(*args: object, **kwargs: object) -> GameResult:
        if len(played) == 3:
            raise KeyboardInterrupt
        played.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(simulation, "play_one", stopped_after_three)
    # (the command ignores a second Ctrl-C once stopped: this process must not go on ignoring
    # it, nor pass that on to the processes later tests start)
    monkeypatch.setattr(signal, "signal", lambda *_: None)
    argv = ["simulate", "--rules", "minimal", "--set", "target=31", "--players", "greedy,random",
            "--games", "8", "--seed", "5", "--out", str(out), "--no-progress"]
    assert main(argv) == 130
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "interrupted: 3 of 8 games had finished"
    assert err[1].startswith(f"to go on: penneech simulate '--go-on={out}' ")
    assert len(read_csv(out)) == 3
    monkeypatch.setattr(simulation, "play_one", real)
    command = shlex.split(err[1].removeprefix("to go on: "))
    assert command[:2] == ["penneech", "simulate"]
    assert main([*command[1:], "--no-progress"]) == 0
    printed = capsys.readouterr().out
    assert "8 games, rules minimal,target=31, seed 5" in printed
    assert f"wrote {out}" in printed
    assert read_csv(out) == simulate("minimal,target=31", ("greedy", "random"), games=8, seed=5)


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--seed", "11"], "error: cannot read"),
        (["--seed", "12", "--games", "40"], "error: --go-on {file}: game 0 of the results is "
         "not from this run"),
        (["--games", "40"], "error: --go-on needs the run's --seed"),
    ],
)
def test_cli_go_on_bad_input(serial: list[GameResult], tmp_path: object, argv: list[str],
                             said: str, capsys: pytest.CaptureFixture[str]) -> None:
    import pathlib

    kept = pathlib.Path(str(tmp_path)) / "kept.csv"
    write_csv(serial[:4], kept)
    before = kept.read_bytes()
    file = str(kept) if "cannot read" not in said else str(kept) + ".gone"
    status = main(["simulate", "--players", "greedy,random", "--go-on", file, *argv])
    assert status == 2
    err = capsys.readouterr().err
    assert said.format(file=file) in err and "Traceback" not in err
    assert kept.read_bytes() == before  # the run's file is left as it was


def test_a_run_stopped_in_python_says_how_to_keep_its_games_and_go_on(
    serial: list[GameResult], monkeypatch: pytest.MonkeyPatch
) -> None:
    """In Python or Jupyter, Ctrl-C (the kernel's stop) raises Interrupted, whose message says
    how to take the finished games and go on; going on gives the unbroken run."""
    from penneech import simulation

    real = simulation.play_one
    calls: list[int] = []

    def stopped_after_five(*args: object, **kwargs: object) -> GameResult:
        calls.append(1)
        if len(calls) > 5:
            raise KeyboardInterrupt
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(simulation, "play_one", stopped_after_five)
    with pytest.raises(simulation.Interrupted) as raised:
        simulate("pagat", ("greedy", "random"), games=40, seed=11)
    assert str(raised.value).startswith(
        "stopped: 5 of 40 games had finished and are kept: 'from penneech.simulation import "
        "stopped_games; games = stopped_games()' takes them")
    assert raised.value.results() == serial[:5]
    with pytest.raises(NameError):  # (a slip in a cell in between loses nothing)
        exec("sys.last_value.results()", {})
    monkeypatch.setattr(simulation, "play_one", real)
    simulate("pagat", ("greedy", "random"), games=2, seed=1)  # (a run not stopped neither)
    exec("from penneech.simulation import stopped_games; games = stopped_games()", scope := {})
    games = scope["games"]
    assert games == serial[:5]
    assert simulate("pagat", ("greedy", "random"), games=40, seed=11, done=games) == serial


def test_cli_go_on_with_a_name_like_an_option_and_a_read_only_file(
    serial: list[GameResult], tmp_path: object, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch
) -> None:
    import os
    import pathlib

    from penneech.cli import build_parser, go_on_command

    monkeypatch.chdir(str(tmp_path))
    write_csv(serial[:4], "-x.csv")
    run = ["simulate", "--players", "greedy,random", "--games", "40", "--seed", "11",
           "--no-progress"]
    # the command printed after a Ctrl-C names the file so that it is not taken for an option
    args = build_parser().parse_args([*run, "--out=-x.csv"])
    command = go_on_command(args, Rules.preset("pagat"), ("greedy", "random"), 11,
                            pathlib.Path("-x.csv"))
    assert "--go-on=-x.csv " in command
    os.chmod("-x.csv", 0o444)
    assert main([*run, "--go-on=-x.csv"]) == 2
    assert "error: --go-on -x.csv: the file is read-only" in capsys.readouterr().err
    os.chmod("-x.csv", 0o644)
    assert main([*run, "--go-on=-x.csv"]) == 0
    assert read_csv("-x.csv") == serial


def test_cli_ctrl_c_while_the_results_are_written_loses_nothing(
    tmp_path: object, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Ctrl-C once the games are played (here: as the file is written) is ignored until
    they are written and said; then Ctrl-C is as it was."""
    import os
    import pathlib

    from penneech import simulation

    out = pathlib.Path(str(tmp_path)) / "run.csv"
    real = simulation.write_csv

    def interrupted_as_it_writes(*args: Any) -> Any:
        os.kill(os.getpid(), signal.SIGINT)
        return real(*args)

    monkeypatch.setattr(simulation, "write_csv", interrupted_as_it_writes)
    before = signal.getsignal(signal.SIGINT)
    assert main(["simulate", "--players", "greedy,random", "--games", "4", "--seed", "2",
                 "--out", str(out), "--no-progress"]) == 0
    assert f"wrote {out}" in capsys.readouterr().out
    assert read_csv(out) == simulate("pagat", ("greedy", "random"), games=4, seed=2)
    assert signal.getsignal(signal.SIGINT) is before


@pytest.mark.parametrize(("stop", "workers", "reason"), [
    (signal.SIGTERM, "2", "a stop signal (SIGTERM)"),
    (signal.SIGHUP, "1", "the terminal closing (SIGHUP)"),
])
def test_a_run_stopped_by_a_signal_keeps_its_games(tmp_path: object, stop: signal.Signals,
                                                   workers: str, reason: str) -> None:
    """A run ended by SIGTERM (a scheduler, `timeout`) or SIGHUP (its terminal closed), sent to
    every process of the run, keeps the games it played and says how to go on, as Ctrl-C does
    (it ended at once, with no file and no word: review 38a)."""
    import contextlib
    import pathlib
    import subprocess
    import sys
    import time

    out = pathlib.Path(str(tmp_path)) / "run.csv"
    run = subprocess.Popen(
        [sys.executable, "-m", "penneech", "simulate", "--players", "greedy,greedy", "--games",
         "1000000", "--seed", "5", "--workers", workers, "--out", str(out), "--no-progress"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        time.sleep(4)  # (a few thousand games)
        os.killpg(run.pid, stop)
        printed, err = run.communicate(timeout=60)
    finally:  # never leave the run behind, whatever happened
        with contextlib.suppress(ProcessLookupError):
            os.killpg(run.pid, signal.SIGKILL)
    assert run.returncode == 128 + stop, err
    first = err.splitlines()[0]
    assert first.startswith(f"interrupted by {reason}: "), err
    played = int(first.split(": ")[1].split()[0])
    assert played > 0 and len(read_csv(out)) == played
    assert f"to go on: penneech simulate --go-on={out} " in err
    assert f"wrote {out}" in printed


def test_go_on_refuses_a_row_whose_figures_disagree(serial: list[GameResult]) -> None:
    """A row edited by hand, its winner changed against its scores (or a score against its
    points), was taken and counted (review 38a)."""
    import dataclasses

    from penneech.simulation import NotThisRun, games_done

    first = serial[0]
    run = ("pagat", ("greedy", "random"), 11)
    assert first.rules == run[0] and games_done(serial[:4], *run, games=40)
    swapped = dataclasses.replace(first, winner=1 - first.winner)
    with pytest.raises(NotThisRun, match=rf"game 0 .*: its winner, seat {1 - first.winner}, "
                                         rf"is not who wins"):
        games_done([swapped, *serial[1:4]], *run, games=40)
    more = dataclasses.replace(first, scores=(first.scores[0] + 1, first.scores[1]))
    with pytest.raises(NotThisRun, match=r"are not the sums of its points by source"):
        games_done([more, *serial[1:4]], *run, games=40)


def test_go_on_reads_a_csv_saved_as_unicode_and_echoes_an_edited_field_shortened(
        serial: list[GameResult], tmp_path: Path) -> None:
    """A run's CSV saved again by a spreadsheet as "Unicode text" (UTF-16) got Python's codec
    message, where a record is read as UTF-16; a field edited to 10 kB was echoed whole in the
    error (review 39d)."""
    import dataclasses

    from penneech.simulation import NotThisRun, games_done

    kept = tmp_path / "kept.csv"
    write_csv(serial[:4], kept)
    text = kept.read_text(encoding="utf-8")
    for encoding in ("utf-16", "utf-8-sig"):  # ("Unicode text"; UTF-8 with its mark)
        kept.write_bytes(text.encode(encoding))
        assert read_csv(kept) == serial[:4], encoding
    kept.write_bytes(b"game,seed\n0,\xff\n")
    with pytest.raises(ValueError, match=r"not UTF-8 text: the byte 0xFF at line 2, column 3"):
        read_csv(kept)
    long = dataclasses.replace(serial[0], players=("x" * 10_000, serial[0].players[1]))
    with pytest.raises(NotThisRun) as refused:
        games_done([long, *serial[1:4]], "pagat", ("greedy", "random"), 11, games=40)
    assert "its players were xxx" in str(refused.value) and len(str(refused.value)) < 300


def test_a_run_names_its_players_settings_and_is_not_gone_on_with_others(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The solver's samples are in the results (a file of a solver given 3 samples said only
    "solver"), as a player spec the experiments read; going on with other samples, or none,
    is refused in words, and with the same samples it plays the rest."""
    from penneech.experiments import parse_spec

    out = tmp_path / "run.csv"
    common = ["simulate", "--players", "solver,greedy", "--seed", "5", "--no-progress"]
    assert main([*common, "--samples", "3", "--games", "2", "--out", str(out)]) == 0
    capsys.readouterr()
    first = read_csv(out)
    assert {r.players for r in first} == {("solver(samples=3)", "greedy"),
                                          ("greedy", "solver(samples=3)")}
    assert parse_spec("solver(samples=3)").settings == (("samples", 3),)
    for other in ([], ["--samples", "4"]):
        assert main([*common, *other, "--games", "4", "--go-on", str(out)]) == 2
        err = capsys.readouterr().err
        assert "its players were solver(samples=3) and greedy" in err, err
    assert read_csv(out) == first  # (refused: the file is as it was)
    assert main([*common, "--samples", "3", "--games", "4", "--go-on", str(out)]) == 0
    assert len(read_csv(out)) == 4


def test_a_slow_players_tasks_are_small_so_a_stop_loses_little() -> None:
    """A task stopped by Ctrl-C is lost whole: club v greedy on two workers was cut into tasks
    of 50 games, and a stop after 15 s kept "0 of 400" where one worker kept 39 (review 43b).
    Every kind slower than greedy now gets tasks of a game or a few, from its cost in
    players.PLAYERS, the same cost the experiments size their tasks by."""
    from penneech.experiments import match
    from penneech.players import PLAYER_KINDS, game_cost
    from penneech.simulation import _chunk_size

    pagat = Rules.preset("pagat")
    assert _chunk_size(pagat, ("greedy", "random"), ({}, {}), 10_000, 2) == 100
    for kind in PLAYER_KINDS:
        if kind in ("random", "greedy"):
            continue
        assert game_cost(kind) >= 30, kind
        size = _chunk_size(pagat, (kind, "greedy"), ({}, {}), 400, 2)
        assert size <= 3 and size * game_cost(kind) <= 100 or size == 1, (kind, size)
    # (a setting counts: fewer worlds, a cheaper game; a free follow, a dearer search)
    assert game_cost("expert", {"worlds": 40}) < game_cost("expert") < game_cost(
        "expert", {}, free_follow=True)
    assert match("pagat", "club", "greedy", 10).cost() == game_cost("club") + game_cost("greedy")


@pytest.mark.parametrize("bad", [0, float("nan"), 10**400])
def test_bad_settings_on_several_workers_are_refused_in_words(bad: Any) -> None:
    """Tasks were sized from settings nobody had checked yet: 0 samples on two workers gave a
    ZeroDivisionError, NaN and 10**400 Python's own errors, where one worker named the setting
    (review 43c)."""
    with pytest.raises(ValueError, match="samples must be"):
        simulate("pagat", ("solver", "greedy"), games=2, workers=2,
                 player_settings={"solver": {"samples": bad}})


def test_a_player_kind_that_does_not_say_its_cost_is_taken_as_a_slow_one() -> None:
    """A kind added to the registry without a cost cost half a greedy game: a ladder of 1,000
    games a reading where a slow kind gets 40, and tasks of 100 games (review 43c)."""
    from penneech.players import UNKNOWN_COST, PlayerKind, RandomPlayer, game_cost

    assert PlayerKind("new", "a new kind", RandomPlayer).cost({}) == UNKNOWN_COST
    assert game_cost("random") == game_cost("greedy") == 0.5
