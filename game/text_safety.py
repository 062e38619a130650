"""Text read from a file, made safe to draw on screen or echo in a message.

A file can hold anything: a NUL (which the font renderer refuses), escape sequences,
lone surrogates (which cannot be encoded), or a "name" of a million characters.
Whatever comes from a file passes through :func:`safe_text` before it is shown.

>>> safe_text("Ann\\x00\\x1b[2J Lee")
'Ann  [2J Lee'
>>> safe_text("x" * 100, limit=10)
'xxxxxxxxx…'
"""

from __future__ import annotations

ELLIPSIS = "\u2026"
SHOWN_LENGTH = 120
"""The most characters of file text a message shows by default."""


def safe_text(text: object, limit: int = SHOWN_LENGTH) -> str:
    """`text` (or its ``str()``) with every unprintable character (control characters,
    line breaks, surrogates) made a space, cut to `limit` characters, the last of them
    an ellipsis when cut."""
    shown = str(text)
    if len(shown) <= limit and shown.isprintable():
        return shown
    cut = len(shown) > limit
    shown = shown[: limit - 1] if cut else shown
    shown = "".join(c if c.isprintable() else " " for c in shown)
    return shown + ELLIPSIS if cut else shown


def shown_value(value: object, limit: int = 40) -> str:
    """A value found in a file as a message quotes it: its ``repr``, kept short.

    >>> shown_value("zzz"), shown_value("n" * 100, limit=8)
    ("'zzz'", "'nnnnnn…")
    """
    try:
        text = repr(value)
    except RecursionError:  # a list nested thousands deep
        text = f"a deeply nested {type(value).__name__}"
    return safe_text(text, limit)


__all__ = ["ELLIPSIS", "SHOWN_LENGTH", "safe_text", "shown_value"]
