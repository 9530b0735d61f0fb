"""Text (terminal) and SVG (browser, docs, replays) views of a Piepmatz observation.

Both read only the observation, so they never show more than its viewer may see.
A bird card is written ``chaffinch-3f``: species, value, f(emale) or m(ale).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from meeple.core import svg
from meeple.core.api import CHANCE, JSON, Layout

SPECIES_COLOURS = {
    "chaffinch": "#c8743c",
    "sparrow": "#8c6d4f",
    "bullfinch": "#d64a5a",
    "blackbird": "#3b3b3b",
    "greenfinch": "#5c9e3a",
    "yellowhammer": "#e2b822",
}
PEST_COLOURS = {"crow": "#202020", "squirrel": "#b5651d"}
SEX_WORD = {"f": "female", "m": "male"}


def _split(card: str) -> tuple[str, int, str]:
    species, _, rest = card.rpartition("-")
    return species, int(rest[:-1]), rest[-1]


def _who(obs: Mapping[str, Any]) -> str:
    if obs["game_over"]:
        return "game over"
    d = obs["decision"]
    if obs["to_move"] == CHANCE:
        kind = d["kind"] if d else "?"
        what = {
            "deal": "a bird is drawn into a hand",
            "display": "a bird is turned up in the display",
            "perch": "a feeding bird is placed",
            "setup_seed": "a seed card is laid in the column",
            "seed_take": "the top feeder card is drawn",
            "seed_refill": "the seed column is refilled",
            "squirrel": "the squirrel eats a seed card",
            "remove": "a species is set aside",
        }.get(kind, kind)
        return f"chance: {what}"
    verb = {
        "play": "to play a bird",
        "collect": "may collect a bird",
        "refill": "to refill the hand",
        "crow": "loses a bird to the crow",
        "keep": "chooses final cards",
    }.get(d["kind"], d["kind"])
    return f"player {obs['to_move'] + 1} {verb}"


def render_text(obs: Mapping[str, JSON]) -> str:
    o: Mapping[str, Any] = obs
    lines = []
    view = "a spectator" if o["viewer"] is None else f"player {o['viewer'] + 1}"
    end = (
        "  (end triggered: finishing the round)"
        if o["end_triggered"] and not o["game_over"]
        else ""
    )
    lines.append(f"Piepmatz, {o['players']} players, seen by {view}. {_who(o)}.{end}")
    if o["removed_species"]:
        lines.append(f"Set aside: all {o['removed_species']} birds")
    column = ", ".join(
        f"{c['position']}: {c['eggs']} egg{'s' if c['eggs'] != 1 else ''}"
        + (f" + {c['pest']}" if c["pest"] else "")
        for c in o["column"]
    )
    lines.append(f"Seed column  {column or '(empty)'}   feeder deck: {o['feeder_deck']}")
    for k, perch in enumerate(o["perches"]):
        queue = " ".join(perch["queue"]) or "-"
        lines.append(
            f"Perch {k + 1}  feeding {perch['feeder']}  queue [{queue}] (sum {perch['queue_sum']})"
        )
    lines.append(f"Display  {' '.join(o['display']) or '-'}   bird deck: {o['bird_deck']}")
    for p, (hand, col, score) in enumerate(
        zip(o["hands"], o["collections"], o["scores"], strict=True)
    ):
        mark = ">" if o["to_move"] == p else " "
        shown = " ".join(hand["cards"])
        hidden = f" +{hand['hidden']} hidden" if hand["hidden"] else ""
        kept = ""
        if hand["kept"]:
            kept = f"  keeping {' '.join(hand['kept'])}"
        elif hand["kept_count"]:
            kept = f"  kept {hand['kept_count']} (hidden)"
        lines.append(
            f"{mark}P{p + 1}  score {score['total']} (pairs {score['pairs']}, majorities "
            f"{score['majorities']}, seeds {score['seeds']})  hand: {shown or '-'}{hidden}{kept}"
        )
        seeds = ", ".join(f"{n}x{e}" for e, n in col["seeds"].items() if n)
        lines.append(
            f"     birds: {' '.join(col['birds']) or '-'}  seed cards: {seeds or '-'}"
            f"  crows {col['crows']} squirrels {col['squirrels']}"
        )
    if o["ranks"]:
        lines.append(
            "Final places: " + ", ".join(f"P{p + 1} place {r}" for p, r in enumerate(o["ranks"]))
        )
    return "\n".join(lines)


# -- SVG ---------------------------------------------------------------------------

CW, CH = 38, 52  # a bird card


def _open(target: str | None) -> str:
    """A group, clickable (``data-target``) when it is the place of a legal move."""
    return "<g>" if target is None else f"<g {svg.attrs(data_target=target)}>"


def _card(
    x: float, y: float, card: str | None, label: str = "", target: str | None = None
) -> list[str]:
    if card is None:
        return [
            "<g>",
            svg.title(label or "a hidden bird card"),
            svg.rect(x, y, CW, CH, rx=4, fill="#6d8fb3", stroke="#33475c"),
            svg.text(x + CW / 2, y + CH / 2 + 5, "?", 16, fill="#fff", text_anchor="middle"),
            "</g>",
        ]
    species, value, sex = _split(card)
    colour = SPECIES_COLOURS.get(species, "#888")
    eggs = (value + 1) // 2
    ink = "#fff" if species in ("blackbird", "sparrow", "bullfinch") else "#111"
    return [
        _open(target),
        svg.title(f"{species} {value} {SEX_WORD.get(sex, sex)} ({card}){label}"),
        svg.rect(x, y, CW, CH, rx=4, fill="#fffdf6", stroke="#555"),
        svg.rect(x + 2, y + 2, CW - 4, 13, rx=2, fill=colour),
        svg.text(x + CW / 2, y + 12, species[:5], 8.5, fill=ink, text_anchor="middle"),
        svg.text(x + 4, y + 36, str(value), 18, font_weight="bold"),
        svg.text(x + CW - 4, y + 34, sex.upper(), 11, text_anchor="end", fill="#444"),
        svg.text(x + 4, y + CH - 4, "o" * eggs, 9, fill="#a0813c"),
        "</g>",
    ]


def _seed(x: float, y: float, entry: Mapping[str, Any]) -> list[str]:
    eggs, pest = entry["eggs"], entry["pest"]
    out = [
        "<g>",
        svg.title(
            f"seed card at position {entry['position']}: {eggs} egg(s)"
            + (f", with a {pest} on it" if pest else "")
        ),
        svg.rect(x, y, 84, 34, rx=4, fill="#f3e2b3", stroke="#8a6d2b"),
        svg.text(x + 5, y + 13, f"#{entry['position']}", 10, fill="#555"),
        svg.text(x + 5, y + 28, f"{eggs} egg{'s' if eggs != 1 else ''}", 11),
    ]
    if pest:
        out.append(svg.rect(x + 55, y + 4, 25, 26, rx=3, fill=PEST_COLOURS.get(pest, "#000")))
        letter = pest[0].upper()
        out.append(svg.text(x + 67.5, y + 21, letter, 12, fill="#fff", text_anchor="middle"))
    out.append("</g>")
    return out


def _row(
    x: float, y: float, cards: Sequence[str | None], gap: float = 4, prefix: str | None = None
) -> list[str]:
    """A row of cards; with ``prefix``, each face-up card is the target ``prefix:card``."""
    out: list[str] = []
    for i, c in enumerate(cards):
        target = None if prefix is None or c is None else f"{prefix}:{c}"
        out += _card(x + i * (CW + gap), y, c, target=target)
    return out


def _button(x: float, y: float, label: str, target: str) -> list[str]:
    """A labelled control (a rounded rectangle with its word) for a choice that is not
    a card or a place."""
    w = 7 * len(label) + 20
    return [
        _open(target),
        svg.rect(x, y, w, 26, rx=13, fill="#fff4d6", stroke="#a0813c", stroke_width=2),
        svg.text(x + w / 2, y + 17, label, 12, font_weight="bold", text_anchor="middle"),
        "</g>",
    ]


def _clickable(o: Mapping[str, Any]) -> str | None:
    """The kind of decision whose places are marked clickable in this picture: only
    in the picture of the player to move, seen by that player."""
    if o["game_over"] or o["viewer"] is None or o["viewer"] != o["to_move"]:
        return None
    d = o["decision"]
    return None if d is None else str(d["kind"])


def render_svg(obs: Mapping[str, JSON], layout: Layout = "wide") -> str:
    o: Mapping[str, Any] = obs
    body: list[str] = []
    width = 880
    body.append(svg.text(12, 22, "Piepmatz", 18, font_weight="bold"))
    view = "a spectator" if o["viewer"] is None else f"player {o['viewer'] + 1}"
    status = f"seen by {view} | {_who(o)}"
    if o["end_triggered"] and not o["game_over"]:
        status += " | end triggered: finishing the round"
    body.append(svg.text(110, 22, status, 12))
    kind = _clickable(o)

    # Seed column, position 1 at the bottom (nearest the perches).
    y0 = 40
    body.append(svg.text(12, y0 + 12, "Seed column", 11))
    body.append(svg.text(12, y0 + 190, f"feeder deck: {o['feeder_deck']}", 11))
    for i, entry in enumerate(o["column"]):
        body += _seed(12, y0 + 20 + (3 - min(i, 3)) * 38, entry)

    # Perches: the feeding bird, then its queue (the whole row is the target of a play).
    x0 = 130
    dx = 560
    y = y0
    for k, perch in enumerate(o["perches"]):
        playing = kind == "play"
        body.append(_open(f"perch:{k + 1}" if playing else None))
        body.append(
            svg.rect(
                x0 - 6,
                y,
                dx - x0 - 6,
                CH + 26,
                rx=6,
                fill="#eef6ea" if playing else "none",
                stroke="#9cc48c" if playing else "none",
            )
        )
        body.append(
            svg.text(
                x0,
                y + 12,
                f"Perch {k + 1}: feeding bird, then queue (sum {perch['queue_sum']})",
                11,
            )
        )
        body.append(svg.rect(x0 - 3, y + 17, CW + 6, CH + 6, rx=5, fill="#cfe8c4"))
        if perch["feeder"]:
            body += _card(x0, y + 20, perch["feeder"], " - feeding")
        body += _row(x0 + CW + 14, y + 20, perch["queue"])
        body.append("</g>")
        y += CH + 34

    # Display and the bird deck.
    refilling = kind == "refill"
    body.append(svg.text(dx, y0 + 12, f"Display (bird deck {o['bird_deck']})", 11))
    body += _row(dx, y0 + 20, o["display"], prefix="display" if refilling else None)
    deck_x = dx + 3 * (CW + 4) + 14
    if o["bird_deck"]:
        body += [
            _open("deck" if refilling else None),
            svg.title(f"the bird deck: {o['bird_deck']} cards, face down"),
            svg.rect(deck_x + 3, y0 + 23, CW, CH, rx=4, fill="#4d6d8f", stroke="#33475c"),
            svg.rect(deck_x, y0 + 20, CW, CH, rx=4, fill="#6d8fb3", stroke="#33475c"),
            svg.text(deck_x + CW / 2, y0 + 42, "deck", 10, fill="#fff", text_anchor="middle"),
            svg.text(
                deck_x + CW / 2,
                y0 + 58,
                str(o["bird_deck"]),
                12,
                fill="#fff",
                text_anchor="middle",
            ),
            "</g>",
        ]
    if o["removed_species"]:
        body.append(svg.text(dx, y0 + 90, f"set aside: {o['removed_species']}", 11))
    legend_y = y0 + 110
    body.append(svg.text(dx, legend_y, "F/M: female/male; o: an egg; C/S on a seed card:", 10))
    body.append(svg.text(dx, legend_y + 13, "crow/squirrel. Species:", 10))
    for i, (name, colour) in enumerate(SPECIES_COLOURS.items()):
        lx = dx + (i % 3) * 100
        ly = legend_y + 22 + (i // 3) * 16
        body.append(svg.rect(lx, ly, 12, 12, fill=colour))
        body.append(svg.text(lx + 16, ly + 10, name, 10))

    # Players.
    y = max(y, y0 + 200) + 6
    for p, (hand, col, score) in enumerate(
        zip(o["hands"], o["collections"], o["scores"], strict=True)
    ):
        colour = svg.PLAYER_COLOURS[p % len(svg.PLAYER_COLOURS)]
        active = o["to_move"] == p
        body.append(
            svg.rect(
                6,
                y - 4,
                width - 12,
                2 * CH + 52,
                rx=6,
                fill="none",
                stroke=colour,
                stroke_width=3 if active else 1,
            )
        )
        you = " (you)" if o["viewer"] == p else ""
        head = (
            f"Player {p + 1}{you}{'  <- to move' if active else ''}"
            f"   score {score['total']}: pairs {score['pairs']} + majorities "
            f"{score['majorities']} + seed eggs {score['seeds']}   "
            f"crows {col['crows']}, squirrels {col['squirrels']}"
        )
        body.append(svg.text(14, y + 12, head, 12, fill=colour, font_weight="bold"))
        cards: list[str | None] = list(hand["cards"]) + [None] * hand["hidden"]
        body.append(svg.text(14, y + 30, "hand", 10))
        # The own hand is clickable to play (then a perch), collect or keep a bird.
        mine = active and kind in ("play", "collect", "keep")
        body += _row(48, y + 20, cards, prefix="hand" if mine else None)
        if active and kind == "play":
            body.append(svg.text(48 + 4 * (CW + 4) + 10, y + 50, "click a bird, then a perch", 11))
        if active and kind == "collect":
            body += _button(48 + 4 * (CW + 4) + 10, y + 32, "Collect nothing", "button:nothing")
        kept = hand["kept"] or []
        if kept or hand["kept_count"]:
            body.append(svg.text(240, y + 30, "final keeps", 10))
            keeps: list[str | None] = list(kept) + [None] * (hand["kept_count"] - len(kept))
            body += _row(305, y + 20, keeps)
        seeds = " ".join(f"{n}x{e}-egg" for e, n in col["seeds"].items() if n)
        body.append(
            svg.text(420, y + 30, f"seed cards: {seeds or 'none'} ({col['seed_eggs']} eggs)", 10)
        )
        body.append(svg.text(14, y + CH + 40, "birds", 10))
        birds = sorted(col["birds"], key=lambda c: (_split(c)[0], _split(c)[1]))
        step = min(CW + 2, (width - 70) / max(1, len(birds)))
        for i, c in enumerate(birds):
            target = f"bird:{c}" if active and kind == "crow" else None
            body += _card(48 + i * step, y + CH + 28, c, target=target)
        y += 2 * CH + 60
    if o["ranks"]:
        places = ", ".join(f"player {p + 1}: place {r}" for p, r in enumerate(o["ranks"]))
        body.append(svg.text(14, y + 10, f"Final: {places}", 13, font_weight="bold"))
        y += 20
    return svg.document(width, y + 10, body)
