"""The game's small files (saved game, statistics, settings): written atomically, read with care.

:func:`write_atomic` writes the new text to a temporary file beside the target and
renames it over the target, so a crash while saving leaves the old file whole. A
crash at the wrong moment can still leave the temporary file behind;
:func:`read_small_text` removes such leftovers before it reads, refuses a file too
large to be one of ours, and :func:`set_aside` keeps a file that cannot be used
under a new name instead of deleting it.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

TEMPORARY_SUFFIX = ".tmp"
_RANDOM_PART = r"[a-z0-9_]{8}"
"""What :func:`tempfile.mkstemp` puts between the target's name and the suffix."""


class FileTooLargeError(OSError):
    """A file larger than any the game writes there; it is not read."""


def write_atomic(path: os.PathLike | str, text: str) -> None:
    """Write `text` (UTF-8) to `path` atomically, creating its folder; OSError if it cannot be written."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=target.name, suffix=TEMPORARY_SUFFIX, dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def leftovers(path: os.PathLike | str) -> list[Path]:
    """The temporary files :func:`write_atomic` left beside `path` when a save was cut off."""
    target = Path(path)
    pattern = re.compile(re.escape(target.name) + _RANDOM_PART + re.escape(TEMPORARY_SUFFIX))
    try:
        names = os.listdir(target.parent)
    except OSError:
        return []
    return [target.parent / name for name in names if pattern.fullmatch(name)]


def remove_leftovers(path: os.PathLike | str) -> None:
    """Delete the temporary files a cut-off save left beside `path` (those that can be deleted)."""
    for leftover in leftovers(path):
        try:
            leftover.unlink()
        except OSError:
            pass  # in use, or not ours to delete: it does no harm where it is


def read_small_text(path: os.PathLike | str, limit: int) -> str:
    """The UTF-8 text of `path`, after removing left-over temporary files beside it.

    FileTooLargeError (an OSError) if the file holds more than `limit` bytes: it is
    then not read at all. FileNotFoundError, other OSErrors and UnicodeDecodeError as
    :meth:`pathlib.Path.read_text` raises them. A byte order mark at the start (some
    editors write one) is skipped."""
    remove_leftovers(path)
    with open(path, "rb") as stream:
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise FileTooLargeError(f"it is too large: over {limit:,} bytes, more than this program ever writes there")
    return data.decode("utf-8-sig")


def set_aside(path: os.PathLike | str) -> Path:
    """Rename `path` to ``<name>.bad`` (or ``<name>.2.bad``, … if that is taken) and return the new path.

    A file the game cannot use is kept this way for the player to look at, never
    deleted, and an earlier one set aside is never overwritten. OSError if it cannot
    be renamed."""
    source = Path(path)
    number = 1
    while True:
        target = source.with_name(f"{source.name}.bad" if number == 1 else f"{source.name}.{number}.bad")
        if not os.path.lexists(target):
            break
        number += 1
    os.rename(source, target)
    return target


def kept_aside(path: os.PathLike | str) -> str:
    """Set aside a file the game could not use at all, before a fresh one is written in its place
    (what it held is never lost): the words that say where it is now, as ``" (the old file is
    kept as statistics.json.bad)"``, or "" if it is not a file or cannot be renamed."""
    if not os.path.isfile(path):
        return ""
    try:
        return f" (the old file is kept as {set_aside(path).name})"
    except OSError:
        return ""


__all__ = ["FileTooLargeError", "kept_aside", "leftovers", "read_small_text", "remove_leftovers", "set_aside",
           "write_atomic"]
