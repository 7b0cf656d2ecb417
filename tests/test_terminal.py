"""``penneech play``: a game against the computer driven through standard input."""

from __future__ import annotations

import errno
import io
import json
import os
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest

from penneech import Game, Phase, Rules, record, terminal
from penneech.cards import Card
from penneech.cli import build_parser, main, play_options
from penneech.narrate import narrate, outcome_text, points_by_source
from penneech.players import KeepingHand, decide, kind_name, make_player
from penneech.rules import OPTIONS
from penneech.terminal import PlayOptions, hand_text, run

#: the name the terminal gives the greedy computer player (its level, as the menu offers it)
COMPUTER = kind_name("greedy")

ROOT = Path(__file__).resolve().parent.parent


def script(seed: int, *, rules: str = "pagat", opponent: str = "greedy", name: str = "You",
           throw: bool = False, stop_after: int | None = None) -> tuple[list[str], Game]:
    """The answers a player gives in a game with ``seed`` (the last legal card each time), found
    by playing the same seed in a parallel game; and that game."""
    game = Game(Rules.parse(rules), seed=seed, players=(name, kind_name(opponent)))
    computer = make_player(opponent, seed=seed, name=kind_name(opponent))
    lines: list[str] = []
    while game.phase is not Phase.OVER:
        if stop_after is not None and len(lines) >= stop_after and game.to_move == 0:
            break
        if game.to_move == 1:
            decide(game, computer)
        elif game.phase is Phase.THROW_IN:
            lines.append("y" if throw else "n")
            game.throw_in(throw)
        else:
            card = game.legal_plays()[-1]
            lines.append(card.code)
            game.play(card)
    return lines, game


def args_for(tmp_path: Path, *extra: str) -> PlayOptions:
    argv = ["play", "--opponent", "greedy", *extra]
    if "--save" not in extra:
        argv += ["--save", str(tmp_path / "game.json")]
    return play_options(build_parser().parse_args(argv))


def play(tmp_path: Path, lines: list[str], *extra: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = run(args_for(tmp_path, *extra), io.StringIO("".join(f"{x}\n" for x in lines)),
                 out, err)
    return status, out.getvalue(), err.getvalue()


def throw_in_seed(rules: str = "pagat") -> int:
    """A seed whose first deal offers the human (seat 0) a throw-in before the computer moves."""
    for seed in range(2000):
        game = Game(Rules.parse(rules), seed=seed, players=("You", COMPUTER))
        if game.phase is Phase.THROW_IN and game.to_move == 0:
            return seed
    raise AssertionError("no seed offers a throw-in")  # pragma: no cover


# -- a whole game -----------------------------------------------------------------------------


def test_a_complete_game_in_process(tmp_path):
    lines, expected = script(11)
    status, out, err = play(tmp_path, lines, "--seed", "11")
    assert status == 0, err
    assert err == ""
    outcome = expected.outcome
    assert outcome is not None
    assert "Not allowed" not in out and "is not a card" not in out
    assert f"Result: {outcome_text(outcome, 0)}." in out
    assert "Result: You win" in out or f"Result: {COMPUTER} wins" in out
    # and where the points came from (it said only who won; review 39c)
    summary = points_by_source(expected.events, expected.names, 0)
    assert f"Result: {outcome_text(outcome, 0)}.\n{summary}\n" in out, out[-600:]
    assert out.count("Your card: ") == sum(1 for x in lines if x not in ("y", "n"))
    assert "Game saved to " + str(tmp_path / "game.json") in out
    # the narration is told as the game goes, each step once
    assert "Deal 1: " in out and out.count("Trick 1: ") >= 1
    assert out.count("End of deal 1:") == 1
    saved = record.load(tmp_path / "game.json")
    assert saved.outcome == outcome
    assert saved.actions == expected.actions
    assert saved.names == ("You", COMPUTER)


def test_the_table_is_shown_before_each_play(tmp_path):
    lines, expected = script(11, stop_after=3)
    status, out, _ = play(tmp_path, lines, "--seed", "11")
    assert status == 0
    first = out.split("Your card: ")[0]
    view = Game("pagat", seed=11, players=("You", COMPUTER))
    while view.to_move == 1:
        decide(view, make_player("greedy", seed=11, name=COMPUTER))
    trumps = view.trumps
    assert trumps is not None
    assert f"{trumps.noun} are trumps" in first
    assert f"Your hand: {hand_text(view.hand(0))}" in first
    assert f"Scores: you 0, {COMPUTER} 0 (game at 61).  Tricks this deal: you 0, {COMPUTER} 0." in first
    if view.trick:
        assert f"{COMPUTER} led {view.trick[0].suit.symbol}" in first
    # by the third play a trick has been completed and is shown
    third = out.split("Your card: ")[2]
    assert "Last trick: " in third


def test_hand_is_grouped_by_suit_with_codes():
    hand = [Card(c) for c in ("2C", "AS", "7D", "TH", "KS", "QD")]
    assert hand_text(hand) == "♠ AS KS   ♥ TH   ♣ 2C   ♦ 7D QD"


def test_same_seed_same_game(tmp_path):
    lines, _ = script(5, opponent="random", stop_after=10)
    runs = []
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        runs.append(play(tmp_path / name, lines, "--seed", "5", "--opponent", "random"))
    assert runs[0][1].replace(str(tmp_path / "a"), "") == runs[1][1].replace(str(tmp_path / "b"), "")
    assert runs[0][0] == 0


def test_a_complete_game_as_a_subprocess(tmp_path):
    lines, expected = script(21, rules="pagat,target=25")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}
    proc = subprocess.run(
        [sys.executable, "-m", "penneech.cli", "play", "--opponent", "greedy", "--seed", "21",
         "--set", "target=25"],
        input="".join(f"{x}\n" for x in lines), capture_output=True, text=True, cwd=tmp_path,
        env=env, encoding="utf-8", timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert "Traceback" not in proc.stdout
    path = tmp_path / "penneech-game-21.json"
    assert "Game saved to penneech-game-21.json." in proc.stdout
    saved = record.load(path)
    assert saved.outcome == expected.outcome
    assert saved.rules.target == 25
    assert json.loads(path.read_text())["seed"] == 21


# -- bad input at the prompt ------------------------------------------------------------------


def _follow_seed() -> tuple[int, list[str], Game]:
    """A seed where the computer leads first and the human can follow suit, with a card of
    another suit in hand (so that playing it breaks ``follow: suit``)."""
    for seed in range(500):
        game = Game("pagat", seed=seed, players=("You", COMPUTER))
        computer = make_player("greedy", seed=seed, name=COMPUTER)
        while game.to_move == 1:
            decide(game, computer)
        if game.phase is not Phase.PLAY or not game.trick:
            continue
        lead = game.trick[0]
        hand = game.hand(0)
        if any(c.suit is lead.suit for c in hand) and any(c.suit is not lead.suit for c in hand):
            lines, _ = script(seed, stop_after=2)
            return seed, lines, game
    raise AssertionError("no suitable seed")  # pragma: no cover


def test_bad_input_is_explained_and_asked_again(tmp_path):
    seed, lines, game = _follow_seed()
    lead = game.trick[0]
    hand = game.hand(0)
    off_suit = next(c for c in hand if c.suit is not lead.suit)
    not_held = next(c for c in Game("pagat", seed=1).deck if c not in hand and c != lead)
    bad = ["garbage", "", not_held.code, off_suit.code.lower(), "?", "hint"]
    status, out, err = play(tmp_path, bad + lines, "--seed", str(seed))
    assert status == 0, err
    assert "'garbage' is not a card" in out
    assert (f"Not allowed: {not_held.code} is not a legal play for you: you do not hold it "
            "(you hold ") in out
    assert f"Not allowed: {off_suit.code} is not a legal play for you:" in out
    assert "(follow: suit)" in out
    legal = sorted(c for c in hand if c.suit is lead.suit)
    assert f"Legal plays: {', '.join(c.code for c in legal)}" in out
    assert "quit" in out.split("Legal plays: ")[1]
    assert "Hint: " in out
    saved = record.load(tmp_path / "game.json")
    # the bad answers changed nothing: the plays are the scripted ones
    plays = [a.card.code for a in saved.actions if hasattr(a, "card") and a.player == 0]
    assert plays == lines


def test_a_refused_card_points_to_its_rule_which_the_game_tells(tmp_path):
    """The terminal's counterpart of the live table's rule links: a card refused by a rule
    option says how to read that rule, and ``rules follow`` tells it (its values, the one this
    game holds, Cotton's words or his silence, the reading's reason) without a card played;
    ``rules`` tells all this game's rules; an unknown option is named, with the options."""
    seed, lines, game = _follow_seed()
    lead = game.trick[0]
    off_suit = next(c for c in game.hand(0) if c.suit is not lead.suit)
    asked = [off_suit.code, "rules follow", "rules", "Rules Turnups-Score", "rules trumpz"]
    status, out, err = play(tmp_path, asked + lines, "--seed", str(seed))
    assert status == 0, err
    assert "(follow: suit).  Type rules follow to read that rule." in out
    one = out.split("Your card: rules follow\n")[1].split("Your card: ")[0]
    assert one.startswith("follow: Must the second player follow suit?\n")
    assert "  > suit: Must follow suit if able" in one  # (this game's value, marked)
    assert "    free: May play any card. [minimal]" in one
    assert "  Cotton, chap. XXII: silent." in one
    assert "  In this game: follow = suit.\n    why (pagat): McLeod" in one
    every = out.split("Your card: rules\n")[1].split("Your card: ")[0]
    assert every.startswith("pagat: John McLeod")
    assert [line.split(" = ")[0].strip() for line in every.splitlines()
            if line.startswith("  ") and " = " in line] == list(OPTIONS)
    assert "one rule, with Cotton's words" in every
    turnups = out.split("Your card: Rules Turnups-Score\n")[1].split("Your card: ")[0]
    assert "“After all the seven Cards be play'd" in turnups  # (Cotton's words, as quoted)
    assert "There is no rule option 'trumpz': the options are deck, target," in out
    saved = record.load(tmp_path / "game.json")
    assert [a.card.code for a in saved.actions if hasattr(a, "card") and a.player == 0] == lines


def test_rules_after_a_changed_option_says_what_the_reading_holds(tmp_path):
    lines, _ = script(11, rules="parlett,follow=free", stop_after=1)
    status, out, err = play(tmp_path, ["rules follow", *lines], "--seed", "11",
                            "--rules", "parlett,follow=free")
    assert status == 0, err
    told = out.split("Your card: rules follow\n")[1].split("Your card: ")[0]
    assert "  > free: May play any card." in told
    assert "  In this game: follow = free.\n    changed: parlett has suit_or_trump" in told


def test_card_spellings(tmp_path):
    lines, _ = script(11, stop_after=3)
    spelled = []
    for code in lines:
        card = Card(code)
        rank = "10" if card.rank == 10 else code[0]
        spelled.append(card.suit.symbol + rank)  # ♦7, ♠10 …
    status, out, _ = play(tmp_path, spelled, "--seed", "11")
    assert status == 0
    assert "Not allowed" not in out and "is not a card" not in out
    saved = record.load(tmp_path / "game.json")
    assert [a.card.code for a in saved.actions if hasattr(a, "card") and a.player == 0] == lines


# -- the throw-in offer -----------------------------------------------------------------------


@pytest.mark.parametrize("word", [False, True])
@pytest.mark.parametrize("claim", [True, False])
def test_throw_in_offer(tmp_path, claim, word):
    seed = throw_in_seed()
    lines, expected = script(seed, throw=claim, stop_after=3)
    assert lines[0] == ("y" if claim else "n")
    if word:  # "yes" and "no" as well as y and n (review 41a: nothing held "no")
        lines[0] = "yes" if claim else "no"
    status, out, err = play(tmp_path, ["maybe", "rules redeal", *lines], "--seed", str(seed))
    assert status == 0, err
    assert "Throw in this hand? [y/n] " in out
    assert "Please answer y" in out
    told = out.split("Throw in this hand? [y/n] rules redeal\n")[1].split("Throw in")[0]
    assert told.startswith("redeal: ") and "  In this game: redeal = " in told
    data = json.loads((tmp_path / "game.json").read_text())
    assert data["deals"][0]["redeal_claimed_by"] == (0 if claim else None)
    if claim:
        assert "You have a hand that may be thrown in, and throw it in" in out
        assert len(data["deals"]) == 2
    else:
        assert "You have a hand that may be thrown in, but keep it." in out
    assert record.load(tmp_path / "game.json").actions == expected.actions


def test_end_of_input_at_the_throw_in_offer_saves_a_pending_record(tmp_path):
    seed = throw_in_seed()
    status, out, _ = play(tmp_path, [], "--seed", str(seed))
    assert status == 0
    data = json.loads((tmp_path / "game.json").read_text())
    assert data["deals"][0]["redeal_pending"] is True
    assert record.load(tmp_path / "game.json").phase is Phase.THROW_IN


# -- stopping early ---------------------------------------------------------------------------


def test_end_of_input_mid_game_saves_the_plays_so_far(tmp_path):
    lines, expected = script(11, stop_after=9)
    status, out, err = play(tmp_path, lines, "--seed", "11")
    assert status == 0, err
    assert "Stopped (end of input)." in out
    assert "Game so far saved to " in out
    saved = record.load(tmp_path / "game.json")
    assert saved.outcome is None
    assert saved.actions == expected.actions
    assert len([a for a in saved.actions if hasattr(a, "card") and a.player == 0]) == 9


def test_quit_saves_too(tmp_path):
    lines, expected = script(11, stop_after=2)
    status, out, _ = play(tmp_path, [*lines, "quit"], "--seed", "11")
    assert status == 0
    assert "Stopped (quit)." in out
    assert record.load(tmp_path / "game.json").actions == expected.actions


class _CtrlC(io.StringIO):
    def __init__(self, lines: list[str]) -> None:
        super().__init__("".join(f"{x}\n" for x in lines))
        self.left = len(lines)

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        if self.left == 0:
            raise KeyboardInterrupt
        self.left -= 1
        return super().readline()


def test_ctrl_c_saves_and_exits_130(tmp_path):
    lines, expected = script(11, stop_after=4)
    out = io.StringIO()
    status = run(args_for(tmp_path, "--seed", "11"), _CtrlC(lines), out, io.StringIO())
    assert status == 130
    assert "Interrupted." in out.getvalue()
    assert "Traceback" not in out.getvalue()
    assert record.load(tmp_path / "game.json").actions == expected.actions


def test_default_save_path_is_named_after_the_seed(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    args = build_parser().parse_args(["play", "--opponent", "random", "--seed", "77",
                                      "--name", "Ann"])
    assert run(play_options(args), io.StringIO(""), out, io.StringIO()) == 0
    saved = record.load(tmp_path / "penneech-game-77.json")
    assert saved.names == ("Ann", "Random")
    assert saved.seed == 77
    assert "Game so far saved to penneech-game-77.json" in out.getvalue()
    # a name other than You is narrated in the third person
    assert "Ann " in out.getvalue()


# -- bad options and unsaveable records -------------------------------------------------------


def test_unwritable_save_path_is_an_error(tmp_path):
    target = tmp_path / "no-such-directory" / "game.json"
    status, out, err = play(tmp_path, ["AS"], "--seed", "3", "--save", str(target))
    assert status == 2
    assert err.startswith("error: cannot save the game to ")
    assert "Traceback" not in err
    assert out == ""


def test_unwritable_save_path_from_the_command_line(tmp_path, capsys):
    assert main(["play", "--opponent", "greedy", "--save", str(tmp_path)]) == 2
    assert capsys.readouterr().err.startswith(f"error: cannot save the game to {tmp_path}")


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--set", "follow=sometimes"],
         "error: 'sometimes' is not a value of follow: use one of suit, suit_or_trump, free"),
        (["--set", "colour=red"], "error: unknown option 'colour': the options are deck,"),
        (["--set", "follow"], "error: 'follow' is not option=value"),
        (["--rules", "hoyle"], "error: unknown preset 'hoyle': use one of minimal, pagat,"),
        (["--rules", "pagat,target=none"], "error: target must be a whole number"),
        (["--name", " "], "error: --name must not be empty"),
    ],
)
def test_bad_options_exit_2(tmp_path, capsys, extra, message):
    assert main(["play", "--opponent", "greedy", "--save", str(tmp_path / "g.json"),
                 *extra]) == 2
    err = capsys.readouterr().err
    assert err.startswith(message)
    assert "Traceback" not in err
    assert not (tmp_path / "g.json").exists()


def test_the_opponent_is_picked_by_level_and_described_at_the_start(tmp_path):
    """``--opponent beginner`` plays the greedy player; the game opens with what it is."""
    argv = ["play", "--opponent", "beginner", "--seed", "3", "--save", str(tmp_path / "g.json")]
    options = play_options(build_parser().parse_args(argv))
    out, err = io.StringIO(), io.StringIO()
    assert run(options, io.StringIO("quit\n"), out, err) == 0
    text = out.getvalue()
    assert "Penneech: You against Beginner, the computer (greedy), rules pagat" in text
    assert "greedy (the beginner level): plays each trick on its merits" in text
    assert record.load(tmp_path / "g.json").names == ("You", COMPUTER)
    help_text = build_parser()._subparsers._group_actions[0].choices["play"].format_help()
    assert "beginner (greedy, which plays each trick" in " ".join(help_text.split())


def test_bad_opponent_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["play", "--opponent", "oracle"])
    assert exc.value.code == 2
    assert "error: argument --opponent: invalid choice: 'oracle'" in capsys.readouterr().err


def test_bad_set_as_a_subprocess(tmp_path):
    proc = subprocess.run(
        [sys.executable, "-m", "penneech.cli", "play", "--set", "deck=40"],
        input="", capture_output=True, text=True, cwd=tmp_path, timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert proc.returncode == 2
    assert proc.stderr.startswith("error: 40 is not a value of deck: use one of 52, 32")
    assert list(tmp_path.iterdir()) == []


def test_rules_and_set_combine():
    args = build_parser().parse_args(["play", "--rules", "parlett,follow=free", "--set",
                                      "target=31", "--set", "majority_bonus=false"])
    assert play_options(args).rules == Rules.preset("parlett", follow="free", target=31,
                                                    majority_bonus=False)


def test_second_person_narration():
    game = Game("pagat", seed=4, players=("You", "Ben"), first_dealer=1)
    player = KeepingHand(make_player("greedy"))
    while len(game.tricks_played) < 3:
        decide(game, player)
    told = "\n".join(narrate(game.events, game.names, you=0))
    assert "Deal 1: Ben deals seven cards each, one at a time; you are elder hand." in told
    assert re.search(r"Trick 1: you lead the \S+, Ben plays", told)
    assert "You wins" not in told and "you pegs" not in told and "You plays" not in told
    assert re.search(r"(You win|Ben wins) the trick", told)
    # told about named players, the same log is in the third person
    assert "Ann" not in told and "you" not in "\n".join(narrate(game.events, ("Ann", "Ben")))


def test_after_each_deal_your_cards_are_weighed(tmp_path):
    lines, expected = script(11)
    # the answers of deal 1 and the first of deal 2, then the end of input
    answers_in_deal_1 = 0
    deal = 0
    for action in expected.actions:
        deal += type(action).__name__ == "DealAction"
        if deal == 1 and getattr(action, "player", None) == 0:
            answers_in_deal_1 += 1
    lines = lines[: answers_in_deal_1 + 1]
    status, out, err = play(tmp_path, lines, "--seed", "11")
    assert status == 0, err
    assert "How your cards did in deal 1, with every card known (the turn-ups to come too):" in out
    # the review comes after the deal's end is told and before the next deal is
    review = out.index("How your cards did in deal 1")
    assert out.index("End of deal 1:") < review < out.index("Deal 2:")
    assert "Deal 1, with every card known (the turn-ups to come too): you lose" in out
    (tmp_path / "quiet").mkdir()
    status, quiet, _ = play(tmp_path / "quiet", lines, "--seed", "11", "--no-analysis")
    assert status == 0 and "How your cards did" not in quiet and "End of deal 1:" in quiet


def test_hint_gives_the_experts_choice(tmp_path):
    lines, _ = script(11, stop_after=1)
    status, out, _ = play(tmp_path, ["hint", *lines], "--seed", "11")
    assert status == 0
    # the live table's words (players.hint), and the card's code to type
    assert re.search(r"Hint: the expert player would play the \S+ \(from what you can see: an? "
                     r"\d+% chance of winning the game, and on average \d+\.\d points (more|"
                     r"fewer) than the opponent in the rest of the deal\)\.  Type "
                     r"[2-9TJQKA][SHDC] to play it\.", out), out


# -- going on with a saved game -----------------------------------------------------------------


def test_a_stopped_game_goes_on_with_resume_as_if_never_stopped(tmp_path):
    # the whole game, played straight through; then the same answers with a stop after 9 plays
    # (in the second deal), and --resume with the rest: the same game to the same end
    lines, expected = script(11)
    status, out, _ = play(tmp_path, lines[:9], "--seed", "11")
    assert status == 0 and "  go on with it: penneech play --resume" in out
    first = record.load(tmp_path / "game.json")
    assert first.deal_number >= 2 and first.outcome is None
    out_io, err_io = io.StringIO(), io.StringIO()
    options = play_options(build_parser().parse_args(["play", "--resume",
                                                      str(tmp_path / "game.json")]))
    status = run(options, io.StringIO("".join(f"{x}\n" for x in lines[9:])), out_io, err_io)
    out = out_io.getvalue()
    assert status == 0, err_io.getvalue()
    assert "resumed from" in out and "the computer plays as greedy" in out
    assert f"Result: {outcome_text(expected.outcome, 0)}." in out
    # only the deal in progress is told again, and no earlier deal is reviewed again
    assert "Deal 1: " not in out and "End of deal 1:" not in out
    saved = record.load(tmp_path / "game.json")  # saved back to the same file
    assert saved.actions == expected.actions and saved.outcome == expected.outcome


@pytest.mark.parametrize(("extra", "message"), [
    (["--seed", "3"], "leave out --seed"),
    (["--rules", "parlett"], "leave out --rules"),
    (["--name", "Ann"], "leave out --name"),
])
def test_resume_takes_the_records_own_settings(tmp_path, capsys, extra, message):
    status, _, _ = play(tmp_path, ["quit"], "--seed", "11")
    assert status == 0
    assert main(["play", "--resume", str(tmp_path / "game.json"), *extra]) == 2
    assert message in capsys.readouterr().err


def test_resume_plays_the_opponent_the_record_names_and_no_other(tmp_path, capsys):
    # the record names its computer (Beginner, greedy): another one under that name would leave a
    # record that misnames who played (review 45a); the same one, by level or kind, is welcome
    status, _, _ = play(tmp_path, ["quit"], "--seed", "11")
    assert status == 0
    path = str(tmp_path / "game.json")
    before = (tmp_path / "game.json").read_bytes()
    assert main(["play", "--resume", path, "--opponent", "expert"]) == 2
    err = capsys.readouterr().err
    assert f"is played against {COMPUTER}" in err and "leave out --opponent expert" in err
    assert (tmp_path / "game.json").read_bytes() == before
    for same in ("greedy", "beginner"):
        options = play_options(build_parser().parse_args(
            ["play", "--resume", path, "--opponent", same]))
        out = io.StringIO()
        assert run(options, io.StringIO("quit\n"), out, io.StringIO()) == 0
        assert "the computer plays as greedy" in out.getvalue()


def test_resume_refuses_a_finished_game_and_a_missing_file(tmp_path, capsys):
    lines, _ = script(11)
    play(tmp_path, lines, "--seed", "11")
    before = (tmp_path / "game.json").read_bytes()
    assert main(["play", "--resume", str(tmp_path / "game.json")]) == 2
    assert "is over" in capsys.readouterr().err
    assert (tmp_path / "game.json").read_bytes() == before
    assert main(["play", "--resume", str(tmp_path / "nope.json")]) == 2
    assert "nope.json: no such file" in capsys.readouterr().err


# -- the terminal goes away -----------------------------------------------------------------------


class _Gone(io.StringIO):
    """A terminal that answers ``lines`` and then goes away: reading fails with EIO."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__("".join(f"{x}\n" for x in lines))
        self.left = len(lines)
        self.gone = False

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        if self.left == 0:
            self.gone = True
            raise OSError(errno.EIO, "Input/output error")
        self.left -= 1
        return super().readline()


def test_a_terminal_gone_mid_game_saves_and_exits_129(tmp_path):
    lines, expected = script(11, stop_after=4)
    out, err = io.StringIO(), io.StringIO()
    status = run(args_for(tmp_path, "--seed", "11"), _Gone(lines), out, err)
    assert status == 129
    assert err.getvalue() == ""
    assert "Traceback" not in out.getvalue()
    assert record.load(tmp_path / "game.json").actions == expected.actions


def test_a_terminal_gone_for_output_too_is_quiet(tmp_path):
    """Once the input is gone, writing fails too (the same closed terminal): still 129, saved."""
    lines, expected = script(11, stop_after=2)

    class DeadOutput(io.StringIO):
        def __init__(self, stdin: _Gone) -> None:
            super().__init__()
            self.stdin = stdin

        def write(self, text: str) -> int:
            if self.stdin.gone:
                raise OSError(errno.EIO, "Input/output error")
            return super().write(text)

    stdin = _Gone(lines)
    err = io.StringIO()
    assert run(args_for(tmp_path, "--seed", "11"), stdin, DeadOutput(stdin), err) == 129
    assert err.getvalue() == ""
    assert record.load(tmp_path / "game.json").actions == expected.actions


def test_a_closed_pseudo_terminal_as_a_subprocess(tmp_path):
    """A real terminal closed under the game (its window shut): reading it fails with EIO.  No
    traceback, status 129, and the game so far is on disk."""
    lines, expected = script(11, stop_after=2)
    master, slave = os.openpty()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "penneech.cli", "play", "--opponent", "greedy", "--seed", "11",
         "--save", str(tmp_path / "game.json")],
        stdin=slave, stdout=slave, stderr=subprocess.PIPE, env=env, cwd=tmp_path,
        start_new_session=True)
    os.close(slave)
    try:
        answered, screen = 0, b""
        deadline = time.monotonic() + 60
        while answered <= len(lines) and time.monotonic() < deadline:
            screen += os.read(master, 4096)
            if screen.endswith((b"Your card: ", b"[y/n] ")):
                if answered == len(lines):
                    break
                os.write(master, lines[answered].encode() + b"\n")
                answered += 1
                screen = b""
    finally:
        os.close(master)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 129, err
    assert b"Traceback" not in err and b"Exception" not in err
    assert record.load(tmp_path / "game.json").actions == expected.actions


# -- input the terminal's encoding cannot read -----------------------------------------------------


@pytest.mark.parametrize("encoding", ["ascii", "utf-8"])
def test_undecodable_input_is_bad_input_not_a_crash(tmp_path, encoding):
    """A ♦ typed into an ASCII terminal, or bytes that are not UTF-8: the line is refused with a
    message that says why, and the game goes on."""
    lines, expected = script(11, stop_after=2)
    raw = "♦7\n".encode() + b"\xff\xfe\n" + "".join(f"{x}\n" for x in lines).encode()
    stdin = io.TextIOWrapper(io.BytesIO(raw), encoding=encoding)  # (errors="strict")
    out, err = io.StringIO(), io.StringIO()
    status = run(args_for(tmp_path, "--seed", "11"), stdin, out, err)
    assert status == 0, err.getvalue()
    text = out.getvalue()
    message = f"That line could not be read: it is not {encoding} text"
    assert text.count(message) == (2 if encoding == "ascii" else 1)
    assert "Traceback" not in text and err.getvalue() == ""
    assert record.load(tmp_path / "game.json").actions == expected.actions


def test_undecodable_input_as_a_subprocess(tmp_path):
    lines, expected = script(11, stop_after=1)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "ascii"}
    proc = subprocess.run(
        [sys.executable, "-m", "penneech.cli", "play", "--opponent", "greedy", "--seed", "11",
         "--save", str(tmp_path / "game.json")],
        input="♦7\n".encode() + b"\xff\n" + "".join(f"{x}\n" for x in lines).encode(),
        capture_output=True, cwd=tmp_path, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert b"Traceback" not in proc.stderr
    assert proc.stdout.count(b"That line could not be read: it is not ascii text") == 2
    assert record.load(tmp_path / "game.json").actions == expected.actions


# -- two games on one record ------------------------------------------------------------------------


def test_a_record_changed_by_another_game_is_not_written_over(tmp_path):
    """Two terminals go on with the same record: the first one's moves are saved to the file;
    the second, finding the file changed since it read it, saves to a new name beside it and
    says which.  Both games are kept whole."""
    lines, expected = script(11)
    status, _, _ = play(tmp_path, lines[:2], "--seed", "11")
    assert status == 0
    path = tmp_path / "game.json"
    resume = play_options(build_parser().parse_args(["play", "--resume", str(path)]))

    class OtherTerminal(io.StringIO):
        """The second terminal: before its first answer, the first terminal plays on."""

        def __init__(self) -> None:
            super().__init__("".join(f"{x}\n" for x in lines[2:5]))
            self.first = True

        def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
            if self.first:
                self.first = False
                done = run(resume, io.StringIO("".join(f"{x}\n" for x in lines[2:4])),
                           io.StringIO(), io.StringIO())
                assert done == 0
            return super().readline()

    out, err = io.StringIO(), io.StringIO()
    assert run(resume, OtherTerminal(), out, err) == 0
    other = tmp_path / "game-2.json"
    assert (f"note: {path} was changed by something else since this game read it") in \
        err.getvalue()
    assert f"this game is saved to {other} from now on" in err.getvalue()
    assert f"Game so far saved to {other}" in out.getvalue()
    # the first terminal's game is in the file, the second's beside it: nothing lost
    mine = [a for a in record.load(path).actions if getattr(a, "player", None) == 0]
    theirs = [a for a in record.load(other).actions if getattr(a, "player", None) == 0]
    assert [a.card.code for a in mine] == lines[:4]
    assert [a.card.code for a in theirs] == lines[:5]


def test_a_record_saved_again_by_its_own_game_is_not_moved(tmp_path):
    lines, expected = script(11, stop_after=6)
    status, _, err = play(tmp_path, lines, "--seed", "11")
    assert status == 0 and err == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    assert record.load(tmp_path / "game.json").actions == expected.actions


def test_ctrl_c_during_the_analysis_skips_it_and_the_game_goes_on(tmp_path, monkeypatch):
    import penneech.analysis

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(penneech.analysis, "analyse_deal", interrupted)
    lines, expected = script(11)
    status, out, err = play(tmp_path, lines, "--seed", "11")
    assert status == 0, err
    assert "(The analysis of deal 1 is skipped: Ctrl-C.  The game goes on" in out
    assert "Interrupted." not in out and "How your cards did" not in out
    assert out.index("End of deal 1:") < out.index("analysis of deal 1 is skipped") < \
        out.index("Deal 2:")
    assert f"Result: {outcome_text(expected.outcome, 0)}." in out
    assert record.load(tmp_path / "game.json").actions == expected.actions


def test_the_commands_suggested_can_be_pasted_into_a_shell(tmp_path, capsys):
    """A file name with a space and a quote is quoted in the commands the game suggests, and
    each command, pasted into a shell, names the file."""
    path = tmp_path / "Ann's game.json"
    status, out, _ = play(tmp_path, ["quit"], "--seed", "11", "--save", str(path))
    assert status == 0
    commands = re.search(r"\n  go on with it: (.*)\n  see it: +(.*)\n", out)
    assert commands is not None, out
    for command, head in zip(commands.groups(), (["penneech", "play", "--resume"],
                                                  ["penneech", "replay"]), strict=True):
        assert shlex.split(command) == [*head, str(path)]
    lines, _ = script(11)
    (tmp_path / "done").mkdir()
    finished = tmp_path / "done" / "a b.json"
    assert play(tmp_path, lines, "--seed", "11", "--save", str(finished))[0] == 0
    assert main(["play", "--resume", str(finished)]) == 2
    err = capsys.readouterr().err
    assert shlex.split(err.split("see it with: ")[1]) == ["penneech", "replay", str(finished)]


def test_the_commands_suggested_are_never_broken_across_lines(tmp_path, monkeypatch):
    """On an 80-column terminal the farewell's prose is wrapped, but each command it suggests
    is a line of its own, whole: wrapped with the prose, "penneech play" ended one line and
    "--resume …" began the next, and pasting both started a new game (review 35c)."""
    monkeypatch.setattr(terminal, "terminal_width", lambda stream: 79)
    monkeypatch.chdir(tmp_path)
    path = "penneech-game-4213093656.json"  # (the default name, with a random seed's digits)
    status, out, _ = play(tmp_path, ["quit"], "--seed", "4213093656", "--save", path)
    assert status == 0
    lines = out.splitlines()
    assert max(len(line) for line in lines[:-2]) <= 79  # (the prose is still wrapped)
    assert lines[-2:] == [f"  go on with it: penneech play --resume {path}",
                          f"  see it:        penneech replay {path}"]


def test_the_resume_banner_names_the_file_read_and_the_file_saved(tmp_path):
    lines, expected = script(11)
    assert play(tmp_path, lines[:3], "--seed", "11")[0] == 0
    record_path = tmp_path / "game.json"
    before = record_path.read_bytes()

    def resume(*extra: str) -> str:
        options = play_options(build_parser().parse_args(["play", "--resume", str(record_path),
                                                          *extra]))
        out, err = io.StringIO(), io.StringIO()
        assert run(options, io.StringIO(f"{lines[3]}\n"), out, err) == 0, err.getvalue()
        return out.getvalue()

    # --save elsewhere: read from the record, saved to the other file, which the banner names
    other = tmp_path / "other.json"
    out = resume("--save", str(other))
    assert f"Penneech, resumed from {record_path} (saved to {other}): You " in out
    assert record_path.read_bytes() == before
    assert len(record.load(other).actions) > len(record.load(record_path).actions)
    # --save onto a file that is there: a new name, told in the banner too
    out = resume("--save", str(other))
    other2 = tmp_path / "other-2.json"
    assert f"{other} is already there and is left alone: this game is saved to {other2}." in out
    assert f"Penneech, resumed from {record_path} (saved to {other2}): " in out
    # --save naming the record itself: saved back to it, as without --save
    out = resume("--save", str(record_path))
    banner = next(line for line in out.splitlines() if line.startswith("Penneech, resumed"))
    assert banner.startswith(f"Penneech, resumed from {record_path}: You ")
    assert not (tmp_path / "game-2.json").exists()
    assert record.load(record_path).actions == record.load(other).actions


def test_a_read_only_record_is_left_alone_and_the_game_goes_on_beside_it(tmp_path):
    """A record its owner made read-only was replaced by ``play --resume`` (a rename needs only
    the folder's leave; review 43b): it is left as it is, and the game is saved beside it."""
    lines, _ = script(11)
    assert play(tmp_path, lines[:3], "--seed", "11")[0] == 0
    record_path = tmp_path / "game.json"
    record_path.chmod(0o444)
    before = record_path.read_bytes()
    options = play_options(build_parser().parse_args(["play", "--resume", str(record_path)]))
    out, err = io.StringIO(), io.StringIO()
    assert run(options, io.StringIO(f"{lines[3]}\n"), out, err) == 0, err.getvalue()
    beside = tmp_path / "game-2.json"
    assert record_path.read_bytes() == before
    assert record_path.stat().st_mode & 0o777 == 0o444
    assert (f"{record_path} is read-only and is left alone: this game is saved to {beside}."
            in out.getvalue())
    assert len(record.load(beside).actions) > len(record.load(record_path).actions)
    # with --save naming a file of its own, the record is not in the way: the message is the
    # one of --save (it said the record was read-only; review 43c)
    options = play_options(build_parser().parse_args(["play", "--resume", str(record_path),
                                                      "--save", str(beside)]))
    out = io.StringIO()
    assert run(options, io.StringIO(f"{lines[3]}\n"), out, io.StringIO()) == 0
    assert f"{beside} is already there and is left alone" in out.getvalue()
    assert "read-only" not in out.getvalue()


# -- the number of deals ---------------------------------------------------------------------------


def _last_deal_told(text: str) -> int:
    return max(int(n) for n in re.findall(r"^Deal (\d+): ", text, flags=re.M))


def _deals_in_result(text: str) -> int:
    found = re.findall(r"^Result: .* after (\d+) deals?\b", text, flags=re.M)
    assert len(found) == 1, text[-500:]
    return int(found[0])


def test_the_result_counts_the_deals_the_narration_told(tmp_path, capsys):
    """A game with deals thrown in: the result's "after N deals" is the narration's last
    "Deal N" (the thrown-in deals are counted, and said), in the terminal game and in replay."""
    checked = 0
    for seed in range(40):
        game = Game("pagat", seed=seed, players=("You", COMPUTER))
        players = [make_player("greedy", seed=seed), make_player("random", seed=seed)]
        while game.outcome is None:
            decide(game, players[game.to_move])
        outcome = game.outcome
        told = "\n".join(narrate(game.events, game.names))
        assert _last_deal_told(told) == game.deal_number
        assert _deals_in_result(f"Result: {outcome_text(outcome)}.") == game.deal_number
        if outcome.thrown_in:
            assert outcome.deals + outcome.thrown_in == game.deal_number
            assert f"({outcome.thrown_in} thrown in)" in outcome_text(outcome)
            checked += 1
            path = tmp_path / f"g{seed}.json"
            record.save(game, path)
            assert main(["replay", str(path)]) == 0
            out = capsys.readouterr().out
            assert _deals_in_result(out) == _last_deal_told(out) == game.deal_number
    assert checked >= 3
    # and in the terminal game, with a hand thrown in
    seed = throw_in_seed()
    lines, expected = script(seed, throw=True)
    status, out, err = play(tmp_path, lines, "--seed", str(seed), "--no-analysis")
    assert status == 0, err
    assert expected.outcome is not None and expected.outcome.thrown_in >= 1
    assert _deals_in_result(out) == _last_deal_told(out) == expected.deal_number


@pytest.mark.parametrize(("argv", "message"), [
    (["play", "--save", ""], "error: --save needs a file name, not '' (leave --save out to "
                             "save to penneech-game-SEED.json)\n"),
    (["play", "--save", " "], "error: --save needs a file name, not ' ' (leave --save out"),
    (["play", "--resume", ""], "error: --resume needs a file name, not ''\n"),
    (["simulate", "--games", "2", "--out", ""], "error: --out needs a file name, not ''\n"),
    (["experiment", "run", "--scale", "tiny", "--out", ""],
     "error: --out needs a folder name, not ''\n"),
])
def test_an_empty_file_name_is_an_error(tmp_path, monkeypatch, capsys, argv, message):
    """(before: ``--save ''`` saved to the default name, and ``experiment run --out ''`` wrote
    into the current folder)"""
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    assert capsys.readouterr().err.startswith(message)
    assert list(tmp_path.iterdir()) == []


def test_help_at_the_throw_in_question_explains_it_without_nagging(tmp_path):
    seed = throw_in_seed()
    lines, expected = script(seed, stop_after=3)
    status, out, err = play(tmp_path, ["?", "help", "maybe", *lines], "--seed", str(seed))
    assert status == 0, err
    question = out.split("Throw in this hand? [y/n] ")
    helped = question[1]  # after "?"
    assert helped.startswith("?\nUnder these rules a hand may be thrown in when it is a hand "
                             "with no ace, king, queen or knave (holding the ♦7 does not save "
                             "it), and yours is.  Type y to throw it in")
    assert "Please answer" not in helped and "Please answer" not in question[2]
    nagged = question[3]  # after "maybe"
    assert nagged.startswith("maybe\nPlease answer y to throw the hand in (the same dealer "
                             "deals again), n to keep it, ? for help, or quit to stop here (the "
                             "game is saved).")
    for line in helped.splitlines()[1:] + nagged.splitlines()[1:]:
        assert line[:1].isupper() and line.count("(") == line.count(")"), line
    assert record.load(tmp_path / "game.json").actions == expected.actions


def test_cards_typed_with_spaces_or_words(tmp_path):
    """'7 h', 'seven of hearts', 'the queen of spades', 'Q ♠' are read as the card they name;
    a line naming no one card is bad input, as before."""
    from penneech.terminal import read_card

    lines, expected = script(11, stop_after=4)
    names = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten"}
    suits = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    spelled = []
    for i, code in enumerate(lines):
        rank, suit = code[:-1], code[-1]
        words = names.get(rank, rank)
        spelled.append([f"{rank.lower()} {suit.lower()}", f"{words} of {suits[suit]}",
                        f"The {words.capitalize()} of {suits[suit].capitalize()}",
                        f"{rank} {Card(code).suit.symbol}"][i % 4])
    status, out, _ = play(tmp_path, ["seven of hurts", "ace spades hearts", *spelled],
                          "--seed", "11")
    assert status == 0
    assert "'seven of hurts' is not a card" in out and "'ace spades hearts' is not a card" in out
    assert out.count("is not a card") == 2 and "Not allowed" not in out
    saved = record.load(tmp_path / "game.json")
    assert [a.card.code for a in saved.actions if hasattr(a, "card") and a.player == 0] == lines
    assert read_card("a s") == Card("AS") and read_card("an ace of spades") == Card("AS")
    assert read_card("10 of diamonds") == Card("TD") == read_card("♦ 10")


# -- the terminal's width ----------------------------------------------------------------------------


def test_lines_wrap_to_a_narrow_terminal_between_words(tmp_path):
    """In a terminal 50 columns wide (a phone's SSH app, a split pane) no line runs past the
    edge: long lines wrap between words, indented under their start; only a word longer than the
    width (a file's path) stands alone on its line.  Piped output is not wrapped."""
    import fcntl
    import struct
    import termios

    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 50, 0, 0))
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"}
    argv = [sys.executable, "-m", "penneech.cli", "play", "--seed", "3", "--no-analysis",
            "--save", str(tmp_path / "game.json")]
    proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=subprocess.PIPE, env=env,
                            cwd=tmp_path, start_new_session=True)
    os.close(slave)
    screen = b""
    try:
        deadline = time.monotonic() + 60
        while not screen.endswith(b"Your card: ") and time.monotonic() < deadline:
            screen += os.read(master, 4096)
        os.write(master, b"quit\n")
        while time.monotonic() < deadline:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # EIO: the game has ended and closed its side
                break
            if not chunk:
                break
            screen += chunk
    finally:
        os.close(master)
    proc.communicate(timeout=60)
    lines = screen.decode().replace("\r\n", "\n").split("\n")
    # (each command suggested at the end is a line of its own, whole: see the next test)
    commands = [line for line in lines if line.startswith(("  go on with it: ", "  see it: "))]
    assert len(commands) == 2 and all(line.endswith("game.json") for line in commands), lines
    too_long = [line for line in lines if len(line) > 49 and " " in line.strip()
                and line not in commands]
    assert not too_long, too_long
    text = " ".join(line.strip() for line in lines)
    assert "plays every card out to the end of the deal in 400 guesses at the hidden cards" in text
    assert "Game so far saved to" in text

    piped = subprocess.run(argv[:-2] + ["--save", str(tmp_path / "piped.json")], input="quit\n",
                           capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60)
    assert any(len(line) > 80 for line in piped.stdout.splitlines())


# -- taking back a card ------------------------------------------------------------------------------


def test_undo_takes_back_your_card_and_the_reply_and_the_game_goes_on(tmp_path):
    """'undo' takes back your last card and the computer's reply (at the end of a deal, the next
    deal too); played again, the game ends as it would have, and the record holds no trace of
    what was taken back.  Before your first card there is nothing to take back."""
    lines, expected = script(11)
    seven = 7  # your seventh card ends the first deal (no throw-in in this game)
    answers = (["undo"] + lines[:2] + ["undo", lines[1]] + lines[2:seven]
               + ["undo", lines[seven - 1]] + lines[seven:])
    status, out, err = play(tmp_path, answers, "--seed", "11", "--no-analysis")
    assert status == 0, err
    assert out.count("There is nothing of yours to take back yet.") == 1
    taken = re.findall(r"Taken back: (.*)\.", out)
    assert len(taken) == 2 and all(t.startswith("your ") for t in taken), taken
    assert f"then {COMPUTER}'s" in taken[0]
    assert record.load(tmp_path / "game.json").actions == expected.actions
    assert expected.outcome is not None and str(expected.outcome) in out


def test_undo_after_resume_takes_the_cards_out_of_the_file_as_the_help_says(tmp_path):
    """The module's description said the file resumed from is one "whose record it only
    extends"; ``undo`` after a resume takes the cards back out of it (the user asked, so it is
    no loss), and the description now says so."""
    import penneech.terminal

    doc = " ".join((penneech.terminal.__doc__ or "").split())
    assert "only extends" not in doc
    assert "``undo`` takes the cards it takes back out of FILE too" in doc
    lines, _ = script(11, stop_after=3)
    status, _, err = play(tmp_path, [*lines, "quit"], "--seed", "11", "--no-analysis")
    assert status == 0, err
    before = record.load(tmp_path / "game.json").actions
    options = play_options(build_parser().parse_args(
        ["play", "--resume", str(tmp_path / "game.json"), "--no-analysis"]))
    err_io = io.StringIO()
    status = run(options, io.StringIO("undo\nundo\nquit\n"), io.StringIO(), err_io)
    assert status == 0, err_io.getvalue()
    after = record.load(tmp_path / "game.json").actions
    assert len(after) < len(before) and after == before[:len(after)]


def test_undo_takes_back_an_answer_to_the_throw_in_question(tmp_path):
    """Before any decision there is nothing to take back; after keeping a hand, 'undo' at the
    next question takes the answer back and the throw-in question is asked again."""
    seed = throw_in_seed()
    lines, expected = script(seed)
    assert lines[0] == "n"  # the first question: keep the hand
    answers = ["undo", "n", "undo", "n", *lines[1:]]
    status, out, err = play(tmp_path, answers, "--seed", str(seed), "--no-analysis")
    assert status == 0, err
    assert "There is nothing of yours to take back yet." in out
    assert "Taken back: your answer to the throw-in question" in out
    assert out.count("Throw in this hand? [y/n]") >= 2
    assert record.load(tmp_path / "game.json").actions == expected.actions


def test_the_last_trick_names_you_in_lower_case_mid_sentence(tmp_path):
    """'Last trick: You led ♠10, Expert played ♠5; you took it.' (before: '; You took it.')"""
    lines, _ = script(3)
    status, out, err = play(tmp_path, lines[:2] + ["quit"], "--seed", "3", "--no-analysis")
    last = [line for line in out.splitlines() if line.startswith("Last trick:")]
    assert last and all("; You took" not in line and ", You played" not in line
                        for line in last), last
    assert any(re.search(rf"; (you|{COMPUTER}) took it\.$", line) for line in last), last


def test_the_opponent_s_figures_say_when_the_rules_were_not_measured(tmp_path: Path) -> None:
    """Under a preset with an option changed, the computer's measured strength is that of the
    readings as they stand, and the game says so (it showed them as if measured under the
    changed rules; review 38c)."""
    _, out, _ = play(tmp_path, ["quit"], "--seed", "11", "--rules", "pagat,target=31")
    assert "wins " in out and "not under pagat,target=31)" in " ".join(out.split())
    _, out, _ = play(tmp_path, ["quit"], "--seed", "11", "--rules", "pagat",
                     "--save", str(tmp_path / "other.json"))
    assert "wins " in out and "not under" not in out


def test_the_player_is_told_you_whatever_their_name(tmp_path):
    """Under --name Ann (or a record from the live table, whose reader is "Reader"), the whole
    account turned to the third person ("Ann leads to this trick."), while the live table says
    "you" whatever the name (review 39c)."""
    lines, _ = script(11, stop_after=3)
    status, out, _ = play(tmp_path, lines, "--seed", "11", "--name", "Ann")
    assert status == 0
    assert "Ann leads" not in out and "Ann plays" not in out and "Ann wins" not in out, out
    assert re.search(r"\b[Yy]ou (lead|play|win)", out), out
    # the scores beside it too (they said "Scores: Ann 58" under "Last trick: You led"; 41d)
    assert "Scores: you " in out and "Tricks this deal: you " in out
    assert "Ann" not in out.split("Your hand:", 1)[1].split("Stopped", 1)[0], out


def test_hint_at_the_throw_in_question(tmp_path):
    """The throw-in question took no hint in the terminal; the live table gives one there."""
    seed = throw_in_seed()
    lines, _ = script(seed, stop_after=3)
    status, out, err = play(tmp_path, ["hint", *lines], "--seed", str(seed))
    assert status == 0, err
    helped = out.split("Throw in this hand? [y/n] ")[1]
    assert helped.startswith("hint\nHint: the expert player would throw this hand in."), helped
    # the question is asked again, and "hint" is not refused as an answer (review 41a)
    assert "Please answer" not in helped, helped


def test_the_analysis_after_undo_is_of_the_deal_as_played_again(tmp_path):
    """Undo the card that ended a deal and play it again: the deal's analysis is shown again,
    for the cards now played; undo in the next deal: the earlier deal's is not told over
    (review 41a: a mutant that did the opposite passed, the undo test runs without analysis)."""
    lines, _ = script(11)
    again = lines[:7] + ["undo", lines[6]] + lines[7:9] + ["quit"]
    status, out, err = play(tmp_path, again, "--seed", "11")
    assert status == 0, err
    assert out.count("How your cards did in deal 1") == 2, out
    (tmp_path / "b").mkdir()
    later = lines[:10] + ["undo", lines[9], "quit"]
    status, out, err = play(tmp_path / "b", later, "--seed", "11")
    assert status == 0, err
    assert out.count("How your cards did in deal 1") == 1, out


@pytest.mark.parametrize(("chance", "said"), [(0.8, "an 80%"), (0.11, "an 11%"), (0.084, "an 8%"),
                                             (0.5, "a 50%"), (0.183, "an 18%")])
def test_hint_reads_its_chance_with_the_right_article(monkeypatch, chance, said):
    """The Hint said "a 80% chance" and "a 11% chance" (review 41d): its article is read off
    the figure, as the analysis's is."""
    from penneech import Game, players
    from penneech.playouts import CardEstimate, PlayoutPlayer

    def fixed(self, view):
        return {c: CardEstimate(c, 1.0 if i == 0 else 0.0, chance if i == 0 else chance / 2, 4)
                for i, c in enumerate(view.legal_plays)}

    monkeypatch.setattr(PlayoutPlayer, "estimates", fixed)
    game = Game("pagat", seed=7)
    view = game.view(game.to_move)
    assert len(view.legal_plays) > 1
    words = players.hint(view, 7).words
    assert f"from what you can see: {said} chance of winning the game" in words, words


def _view_with_legal(count):
    """A view of the player to move with exactly ``count`` legal cards (pagat: suit to follow)."""
    from penneech import Game, Phase

    for seed in range(200):
        game = Game("pagat", seed=seed)
        while game.phase is not Phase.OVER and game.deal_number == 1:
            if game.phase is Phase.THROW_IN:
                game.throw_in(False)
                continue
            if len(game.legal_plays()) == count:
                return game.view(game.to_move), seed
            game.play(game.legal_plays()[-1])
    raise AssertionError(f"no view with {count} legal cards")


def test_hint_of_a_forced_card_says_so_without_a_figure():
    """With one legal card the Hint names it as the only card, with no chance of winning
    beside it; with two it gives the figure (review 41a: nothing held either)."""
    from penneech import players

    one, seed = _view_with_legal(1)
    words = players.hint(one, seed).words
    assert words.endswith(", the only card you may play") and "%" not in words, words
    two, seed = _view_with_legal(2)
    words = players.hint(two, seed).words
    assert "chance of winning the game" in words and "only card" not in words, words


@pytest.mark.parametrize(("average", "said"), [(-0.5, "0.5 points fewer"), (0.5, "0.5 points more"),
                                               (-3.25, "3.2 points fewer")])
def test_hint_says_whose_points_by_the_sign_of_the_average(monkeypatch, average, said):
    """An average just below nothing was told as "more" by a mutant that passed every test
    (review 41a)."""
    from penneech import players
    from penneech.playouts import CardEstimate, PlayoutPlayer

    def fixed(self, view):
        return {c: CardEstimate(c, average if i == 0 else average - 1, 0.5, 4)
                for i, c in enumerate(view.legal_plays)}

    monkeypatch.setattr(PlayoutPlayer, "estimates", fixed)
    view, seed = _view_with_legal(2)
    words = players.hint(view, seed).words
    assert f"on average {said} than the opponent" in words, words
