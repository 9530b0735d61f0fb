"""Checks that an output path can be written, made before any game is played.

A long simulation or arena run that only finds out at the end that its ``--out`` cannot
be written loses hours of work; these checks refuse such a path up front, with a message
that names the flag and says what is wrong. Both probe with a temporary file or folder
(removed at once), since permission bits alone do not tell (root, read-only mounts).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path

from meeple.core.errors import MeepleError


class OutputPathError(MeepleError, ValueError):
    """An output file or folder cannot be used: wrong kind, missing parent, not writable."""


def check_out_file(out: str | Path, flag: str = "--out") -> None:
    """Refuse an output file that is a folder, whose folder is missing, or is not writable."""
    path = Path(out)
    if path.is_dir():
        raise OutputPathError(f"{flag} {path} is a folder; give a file name")
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise OutputPathError(f"{flag} {path}: the folder {parent} does not exist")
    if path.exists() and not os.access(path, os.W_OK):
        raise OutputPathError(f"{flag} {path} cannot be written")
    try:
        fd, probe = tempfile.mkstemp(prefix=".meeple-probe-", dir=parent)
    except OSError as e:
        raise OutputPathError(f"{flag} {path} cannot be written: {e.strerror or e}") from None
    os.close(fd)
    os.unlink(probe)


def check_out_dir(out: str | Path, flag: str = "--out", files: Sequence[str] = ()) -> None:
    """Refuse a report folder that cannot be written.

    An existing folder is used; a missing one is created when the report is written, so
    its nearest existing parent must be a folder in which one can be created. ``files``
    are the names the report will write there: a folder in the way of one is refused too.
    """
    path = Path(out)
    if path.exists() and not path.is_dir():
        raise OutputPathError(f"{flag} {path} is a file; give a folder for the report")
    for name in files:
        if (path / name).is_dir():
            raise OutputPathError(
                f"{flag} {path}: {name} there is a folder, and the report writes a file of "
                "that name"
            )
    probe_in = path
    while not probe_in.exists():
        parent = probe_in.parent
        if parent == probe_in:
            break
        probe_in = parent
    if not probe_in.is_dir():
        raise OutputPathError(f"{flag} {path}: {probe_in} is a file, not a folder")
    try:
        shutil.rmtree(tempfile.mkdtemp(prefix=".meeple-probe-", dir=probe_in))
    except OSError as e:
        what = "cannot be written" if probe_in == path else "cannot be created"
        raise OutputPathError(f"{flag} {path} {what}: {e.strerror or e}") from None
