"""Writing files so that nothing a player made is ever lost.

:func:`atomic_write` is the one way the program writes a file (a game record, a CSV of results,
experiment data): the new text goes to a temporary file beside the real one, is flushed to disk,
and replaces it in one step, so a crash, a full disk or a closed terminal leaves either the old
file or the new one, never half of either.  :func:`unused_path` finds a name that replaces
nothing, and :func:`left_alone` what to tell the user when it is not the name asked for.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> atomic_write(folder / "game.json", "{}")
PosixPath('...game.json')
>>> unused_path(folder / "game.json").name
'game-2.json'
>>> left_alone("game.json", unused_path(folder / "game.json"))
'game.json is already there and is left alone'
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path

__all__ = ["atomic_write", "unused_path", "left_alone", "NotAFileError", "check_writable",
           "keep_elsewhere", "read_regular", "FileTooBig"]


class NotAFileError(OSError):
    """The path names something that is not a regular file (a folder, a FIFO, a device)."""


#: Why a name that ends in a slash (or no name) is not written: ``existing.json/`` was taken for
#: ``existing.json`` and replaced it, and ``newdir/`` became a file named ``newdir``.
FOLDER_NAME = "a name that ends in / (or no name) names a folder: give the file's name too"


def names_a_folder(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is written as a folder's name (it ends in a slash), or is no name at
    all (``""`` is the current folder).  Check it before the name becomes a
    :class:`~pathlib.Path`, which drops the slash."""
    text = os.fspath(path)
    return isinstance(text, str) and (not text.strip() or text.endswith(
        tuple(s for s in (os.sep, os.altsep, "/") if s)))


def _real(path: str | os.PathLike[str]) -> Path:
    """The file ``path`` names, through any symbolic links (a link is written through, not
    replaced)."""
    return Path(os.path.realpath(os.fspath(path)))


class FileTooBig(OSError):
    """The file is larger than its reader takes."""


def read_regular(path: str | bytes | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the regular file at ``path``, read whole (at most ``limit`` bytes).

    Anything that is not a regular file (a folder, a FIFO that would wait for ever, a device
    such as ``/dev/zero`` that never ends) raises :class:`NotAFileError`, and a file of more
    than ``limit`` bytes :class:`FileTooBig`, each with its ``strerror`` saying so; other
    errors (no such file, no permission) are the system's :class:`OSError`.
    """
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise NotAFileError(0, "not a regular file (a folder, a pipe or a device)",
                            os.fsdecode(path))
    if st.st_size > limit:
        raise FileTooBig(0, f"it is {st.st_size:,} bytes, more than the {limit:,} it may be",
                         os.fsdecode(path))
    with open(path, "rb") as f:
        raw = f.read(limit + 1)
    if len(raw) > limit:  # (it grew while it was read)
        raise FileTooBig(0, f"it is more than the {limit:,} bytes it may be", os.fsdecode(path))
    return raw


def check_writable(path: str | os.PathLike[str]) -> str | None:
    """Why ``path`` cannot be written by :func:`atomic_write`, or ``None`` if it can (checked
    before long work, so that its result is not lost at the end)."""
    if names_a_folder(path):
        return FOLDER_NAME
    real = _real(path)
    try:
        st = os.stat(real)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        return exc.strerror or str(exc)
    if st is not None and not stat.S_ISREG(st.st_mode):
        return "it is not a regular file"
    folder = real.parent
    if not folder.is_dir():
        return f"there is no folder {folder}"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"the folder {folder} is not writable"
    return None


def atomic_write(path: str | os.PathLike[str], data: str | bytes, *,
                 encoding: str = "utf-8") -> Path:
    """Write ``data`` to ``path`` atomically and durably; return the file written.

    - A symbolic link is followed and the file it points to is replaced (the link stays).
    - Anything that is not a regular file (a folder, a FIFO, ``/dev/null``) is refused with
      :class:`NotAFileError`, never replaced.
    - A file that is replaced keeps its permissions (and owner, where allowed); a new file gets
      the usual permissions (0666 less the umask).
    - The data and then the folder are flushed to disk (``fsync``) before this returns.

    Text is encoded with ``encoding``; characters it cannot encode raise ``UnicodeEncodeError``
    before anything is written.
    """
    payload = data.encode(encoding) if isinstance(data, str) else data
    if names_a_folder(path):
        raise NotAFileError(0, FOLDER_NAME, os.fspath(path))
    real = _real(path)
    try:
        old = os.stat(real)
    except FileNotFoundError:
        old = None
    if old is not None and not stat.S_ISREG(old.st_mode):
        raise NotAFileError(0, "not a regular file (it is left alone)", os.fspath(path))
    folder = real.parent
    if not folder.is_dir():
        raise FileNotFoundError(2, "no such folder (the file is not written)", str(folder))
    fd, tmp = _create_beside(real)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(payload)
            f.flush()
            os.fsync(f.fileno())
        if old is not None:
            os.chmod(tmp, stat.S_IMODE(old.st_mode))
            with contextlib.suppress(OSError):
                os.chown(tmp, old.st_uid, old.st_gid)
        os.replace(tmp, real)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    _fsync_folder(folder)
    return real


def _create_beside(real: Path) -> tuple[int, str]:
    """A new, empty temporary file in ``real``'s folder, created with the usual permissions."""
    # (the name cut short, so that a long but legal name still leaves room for the rest: cut by
    # its bytes, which the system counts, not its characters; 80 "♦" are 240 bytes, and the
    # temporary name was 260, over the 255 a name may have: review 38a)
    short = real.name
    while len(os.fsencode(short)) > 200:
        short = short[:-1]
    for _ in range(100):
        tmp = str(real.parent / f".{short}.{secrets.token_hex(4)}.tmp")
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), tmp
        except FileExistsError:
            continue
        except OSError as exc:
            # (the error named the temporary file, which the reader never asked for: "No such
            # file or directory: '/proc/.version.c4b5d0fa.tmp'"; review 45a)
            raise type(exc)(exc.errno, f"cannot write a file beside it ({exc.strerror})",
                            str(real)) from None
    raise FileExistsError(f"cannot create a temporary file beside {real}")  # pragma: no cover


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - some systems cannot open folders
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def unused_path(path: str | os.PathLike[str]) -> Path:
    """``path`` if nothing is there (not even a dangling link), else the first of ``NAME-2.EXT``,
    ``NAME-3.EXT`` … that is free.  A name that ends in a slash (a folder's, which would lose
    its slash here) or no name, and a device or FIFO already there, raise
    :class:`NotAFileError`."""
    if names_a_folder(path):
        raise NotAFileError(0, FOLDER_NAME, os.fspath(path))
    p = Path(path)
    try:
        mode: int | None = os.stat(p).st_mode
    except (OSError, ValueError):
        mode = None
    if mode is not None and not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        # (/dev/null got a file /dev/null-2 beside it)
        raise NotAFileError(0, "not a regular file (it is left alone)", os.fspath(path))
    if not os.path.lexists(p):
        return p
    n = 2
    while True:
        candidate = p.with_name(f"{p.stem}-{n}{p.suffix}")
        if not os.path.lexists(candidate):
            return candidate
        n += 1


def left_alone(wanted: str | os.PathLike[str], chosen: str | os.PathLike[str]) -> str | None:
    """What to tell the user when :func:`unused_path` gave ``chosen`` for the name ``wanted``
    they asked for: ``"WANTED is already there and is left alone"`` (named as they wrote it) if
    it is another name, ``None`` if it is the file asked for.

    ``chosen`` must be what :func:`unused_path` returned, never the file :func:`atomic_write`
    returns: that one is resolved (absolute, through links), so it differs from a relative name
    or one through a link even when nothing was there (``simulate --out fresh.csv`` said
    ``fresh.csv`` "is already there")."""
    if Path(chosen) == Path(wanted):
        return None
    return f"{os.fspath(wanted)} is already there and is left alone"


def keep_elsewhere(name: str, write: Callable[[Path], Path]) -> Path | None:
    """When a file could not be written where it was asked for: ``write`` it under ``name`` (or
    ``NAME-2.EXT`` …, replacing nothing) in the current folder, or else the temporary folder;
    return the file written, or ``None`` if neither could be written."""
    folders = []
    with contextlib.suppress(OSError):
        folders.append(os.getcwd())
    folders.append(tempfile.gettempdir())
    for folder in folders:
        try:
            return write(unused_path(Path(folder) / name))
        except (OSError, UnicodeError):
            continue
    return None
