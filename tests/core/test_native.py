"""meeple.native: the compiled kernels give what their Python source gives, the source runs
with MEEPLE_PURE=1 or when it is newer than the build, and the conformance suite passes on
the pure engine too."""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest

import meeple
from meeple import native
from meeple.boardgames.azul_queens_garden import kernels as azul_kernels
from meeple.boardgames.croa import kernels as croa_kernels
from meeple.boardgames.queensland import kernels as queensland_kernels
from meeple.core import CHANCE
from meeple.core import kernels as core_kernels

ROOT = Path(__file__).resolve().parents[2]
COMPILED = native.is_compiled(azul_kernels)
needs_build = pytest.mark.skipif(
    not all(
        native.is_compiled(m)
        for m in (azul_kernels, croa_kernels, queensland_kernels, core_kernels)
    ),
    reason="the kernels run from source here (not built: no C compiler, or MEEPLE_PURE set)",
)


def _pure(module: ModuleType) -> ModuleType:
    """The Python source of a kernels module, loaded beside it under another name."""
    name = module.__name__.rpartition(".")[0]
    source = Path(module.__file__ or "").with_name("kernels.py")
    spec = importlib.util.spec_from_file_location(name + ".kernels_source", source)
    assert spec is not None and spec.loader is not None
    pure = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(pure)
    assert not native.is_compiled(pure)
    return pure


def _random_step(state: meeple.State, rng: random.Random) -> None:
    if state.current_player() == CHANCE:
        state.apply_action(meeple.sample_chance(state, rng))
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def _run(code: str, **env: str) -> str:
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, **env},
        timeout=600,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout


def test_every_kernels_module_is_found_and_reports_how_it_runs():
    status = native.status()
    assert "meeple.boardgames.azul_queens_garden.kernels" in status
    assert status["meeple.boardgames.azul_queens_garden.kernels"] == COMPILED
    # A fresh build beside the source is what runs, unless MEEPLE_PURE says otherwise.
    source = Path(azul_kernels.__file__ or "").with_name("kernels.py")
    built = [
        p
        for p in source.parent.iterdir()
        if p.name.startswith("kernels.")
        and p.name.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    ]
    fresh = any(p.stat().st_mtime >= source.stat().st_mtime for p in built)
    assert (fresh and not native.pure_requested()) == COMPILED


def test_meeple_pure_runs_every_kernel_from_its_source():
    code = "import json, meeple.native as n; print(json.dumps(n.status()))"
    status = json.loads(_run(code, MEEPLE_PURE="1"))
    assert status and not any(status.values())
    assert json.loads(_run(code, MEEPLE_PURE="0")) == native.status()


def test_a_build_older_than_its_source_gives_way_to_the_source(tmp_path, monkeypatch):
    """The finder on a made-up package: a compiled file and its source side by side."""
    built = tmp_path / ("kernels" + importlib.machinery.EXTENSION_SUFFIXES[0])
    source = tmp_path / "kernels.py"
    built.write_bytes(b"")
    source.write_text("X = 1\n")
    finder = native._SourceWhereAsked()
    monkeypatch.delenv(native.PURE_ENV, raising=False)
    now = time.time()
    os.utime(source, (now - 100, now - 100))
    os.utime(built, (now, now))
    assert finder.find_spec("meeple.madeup.kernels", [str(tmp_path)]) is None  # the build
    monkeypatch.setenv(native.PURE_ENV, "1")
    spec = finder.find_spec("meeple.madeup.kernels", [str(tmp_path)])
    assert spec is not None and spec.origin == str(source)
    monkeypatch.delenv(native.PURE_ENV)
    os.utime(source, (now + 100, now + 100))  # edited since the build
    spec = finder.find_spec("meeple.madeup.kernels", [str(tmp_path)])
    assert spec is not None and spec.origin == str(source)
    # Other modules, and kernels with no build beside them, are left to the usual finders.
    assert finder.find_spec("meeple.madeup.rules", [str(tmp_path)]) is None
    built.unlink()
    assert finder.find_spec("meeple.madeup.kernels", [str(tmp_path)]) is None


@needs_build
@pytest.mark.parametrize(
    ("players", "opts"),
    [(2, {}), (3, {}), (4, {"adjacency": "colour"})],
)
def test_compiled_azul_kernels_agree_with_their_source_through_whole_games(players, opts):
    """At every decision of random games, from both: every cell's neighbourhood in every
    garden, each storage's payable types and keys, the placement ids, a hexagon joining
    its groups and the cells refitted after, the takes open to storages of every size;
    and at every draw its outcomes."""
    k, pure = azul_kernels, _pure(azul_kernels)
    game = meeple.load("azul_queens_garden", players=players, **opts)
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() != CHANCE:
                for p in range(players):
                    groups = state._groups(p)  # type: ignore[attr-defined]
                    bp = state.rules.by_pattern
                    for x in range(len(groups[0])):
                        a = k.neighbourhood(*groups, x, bp)
                        assert a == pure.neighbourhood(*groups, x, bp)
                        assert k.fitting_types(*groups, x, bp) == pure.fitting_types(*groups, x, bp)
                    args = (state.store[p], state.store_exps[p], state.jokers[p])  # type: ignore[attr-defined]
                    mask = k.payable_types(*args, state.rules.values)
                    assert mask == pure.payable_types(*args, state.rules.values)
                    fits = state._fitting_cells(p)  # type: ignore[attr-defined]
                    got: list[int] = []
                    want: list[int] = []
                    k.place_ids(fits, mask, 7, got)
                    pure.place_ids(fits, mask, 7, want)
                    assert got == want
                    for t in range(36):
                        for by_colour in (True, False):
                            a = k.keys_available(*args[:2], t, by_colour)
                            assert a == pure.keys_available(*args[:2], t, by_colour)
                    # A hexagon landing on a few empty cells, on copies of the garden: the
                    # groups joined, the labels and masks after, and the cells refitted.
                    for x in [x for x, _ in fits][:3]:
                        t = rng.randrange(36)
                        mine = [list(row) for row in groups]
                        theirs = [list(row) for row in groups]
                        members = k.join_groups(*mine, x, t)
                        assert members == pure.join_groups(*theirs, x, t) and mine == theirs
                        assert k.refit(fits, members, *mine, bp, -1) == pure.refit(
                            fits, members, *theirs, bp, -1
                        )
                    checked += 1
                display = (state.trays, state.faceup)  # type: ignore[attr-defined]
                assert k.display_bits(*display) == pure.display_bits(*display)
                for free_t in range(7):
                    for free_e in range(3):
                        got_takes = k.take_options(*display, free_t, free_e)
                        assert got_takes == pure.take_options(*display, free_t, free_e)
            elif state.pending[-1].kind == "draw":
                bag = (state.bag, state.bag_n)  # type: ignore[attr-defined]
                assert k.draw_outcomes(*bag, 500) == pure.draw_outcomes(*bag, 500)
            _random_step(state, rng)
    assert checked > 100


@needs_build
@pytest.mark.parametrize("players", [2, 3, 4])
def test_compiled_queensland_fields_agree_with_their_source_through_whole_games(players):
    """After every placement of random games, each farm's largest cane and wheat fields
    (with every tile, and with the tiles holding toads left out, as the estimate does)."""
    k, pure = queensland_kernels, _pure(queensland_kernels)
    game = meeple.load("queensland", players=players)
    r = game.rules
    tables = (r.side_fields, r.field_sides, r.fields_at, r.cane_at)
    seen = set()
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            for p in range(players):
                farm = dict(state.tiles[p])  # type: ignore[attr-defined]
                toads = state.toads[p]  # type: ignore[attr-defined]
                kept = {cell: v for cell, v in farm.items() if not toads.get(cell)}
                for f in (farm, kept):
                    got = k.largest_fields(f, *tables)
                    assert got == pure.largest_fields(f, *tables)
                    seen.add(got)
            _random_step(state, rng)
    assert len(seen) >= 5 and max(max(s) for s in seen) >= 3  # fields of several sizes


@needs_build
@pytest.mark.parametrize(("players", "opts"), [(2, {}), (3, {"pond": "classic"}), (4, {})])
def test_compiled_croa_jumps_agree_with_their_source_through_whole_games(players, opts):
    """At every step of random games, from both: every player's jumps with the reasons for
    those left out (as a turn's first jump and as a bounce from each neighbour), and the
    outcomes of laying a back and of revealing a tile under each back."""
    k, pure = croa_kernels, _pure(croa_kernels)
    game = meeple.load("croa", players=players, **opts)
    r = game.rules
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            fields = (
                state.fsq,  # type: ignore[attr-defined]
                state.occ,  # type: ignore[attr-defined]
                state.tile,  # type: ignore[attr-defined]
                state.stuck,  # type: ignore[attr-defined]
                state.moved,  # type: ignore[attr-defined]
                state.visited,  # type: ignore[attr-defined]
                r.owner,
                r.is_queen,
            )
            for p in range(players):
                frogs = range(p * r.slots, (p + 1) * r.slots)
                for origin in (-1, *range(0, 64, 9)):
                    got: dict[int, str] = {}
                    want: dict[int, str] = {}
                    moves = k.moves_of(p, frogs, got, origin, *fields)
                    assert moves == pure.moves_of(p, frogs, want, origin, *fields)
                    assert got == want
                    assert moves == k.moves_of(p, frogs, None, origin, *fields)
                checked += 1
            to_lay = state.to_lay  # type: ignore[attr-defined]
            if sum(to_lay):
                assert k.counted_outcomes(to_lay, 3) == pure.counted_outcomes(to_lay, 3)
            left = state.left  # type: ignore[attr-defined]
            for b in range(len(to_lay)):
                counts = left[b * r.n_types : (b + 1) * r.n_types]
                if sum(counts):
                    assert k.counted_outcomes(counts, 9) == pure.counted_outcomes(counts, 9)
            _random_step(state, rng)
    assert checked > 100


@needs_build
@pytest.mark.parametrize("game_id", [g.id for g in meeple.games()])
def test_compiled_chance_draws_agree_with_their_source_through_whole_games(game_id):
    """At every chance node of random games of every game, from both: the outcome that each
    of a spread of uniform draws (the ends, the sums' own edges, random ones) falls on, and
    whether each id (every outcome, its neighbours, one past the end) is an outcome."""
    k, pure = core_kernels, _pure(core_kernels)
    game = meeple.load(game_id)
    checked = 0
    seed = 0
    while seed < 2 or (checked <= 10 and seed < 50):  # short games: more of them
        rng = random.Random(seed)
        seed += 1
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                outcomes = state.chance_outcomes()
                edges: list[float] = []
                acc = 0.0
                for _, p in outcomes:
                    acc += p
                    edges += [acc, max(0.0, acc - 1e-12)]
                for x in [0.0, 1.0 - 1e-16, *edges, *(rng.random() for _ in range(8))]:
                    assert k.draw(outcomes, x) == pure.draw(outcomes, x)
                ids = [a for a, _ in outcomes]
                for a in {*ids, *(a + 1 for a in ids), *(a - 1 for a in ids), -1}:
                    assert k.has_outcome(outcomes, a) == pure.has_outcome(outcomes, a) == (a in ids)
                checked += 1
            _random_step(state, rng)
    assert checked > 10


@needs_build
def test_compiled_shares_agree_with_their_source_and_with_the_count_over_total_rule():
    """Pools of random counts (zeros among them), all kinds or some, in any order: the
    compiled shares, the source's and the rule written out (each kind left, its count over
    the whole pool's) are the same list, to the last bit of every share."""
    k, pure = core_kernels, _pure(core_kernels)
    rng = random.Random(5)
    for _ in range(300):
        counts = [rng.choice((0, 0, 1, 2, 3, 7, 20)) for _ in range(rng.randint(1, 12))]
        if not sum(counts):
            counts[0] = 1
        kinds = rng.sample(range(len(counts)), rng.randint(1, len(counts)))
        first = rng.randrange(100)
        rule = [(first + c, counts[c] / sum(counts)) for c in kinds if counts[c]]
        assert k.shares(counts, first, kinds) == pure.shares(counts, first, kinds) == rule
        assert k.shares(counts, first, range(len(counts))) == pure.shares(
            counts, first, range(len(counts))
        )


def test_a_draw_falls_on_the_first_outcome_whose_running_sum_passes_it():
    """The rule itself, on hand-made outcomes (whichever build runs): a sum that rounding
    leaves short of 1 gives the last outcome."""
    outcomes = [(7, 0.25), (9, 0.5), (4, 0.25)]
    assert [core_kernels.draw(outcomes, x) for x in (0.0, 0.2499, 0.25, 0.74, 0.75, 0.9999)] == [
        7,
        7,
        9,
        9,
        4,
        4,
    ]
    assert core_kernels.draw([(3, 0.3), (5, 0.3)], 0.95) == 5
    assert core_kernels.has_outcome(outcomes, 9) and not core_kernels.has_outcome(outcomes, 8)


@needs_build
def test_the_conformance_suite_passes_on_the_pure_engine_too():
    """Every game (the core's chance draws are a kernel too), MEEPLE_PURE=1, every rules test
    of the conformance suite (the two that only draw pictures are left out: the legal lists
    they read are checked here)."""
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-o",
            "addopts=",
            "tests/conformance",
            "-k",
            "not every_choice and not renderers",
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, native.PURE_ENV: "1"},
        timeout=900,
    )
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    assert " passed" in out.stdout and "failed" not in out.stdout
