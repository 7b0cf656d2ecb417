"""The `penneech` command: rules, and how it reports usage errors."""

import os
import subprocess
import sys

import pytest

from penneech import OPTIONS, PRESET_NAMES, PRESETS
from penneech.cli import main, rules_table


def test_rules_lists_every_option_and_preset(capsys):
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    for name, info in OPTIONS.items():
        assert f"\n{name}: {info.question}" in out
    assert any(line.split()[:2] == ["follow", "free"] for line in out.splitlines())
    assert "https://www.pagat.com/pointtrk/penneech.html" in out
    assert "Cotton, chap. XXII:\n    “Here note, if you have neither Ace nor Face" in out


def test_rules_table_is_read_off_the_presets():
    lines = rules_table().splitlines()
    assert lines[0].split() == ["option", *PRESET_NAMES]
    assert PRESET_NAMES == ("minimal", "pagat", "parlett", "gamester", "davis")
    row = {line.split()[0]: line.split()[1:] for line in lines[2:]}
    assert row["follow"] == ["free", "suit", "suit_or_trump", "suit", "suit"]
    assert row["first_turnup_scores"] == ["false", "false", "true", "true", "false"]
    assert len(row) == len(OPTIONS)


def test_rules_for_one_preset_gives_reasons(capsys):
    assert main(["rules", "parlett"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("parlett: David Parlett")
    # (the reason's opening words, from its one home)
    why = " ".join(OPTIONS["follow"].reasons["parlett"].split()[:4])
    assert "follow = suit_or_trump" in out and f"why: {why}" in out
    assert f"target = {PRESETS['parlett'].target}" in out


def test_unknown_preset_is_an_error(capsys):
    assert main(["rules", "hoyle"]) == 2
    assert capsys.readouterr().err == (
        "error: unknown preset 'hoyle': use one of minimal, pagat, parlett, gamester, davis\n")


def test_usage_errors_exit_2_with_error_prefix(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["frobnicate"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "error: argument COMMAND: invalid choice: 'frobnicate'" in err


def test_python_m_penneech_runs_the_command_line():
    """(it failed: "No module named penneech.__main__").  One call, which also shows that main's
    return value is the exit status, as the console script's ``sys.exit(main())`` makes it."""
    done = subprocess.run([sys.executable, "-m", "penneech", "rules", "hoyle"],
                          capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr) == (
        2, "", "error: unknown preset 'hoyle': use one of minimal, pagat, parlett, gamester, "
               "davis\n")


def test_console_script_runs_as_a_module():
    out = subprocess.run([sys.executable, "-m", "penneech.cli", "rules", "davis"],
                         capture_output=True, text=True, check=True).stdout
    assert "first_leader = dealer" in out


@pytest.mark.parametrize("command", [["experiment", "run", "--scale", "tiny"],
                                     ["experiment", "plan", "--scale", "tiny"],
                                     ["simulate", "--games", "2"]])
def test_workers_beyond_the_machine_are_refused(command, tmp_path, monkeypatch, capsys):
    """Thousands of processes are not started: more than four per processor is an error that
    says the limit, before anything is played or written."""
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    out = ["--out", str(tmp_path / "out")] if command[0] == "experiment" else []
    assert main([*command, *out, "--workers", "5000", "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err == ("error: --workers may be at most 8 on this machine (4 per processor, and it "
                   "has 2), not 5,000\n")
    assert list(tmp_path.iterdir()) == []
    assert main(["experiment", "plan", "--scale", "tiny", "--workers", "8"]) == 0


@pytest.mark.parametrize(("argv", "told"), [
    (["play", "--na", "Ann"], "--na Ann: write the option in full, --name (see penneech play"),
    (["play", "--se", "5"], "--se 5: write the option in full, --seed or --set (see"),
    (["play", "--sav=x.json"], "--sav=x.json: write the option in full, --save (see"),
    (["simulate", "--work", "2"], "--work 2: write the option in full, --workers (see "
                                  "penneech simulate --help)"),
    (["rules", "pagat", "extra"], "unrecognized arguments: extra (see penneech rules --help)"),
])
def test_an_option_must_be_written_in_full(argv, told, tmp_path, monkeypatch, capsys):
    """``--se`` could be --seed, --set or --save: a prefix is refused, never taken as one."""
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: unrecognized arguments: ") and told in err
    assert list(tmp_path.iterdir()) == []


def test_play_help_reads_as_sentences(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["play", "--help"])
    assert exc.value.code == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "`" not in text and "129/143" not in text and ": plays" not in text
    assert "[--opponent LEVEL]" in text  # (not the list of choices twice)
    assert "beginner (greedy, which plays each trick on its merits" in text
    assert "129 when the terminal is closed; 143 after a stop signal (SIGTERM)" in text
    assert "Ctrl-C while it is worked out skips it" in text
    assert "SEED.json in the current folder" in text  # (the name may be wrapped at a hyphen)
    assert text.count("(") == text.count(")")


def test_rules_for_a_preset_with_changes(capsys):
    """``penneech rules 'pagat,follow=free'``, as --rules takes it: the preset's options with
    the changed ones marked, and no reason given for them that was the preset's."""
    assert main(["rules", "davis,follow=free,target=31"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == ("davis,target=31,follow=free: the preset davis with 2 options changed "
                        "(target, follow)")
    assert lines[1].startswith("davis: ")
    follow = lines.index("  follow = free: May play any card.")
    assert lines[follow + 1] == "      changed: davis has suit"
    assert "  target = 31" in out and "      changed: davis has 61" in out
    assert out.count("changed: ") == 2
    assert main(["rules", "pagat,follow=never"]) == 2
    assert capsys.readouterr().err.startswith("error: 'never' is not a value of follow: use one")
    assert main(["rules", "Pagat"]) == 0
    assert capsys.readouterr().out.startswith("pagat: John McLeod")


@pytest.mark.parametrize("argv", [["rules", " "], ["play", "--rules", ""], ["play", "--rules", " , "],
                                  ["simulate", "--rules", "", "--games", "2"]])
def test_empty_rules_get_their_one_line_error(argv, capsys, tmp_path, monkeypatch):
    """``penneech play --rules ""`` played the default rules without a word, and saved a game
    in the current folder; with the parser's check gone, ``penneech rules " "`` printed a
    traceback (review 39a)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO(""))
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.strip() == "error: empty rules: name a preset, such as 'pagat'", err
    assert not list(tmp_path.iterdir())  # (no game was played, so none was saved)


def test_a_ctrl_c_while_the_command_starts_is_told_not_a_traceback() -> None:
    """A Ctrl-C in the few tenths of a second the package takes to be read stopped Python with a
    page of traceback (the ``penneech`` command read the package before its own handler ran).
    The command's first step, ``penneech_command``, reads the package itself and says
    "interrupted".  (The Ctrl-C is raised here as the package is read, at no chance moment.)"""
    script = """
import sys
from importlib.abc import MetaPathFinder
class CtrlC(MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "penneech.cli":
            raise KeyboardInterrupt
sys.meta_path.insert(0, CtrlC())
import penneech_command
sys.exit(penneech_command.main())
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 130 and done.stderr == "interrupted\n", done.stderr
    # and the installed command starts there (pyproject.toml's [project.scripts])
    from pathlib import Path

    import tomllib

    project = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())
    assert project["project"]["scripts"]["penneech"] == "penneech_command:main"
