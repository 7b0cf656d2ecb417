"""The bibliography's style: pybtex's ``alpha``, with two changes a reader of a history expects.

- **One alphabetical list.**  ``alpha`` sorts by author, so every entry without one (a web page
  named by its site, a dictionary, a transcription) came first, out of order.  Here an entry
  without an author or editor sorts by its ``key`` field ("TCP", "Wikipedia"), or by its title
  without a leading "The" or "A" when it has no key.
- **An attributed author in brackets.**  An entry with the field ``anonymous`` (any value) was
  published without its author's name: the name it is attributed to is printed in square
  brackets, "[Charles Cotton]".

The labels are ``alpha``'s, unchanged: the live notebooks' citations and the tests take them from
``alpha`` (``tests/test_plain_markdown.py``), and entries that share a label keep their order, so
their letters ("TCPa", "TCPb") stay as they were.  ``_config.yml`` names the style
(``bibtex_default_style: penneech``).
"""

from __future__ import annotations

import re

from pybtex.plugin import register_plugin
from pybtex.richtext import Text
from pybtex.style.formatting.alpha import Style as AlphaStyle
from pybtex.style.sorting.author_year_title import SortingStyle as AuthorYearTitle
from pybtex.style.template import join, names, node, sentence

NAME = "penneech"


class SortingStyle(AuthorYearTitle):
    """``author_year_title``, with an entry that has no author sorted by its editor (of any type of
    entry, not only a book), else by its key or title."""

    def sorting_key(self, entry):
        author, year, title = super().sorting_key(entry)
        if not author:  # (an editor sorts any entry as it does a book; review 46e)
            author = self.author_editor_key(entry)
        if not author:
            author = entry.fields.get("key", "") or re.sub(
                r"^(the|a|an)\s+", "", title.strip("{}"), flags=re.I)
            author = author.strip("{}").lower()
        return (author, year, title)


@node
def attributed(children, data):
    """The names, in square brackets when the entry was published anonymously."""
    text = join[children].format_data(data)
    if text and "anonymous" in data["entry"].fields:
        return Text("[", text, "]")
    return text


class Style(AlphaStyle):
    """``alpha``, sorted by :class:`SortingStyle`, with attributed authors in brackets."""

    default_sorting_style = NAME

    def format_names(self, role, as_sentence=True):
        formatted = attributed[names(role, sep=", ", sep2=" and ", last_sep=", and ")]
        return sentence[formatted] if as_sentence else formatted


def setup(app):
    register_plugin("pybtex.style.sorting", NAME, SortingStyle)
    register_plugin("pybtex.style.formatting", NAME, Style)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
