"""Text from data (player names, record contents, error messages), made safe where it is shown.

Every line the program prints to a terminal goes through :func:`terminal_safe`, and every piece
of data put into HTML goes through :func:`html_text`: one path each, so a hostile name cannot
clear the screen, set the window title, reorder text with bidirectional controls, forge a line
of output or inject markup.

>>> terminal_safe("Ann\\x1b[2J")
'Ann\\\\x1b[2J'
>>> terminal_safe("Ben\\nResult: Ben wins")
'Ben\\\\nResult: Ben wins'
>>> html_text('<b onclick="x">Ann</b>')
'&lt;b onclick=&quot;x&quot;&gt;Ann&lt;/b&gt;'
>>> shorten("x" * 100, 10)
'xxxxxxxxx…'
"""

from __future__ import annotations

import codecs
import html
import json
import operator
import unicodedata
from typing import SupportsIndex

__all__ = ["article", "terminal_safe", "html_text", "shorten", "json_kind", "shown", "whole_number",
           "TooManyDigits", "integer", "text_of_bytes"]

#: Characters that are not control characters but change how text around them is shown
#: (bidirectional embeddings, overrides and isolates; line and paragraph separators).
_INVISIBLE = {
    0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068,
    0x2069, 0x2028, 0x2029, 0xFEFF,
}


_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape_char(ch: str) -> str:
    if ch in _NAMED:
        return _NAMED[ch]
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def terminal_safe(text: str) -> str:
    """``text`` with every control character (C0, DEL, C1), bidirectional control, line or
    paragraph separator and lone surrogate shown as a visible escape (``\\x1b``, ``\\u202e``), so
    that it prints as one harmless line."""
    out = []
    for ch in text:
        code = ord(ch)
        if (
            code < 0x20 or 0x7F <= code < 0xA0 or code in _INVISIBLE or 0xD800 <= code < 0xE000
            or unicodedata.category(ch) == "Cf" and code not in (0x200D,)
        ):
            out.append(_escape_char(ch))
        else:
            out.append(ch)
    return "".join(out)


def html_text(text: str) -> str:
    """``text`` escaped for HTML (element content and quoted attribute values alike); control
    characters are shown as visible escapes, as in a terminal."""
    return html.escape(terminal_safe(text), quote=True)


def text_of_bytes(raw: bytes) -> str:
    """A file's bytes as text, as the project reads every file a user gives it (a record, a
    simulation's CSV): UTF-8, or UTF-16 where it begins with its byte-order mark (as Windows
    Notepad and spreadsheets save "Unicode" text).  Else :class:`ValueError`, saying where.

    >>> text_of_bytes("Ann".encode("utf-16"))
    'Ann'
    >>> text_of_bytes(b"ok\\nno \\xff")
    Traceback (most recent call last):
    ...
    ValueError: not UTF-8 text: the byte 0xFF at line 2, column 4 cannot be read
    >>> text_of_bytes(b"\\n\\xff")  # (a first line that is empty is a line)
    Traceback (most recent call last):
    ...
    ValueError: not UTF-8 text: the byte 0xFF at line 2, column 1 cannot be read

    UTF-16 saved without its byte-order mark is read too, where every other byte is nothing
    (it was read as UTF-8 with a NUL in every other place, and the reader was told the JSON
    was bad; review 42c):

    >>> text_of_bytes('{"players": ["Zoë"]}'.encode("utf-16-le"))
    '{"players": ["Zoë"]}'
    >>> text_of_bytes('{"players": ["一郎", "Ā\u3000B"]}'.encode("utf-16-be"))
    '{"players": ["一郎", "Ā\u3000B"]}'
    """
    if raw.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return raw.decode("utf-16")
        except UnicodeDecodeError:
            raise ValueError("not UTF-16 text, though it begins as UTF-16 does") from None
    if b"\x00" in raw[:200] and len(raw) % 2 == 0:
        # (decided by which half holds the nothings: a character such as 一 or Ā, whose other
        # byte is nothing too, is not a reason to read it as UTF-8; review 42d)
        for encoding, text_bytes, zero_bytes in (("utf-16-le", raw[0::2], raw[1::2]),
                                                  ("utf-16-be", raw[1::2], raw[0::2])):
            if (zero_bytes.count(0) >= 0.5 * len(zero_bytes)
                    and text_bytes.count(0) <= 0.25 * len(text_bytes)):
                try:
                    text = raw.decode(encoding)
                except UnicodeDecodeError:
                    break
                if "\x00" not in text:
                    return text
                break
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1  # (in bytes)
        raise ValueError(f"not UTF-8 text: the byte 0x{raw[exc.start]:02X} at line {line}, "
                         f"column {column} cannot be read") from None


def article(figure: str) -> str:
    """"a" or "an" before a figure as it is read aloud ("an 80% chance", "a 10.6% chance"): the
    one home of it, for the analysis and the Hint (which had "a 80%"; review 41d).

    >>> [article(f) for f in ("10.6%", "11.2%", "18%", "8.0%", "80.5%", "84.10%", "1.5%", "80%")]
    ['a', 'an', 'an', 'an', 'an', 'an', 'a', 'an']
    """
    whole = figure.split(".")[0].rstrip("%")
    return "an" if whole.startswith("8") or whole in ("11", "18") else "a"


def shorten(text: str, limit: int = 60) -> str:
    """``text`` cut to at most ``limit`` characters, ending with "…" if cut (for messages that
    echo what the user gave)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _repr(value: object) -> str:
    """``repr(value)``, or words for a value that cannot be written so (a list nested thousands
    deep overflowed Python's stack inside the message about it; review 43b).

    >>> deep: list[object] = []
    >>> for _ in range(5000):
    ...     deep = [deep]
    >>> _repr(deep)
    'a list nested too deeply to show'
    """
    try:
        return repr(value)
    except RecursionError:
        return f"a {type(value).__name__} nested too deeply to show"
    except Exception:  # (a __repr__ that fails)
        return f"a {type(value).__name__} that cannot be shown"


def py_shown(value: object, limit: int = 40) -> str:
    """``value`` as Python writes it (``None``, ``'10'``), cut to ``limit`` characters: for the
    messages of functions called from Python (a record's messages use :func:`shown`)."""
    return shorten(_repr(value), limit)


def json_kind(value: object) -> str:
    """What kind of JSON value ``value`` is, for a message ("a string", "null", …): the words of
    the file the user wrote, not Python's names for them.

    >>> json_kind(None), json_kind(True), json_kind(1.5), json_kind([1])
    ('null', 'true or false', 'a number', 'a list')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int):
        return "a whole number"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return f"a {type(value).__name__}"


def shown(value: object, limit: int = 60) -> str:
    """``value`` as a message shows it, cut to ``limit`` characters: text quoted as in Python
    (``'AS'``), everything else written as JSON (``true``, ``null``, ``[1, 2]``).

    >>> shown(True), shown(None), shown("x"), shown(["x"])
    ('true', 'null', "'x'", '["x"]')
    """
    if isinstance(value, str):
        text = repr(value)
    else:
        try:
            text = json.dumps(value, ensure_ascii=False)
        except (TypeError, ValueError, RecursionError):
            text = _repr(value)
    return shorten(text, limit)


def integer(value: object) -> int | None:
    """``value`` as an ``int`` if it is a whole number of an integer type (``int``, or another
    type that Python may use as an index, such as NumPy's ``int64``) and not ``True`` or
    ``False``; else ``None``.  Every whole number the Python API is given is read by this.

    >>> integer(7), integer(True), integer(7.0), integer("7")
    (7, None, None, None)
    """
    if type(value) is int:
        return value
    if isinstance(value, bool) or not isinstance(value, SupportsIndex):
        return None
    try:
        return operator.index(value)
    except TypeError:  # (NumPy's bool_ has an __index__ that refuses)
        return None


class TooManyDigits(ValueError):
    """A whole number of more digits than Python reads from text (:func:`whole_number`)."""


def whole_number(text: str) -> int:
    """``int(text)`` for a whole number typed or read as text; ``ValueError`` otherwise.  A
    number of more digits than Python reads (4,300) is told as that, far too large, not as
    Python's own message (cut off in a line of output) nor as "not a whole number".

    >>> whole_number(" 61 ")
    61
    >>> whole_number("9" * 5000)
    Traceback (most recent call last):
        ...
    penneech.text.TooManyDigits: a number of 5,000 digits, far too large

    Python's own ``61_0`` is refused, not read as 610: typed as a setting it is more likely a
    slip than a grouping (review 46a).

    >>> whole_number("61_0")
    Traceback (most recent call last):
        ...
    ValueError: '61_0' is not a whole number: it has a '_' in it
    """
    if isinstance(text, str) and "_" in text:
        raise ValueError(f"{text.strip()!r} is not a whole number: it has a '_' in it")
    try:
        return int(text)
    except ValueError:
        digits = text.strip().lstrip("+-")
        if digits.isdecimal() and digits.isascii():
            raise TooManyDigits(f"a number of {len(digits):,} digits, far too large") from None
        raise

