"""The output-path checks that run before any game is played."""

from __future__ import annotations

from pathlib import Path

import pytest

from meeple.core.errors import MeepleError
from meeple.core.outputs import OutputPathError, check_out_dir, check_out_file


def _no_probe_left(folder: Path) -> None:
    assert not [p for p in folder.iterdir() if p.name.startswith(".meeple-probe-")]


def test_a_writable_file_or_folder_passes_and_leaves_nothing_behind(tmp_path: Path) -> None:
    check_out_file(tmp_path / "games.jsonl")
    check_out_dir(tmp_path / "report" / "deeper")
    assert list(tmp_path.iterdir()) == []
    (tmp_path / "old.jsonl").write_text("kept")
    check_out_file(tmp_path / "old.jsonl", "--save")
    assert (tmp_path / "old.jsonl").read_text() == "kept"
    _no_probe_left(tmp_path)


@pytest.mark.parametrize(
    ("target", "complaint"),
    [
        ("", "is a folder; give a file name"),
        ("missing/out.jsonl", "the folder"),
    ],
)
def test_a_bad_output_file_is_refused_with_its_flag(
    tmp_path: Path, target: str, complaint: str
) -> None:
    path = tmp_path / target if target else tmp_path
    with pytest.raises(OutputPathError) as info:
        check_out_file(path, "--save")
    assert str(info.value).startswith(f"--save {path}") and complaint in str(info.value)
    assert isinstance(info.value, MeepleError) and isinstance(info.value, ValueError)


def test_a_folder_where_no_file_can_be_made_is_refused() -> None:
    if not Path("/proc/self").is_dir():
        pytest.skip("needs Linux's /proc, where no file can be created")
    with pytest.raises(OutputPathError, match="cannot be written"):
        check_out_file(Path("/proc/self/meeple-out.jsonl"))


def test_a_report_folder_that_is_a_file_is_refused(tmp_path: Path) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    with pytest.raises(OutputPathError, match="is a file; give a folder"):
        check_out_dir(a_file)
    with pytest.raises(OutputPathError, match="a-file is a file, not a folder"):
        check_out_dir(a_file / "report")
    assert a_file.read_text() == "x"
