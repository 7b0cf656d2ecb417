"""The notebook widgets' Python side: what they play, show and refuse (the browser tests check
that the same widgets step on the static page)."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from typing import Any  # noqa: E402

from penneech import GameError, Phase, Rules, Scored, record  # noqa: E402
from penneech.narrate import card_text  # noqa: E402
from penneech.widgets import (  # noqa: E402
    DealStepper,
    PlayComputer,
    Stepper,
    compare,
    player_kinds,
)


def test_a_refused_card_is_explained_and_the_game_goes_on() -> None:
    pc = PlayComputer(seed=1, sample=False)
    game = pc.game
    assert game.phase is Phase.PLAY and game.to_move == 0
    held = set(game.hand(0))
    not_held = next(c for c in game.deck if c not in held and c not in game.turned)
    message = pc.click(not_held)
    assert message.startswith("Refused:") and "you do not hold it" in message
    # the cards are named as the table shows them, not by their codes
    assert message.startswith(f"Refused: {card_text(not_held)} is not a legal play for you")
    assert all(card_text(c) in message for c in held) and not_held.code not in message
    assert game.to_move == 0 and not game.trick  # nothing was played
    assert pc.click("zz").startswith("Refused: 'zz' is not a card")
    assert game.to_move == 0 and not game.trick
    card = game.legal_plays()[0]
    assert pc.click(card) == ""
    # the computer answered (or led again after winning): it is the reader's turn again
    assert game.to_move in (0, None)
    assert card not in game.hand(0)


def test_the_opponent_can_be_chosen_for_the_next_game() -> None:
    pc = PlayComputer(seed=1, sample=False)
    assert "solver" in player_kinds() and "cheater" not in player_kinds()
    pc.opponent_choice.value = "random"
    pc.new_game(5)
    assert pc.opponent_kind == "random" and pc.game.seed == 5
    assert "(random)" in repr(pc)


def test_a_deal_stepper_has_a_frame_per_trick_and_narrates_the_scoring() -> None:
    stepper = DealStepper("pagat", seed=8, controls=False)
    frames = stepper._frames()
    assert len(frames) == 8  # the deal before the first trick, then after each of the seven
    text = " ".join(stepper.narration())
    game = stepper.game
    pegs = [e for e in game.events if isinstance(e, Scored)]
    assert pegs and "pegs" in text
    assert "rules pagat, seed 8" in repr(stepper)


def test_one_pack_under_every_rulebook() -> None:
    comparison = compare(3)
    rows = comparison.rows()
    assert [r["rules"] for r in rows] == ["minimal", "pagat", "parlett", "gamester", "davis"]
    # the same pack is dealt under each, so the first deal's hands are the same
    hands = {(res.game.events[0], tuple(res.game.deck)) for res in comparison.results}
    assert len({deck for _e, deck in hands}) == 1
    for res in comparison.results:
        assert sum(res.points) == sum(
            e.points for e in res.game.events if isinstance(e, Scored) and e.deal == 1)
    options = [name for name, _question, _values in comparison.differences()]
    assert "follow" in options and "redeal" in options and "deck" not in options


def test_the_default_opponent_is_offered_first_among_the_levels_and_described() -> None:
    from penneech.players import DEFAULT_OPPONENT, LEVELS

    pc = PlayComputer(seed=1, sample=False)
    assert pc.opponent_kind == DEFAULT_OPPONENT
    assert player_kinds()[: len(LEVELS)] == list(LEVELS.values())
    assert DEFAULT_OPPONENT in pc.opponent_note.value
    pc.opponent_choice.value = "greedy"
    assert pc.opponent_note.value.startswith("greedy (the beginner level):")


def _short_game_played(**names: str) -> PlayComputer:
    """A game to 8 against the random player, played out with the first legal card."""
    pc = PlayComputer(Rules.preset("pagat", target=8), seed=3, sample=False, **names)
    pc.opponent_choice.value = "random"
    pc.new_game(3)
    while not pc.game.is_over():
        if pc.game.phase is Phase.THROW_IN:
            pc.answer_throw_in(False)
        else:
            pc.click(pc.game.legal_plays()[0])
    return pc


def test_a_finished_deal_is_weighed_on_the_board() -> None:
    pc = _short_game_played()
    assert "How your cards did in deal" in pc.review.value
    # the end says where the points came from, as the terminal and the live table do
    assert "Game over: " in pc.status.value and "Where the points came from: you " in (
        pc.status.value)


def test_the_notebook_game_tells_you_whatever_your_name() -> None:
    """Under another name the end said "Ann wins 8 to 0 … Where the points came from: you 8",
    and the log told Ann in the third person beside "How your cards did" (review 41d)."""
    pc = _short_game_played(you="Ann")
    told = pc.status.value.split("Game over: ", 1)[1]
    assert told.startswith("You win 8 to 0") and "Ann" not in told, told
    assert "you lead" in pc.log.value or "You win" in pc.log.value
    assert "Ann " not in pc.log.value, pc.log.value
    assert "Ann 8" in pc.status.value  # (the score names the seat, as the terminal's table did)


def test_the_notebook_game_tells_the_computer_from_a_reader_of_its_name() -> None:
    """A reader named as the computer is (the Game refuses two names that read as one): the
    computer's name says so, as on the live table and in the terminal."""
    pc = PlayComputer(seed=1, sample=False, opponent="greedy", you="computer")
    assert pc.game.names == ("computer", "Computer (computer)")
    assert "Computer (computer)" in pc.status.value
    # a name that is not text is refused in words, not an AttributeError from inside
    with pytest.raises(TypeError, match="you must be a name, such as 'Ann', not None"):
        PlayComputer(seed=1, sample=False, you=None)  # type: ignore[arg-type]


def test_new_game_in_the_middle_of_one_asks_again_and_keeps_it(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    pc = PlayComputer(seed=1, sample=False, opponent="greedy")
    first = pc.game
    pc.click(first.legal_plays()[0])
    played = list(first.actions)
    message = pc.ask_new_game()
    assert "is not finished" in message and pc.game is first  # not yet
    message = pc.ask_new_game()
    assert pc.game is not first and pc.kept == [first] and list(first.actions) == played
    # the game set aside is saved, and the message says where
    assert "penneech-game-1.json" in message
    assert record.load(tmp_path / "penneech-game-1.json").actions == first.actions
    # a game in which you have not chosen anything is simply replaced: nothing kept or saved
    pc.ask_new_game()
    assert pc.kept == [first] and not (tmp_path / "penneech-game-2.json").exists()
    # Save the game writes the record beside the notebook, never over a file already there
    (tmp_path / f"penneech-game-{pc.game.seed}.json").write_text("mine", encoding="utf-8")
    message = pc.save()
    written = tmp_path / f"penneech-game-{pc.game.seed}-2.json"
    assert message.startswith(f"Saved to {written}")
    assert (tmp_path / f"penneech-game-{pc.game.seed}.json").read_text(encoding="utf-8") == "mine"
    assert record.load(written).actions == pc.game.actions
    # a folder is written into; an empty name is refused with a message, not a traceback
    (tmp_path / "games").mkdir()
    assert pc.save(str(tmp_path / "games")).startswith("Saved to ")
    assert (tmp_path / "games" / f"penneech-game-{pc.game.seed}.json").is_file()
    assert pc.save("").startswith("Not saved: give a file name")
    # a folder not made yet, written with its slash: a file of its name was saved ("new")
    missing = str(tmp_path / "new") + "/"
    assert pc.save(missing) == (f"Not saved: {missing}: a name that ends in / (or no name) "
                                "names a folder: give the file's name too (the game is kept "
                                "here).")
    assert pc.save("/dev/null").startswith("Not saved: /dev/null: not a regular file")
    assert not (tmp_path / "new").exists()


def test_a_saved_game_goes_on_in_a_new_notebook(tmp_path, monkeypatch) -> None:
    """The widget's game lives in the running notebook, which a reload ends (review 46d: the
    page said a reload does not lose it, true only of the page's live table).  Saved, it goes on
    with ``PlayComputer(resume=...)``, as the save's message says, with the record's rules,
    seed, names and opponent; a file that is no game to go on with says why."""
    monkeypatch.chdir(tmp_path)
    pc = PlayComputer("parlett", seed=5, sample=False, opponent="greedy", you="Ann",
                      computer="Beginner")
    for _ in range(6):
        if pc.game.phase is Phase.THROW_IN:
            pc.answer_throw_in(False)
        else:
            pc.click(pc.game.legal_plays()[0])
    message = pc.save()
    assert message.endswith("beside this notebook.  Go on with it here with "
                            f"PlayComputer(resume='{tmp_path / 'penneech-game-5.json'}'), or "
                            "with penneech play --resume; replay it with penneech replay.")
    again = PlayComputer(resume="penneech-game-5.json", sample=False)
    assert again.game.actions == pc.game.actions and str(again.rules) == "parlett"
    assert again.names == ("Ann", "Beginner") and again.opponent_kind == "greedy"
    assert again.message == (f"Your game from penneech-game-5.json goes on, at deal "
                             f"{pc.game.deal_number}, against the beginner (greedy) the record "
                             "names.")
    again.click(again.game.legal_plays()[0])  # (and it plays on)
    assert len(again.game.actions) > len(pc.game.actions)
    # a computer's name that names no kind: the opponent= given plays, and it says so
    named = PlayComputer(seed=6, sample=False, opponent="greedy")
    if named.game.phase is Phase.THROW_IN:
        named.answer_throw_in(False)
    else:
        named.click(named.game.legal_plays()[0])
    path = named.save().split("Saved to ")[1].split(" beside")[0]
    told = PlayComputer(resume=path, sample=False, opponent="club")
    assert told.opponent_kind == "club" and told.message.endswith(
        "(the record does not say which played: opponent= chooses).")
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    for bad, said in (("nope.json", "nope.json: no such file"),
                      ("bad.json", "bad.json: not JSON"),
                      ("", "resume must be the name of a record file")):
        with pytest.raises(ValueError, match=said):
            PlayComputer(resume=bad, sample=False)
    finished = PlayComputer("parlett,target=1", seed=0, sample=False)
    over = finished.save().split("Saved to ")[1].split(" beside")[0]
    with pytest.raises(ValueError, match="is over .*nothing to play on"):
        PlayComputer(resume=over, sample=False)


def test_a_finished_game_is_saved_when_a_new_one_starts(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    pc = PlayComputer(seed=3, sample=False, opponent="random")
    while not pc.game.is_over():
        if pc.game.phase is Phase.THROW_IN:
            pc.answer_throw_in(False)
        else:
            pc.click(pc.game.legal_plays()[0])
    finished = pc.game
    message = pc.ask_new_game()  # one press: nothing is left to finish
    assert pc.game is not finished and pc.kept == [finished]
    assert record.load(tmp_path / "penneech-game-3.json").outcome == finished.outcome
    assert "penneech-game-3.json" in message


def test_a_card_clicked_at_the_throw_in_question_is_refused_in_the_second_person() -> None:
    pc = PlayComputer(seed=9, sample=False, opponent="greedy")
    assert pc.game.phase is Phase.THROW_IN and pc.game.to_move == 0
    message = pc.click(pc.game.hand(0)[0])
    assert message == "Refused: Cannot play: you must first say whether to throw in the hand"
    pc.answer_throw_in(False)
    assert pc.message == ""  # the refusal does not outlive the question


def test_deal_again_keeps_custom_rules_and_survives_a_deal_never_reached() -> None:
    stepper = DealStepper(Rules.preset("pagat", follow="free"), seed=7, deal=2)
    assert stepper.preset.value == "pagat,follow=free"
    stepper._redeal()
    assert str(stepper.game.rules) == "pagat,follow=free"
    # a deal number the new seed's game never reaches: said, and what is shown stays
    stepper = DealStepper(seed=7, deal=6)
    shown = (stepper.game, stepper.stepper.frames)
    stepper.seed.value = 0
    stepper._redeal()
    assert "Not dealt again: deal 6 was not played" in stepper.note.value
    assert (stepper.game, stepper.stepper.frames) == shown
    assert DealStepper(players="cheater").kind.value == "cheater"


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"option": "nosuch"}, "unknown option 'nosuch'"),
    ({"rulebooks": []}, "rulebooks must be a list"),
    ({"rulebooks": "pagat"}, "rulebooks must be a list"),
    ({"rulebooks": ["pagat"], "option": "follow"}, "not both"),
    # (a base with no option was ignored in silence: every preset was compared)
    ({"base": "bogus"}, "is the rulebook an option's values are tried on: give the option too"),
    ({"base": "parlett", "rulebooks": ["pagat"]}, "is the rulebook an option's values"),
])
def test_compare_says_what_was_wrong(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        compare(5, **kwargs)
    with pytest.raises(ValueError, match="deck must be a seed"):
        compare(5.0)  # type: ignore[arg-type]


def test_the_slider_counts_steps_as_the_frames_captions_do() -> None:
    """The slider reads 1 on "Step 1 of n" and n on the last frame; the stack shows the frame
    whose caption names the slider's value (before, the slider read 3 on "Step 4")."""
    stepper = DealStepper("pagat", seed=8).stepper
    n = len(stepper.frames)
    assert (stepper.slider.min, stepper.slider.max, stepper.play.min, stepper.play.max) == (
        1, n, 1, n)
    for value in (1, 4, n):
        stepper.slider.value = value
        shown = stepper.stack.children[value].value
        assert f"Step {value} of {n}" in shown
        assert stepper.shown is stepper.frames[value - 1]
    stepper.set_frames(stepper.frames[:3])
    assert (stepper.slider.value, stepper.slider.max, stepper.stack.selected_index) == (1, 3, 1)


@pytest.mark.parametrize(("make", "message"), [
    # (an AttributeError from inside; the rules notation was "unknown preset")
    (lambda: PlayComputer(rules=None), "rules must be a Rules object or a preset name"),
    (lambda: PlayComputer(rules=5), "rules must be a Rules object or a preset name"),
    # (accepted, then a TypeError at "New game" or at once from seed + 1)
    (lambda: PlayComputer(seed=None, sample=False), "seed must be a whole number from 0"),
    (lambda: DealStepper(seed=None), "seed must be a whole number from 0"),
    (lambda: compare(3, seed=None), "seed must be a whole number from 0"),
])
def test_bad_widget_arguments_say_what_was_wrong(make, message: str) -> None:
    from penneech import GameError

    with pytest.raises(GameError, match=message):
        make()


def test_the_game_widget_takes_the_rules_notation() -> None:
    pc = PlayComputer(rules="pagat,follow=free", sample=False)
    assert pc.rules == Rules.parse("pagat,follow=free") and pc.game.rules == pc.rules


@pytest.mark.parametrize(("make", "error", "words"), [
    (lambda: PlayComputer(computer=None, sample=False), TypeError,
     "computer must be a name, such as 'Ann', not None"),
    (lambda: PlayComputer(you=3, sample=False), TypeError, "you must be a name"),
    (lambda: PlayComputer(opponent=float("nan"), sample=False), ValueError,
     "opponent must be a player kind or a level, one of random, greedy, club, expert"),
    (lambda: PlayComputer(opponent=[], sample=False), ValueError, "not []"),
    (lambda: DealStepper(names=None), ValueError,
     "names must be two names, such as ('Ann', 'Ben'), not None"),
    (lambda: DealStepper(names=("Ann", "ann")), GameError, "different names"),
    (lambda: compare(3, True), ValueError, "rulebooks must be a list of preset names"),
    (lambda: Stepper("x"), TypeError, "frames must be a list of Frame"),
])
def test_bad_arguments_are_told_by_name(make: Any, error: type[Exception], words: str) -> None:
    """Each of these failed inside, with Python's own words: adding " A" to None, a list's
    hash, NaN in the menu's widget, iterating None or a bool, a str's missing .html (review
    43b).  Each is now refused up front, naming the argument."""
    with pytest.raises(error) as caught:
        make()
    assert words in str(caught.value)
