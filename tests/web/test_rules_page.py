"""The rules pages: each game's docs/games/<id>.md served as HTML, raw HTML escaped, links
and pictures fixed for the client, and a clear message where the documents are missing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import meeple
from meeple.web import rules

DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"


def documented() -> list[str]:
    return [g.id for g in meeple.games() if (DOCS / f"{g.id}.md").is_file()]


def test_the_docs_are_found_beside_the_package():
    # An editable install (the project's set-up): docs/ is at the checkout's root.
    assert rules.games_dir() == DOCS
    assert len(documented()) >= 6


@pytest.mark.parametrize("game_id", documented())
def test_every_documented_game_has_its_rules_page(client, game_id):
    r = client.get(f"/api/games/{game_id}/rules")
    assert r.status_code == 200, r.text
    page = r.json()
    assert page["available"] is True and page["game"] == game_id and page["message"] is None
    source = (DOCS / f"{game_id}.md").read_text(encoding="utf-8")
    # Every heading of the document, in order, with an anchor in the HTML.
    heads, fenced = [], False
    for line in source.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and re.match(r"^#{2,3} ", line):
            heads.append(re.sub(r"[`*]", "", line.lstrip("#").strip()))
    listed = [h for h in page["headings"] if h["level"] in (2, 3)]
    assert [h["text"] for h in listed] == heads and len(heads) >= 3
    for h in listed:
        assert f'id="rules-{h["id"]}"' in page["html"]
    assert "<h2" in page["html"] and "<script" not in page["html"]
    # The Markdown tables are tables (every game's notation is one).
    assert "<table>" in page["html"] and "<td>" in page["html"]
    # In-page links lead to the client's own route for that heading.
    for href in re.findall(r'href="([^"]+)"', page["html"]):
        assert href.startswith(("#/rules/", "http://", "https://")), href


def test_a_registered_game_without_a_document_says_so(client):
    r = client.get("/api/games/tiny/rules")
    assert r.status_code == 200
    page = r.json()
    assert page["available"] is False
    assert page["message"] == "There is no rules page for Tiny yet."
    assert page["message"] in page["html"]


def test_an_unknown_game_is_404(client):
    for gid in ("nope", "..", "queensland.md", "%2e%2e%2fREADME"):
        r = client.get(f"/api/games/{gid}/rules")
        assert r.status_code == 404, gid
        assert r.json()["code"] in ("no_game", "not_found")
    r = client.get("/api/games/nope/rules")
    assert r.json() == {"error": "there is no game 'nope'", "code": "no_game"}


@pytest.fixture
def fake_docs(tmp_path, monkeypatch):
    """A docs folder of our own: games/queensland.md (written by the test) and img/."""
    root = tmp_path / "docs"
    (root / "games").mkdir(parents=True)
    (root / "img").mkdir()
    (root / "img" / "shot.png").write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    monkeypatch.setattr(rules, "docs_root", lambda: root)
    return root


def write(root: Path, text: str) -> None:
    (root / "games" / "queensland.md").write_text(text, encoding="utf-8")


def test_raw_html_in_a_document_is_escaped(client, fake_docs):
    write(
        fake_docs,
        "# Title <b>bold</b>\n\n"
        "<script>alert(1)</script>\n\n"
        '<img src="x" onerror="alert(2)">\n\n'
        "Some <i onclick='x()'>inline</i> text and a [bad link](javascript:alert(3)).\n\n"
        "| a | b |\n|---|---|\n| <u>1</u> | 2 |\n",
    )
    html = client.get("/api/games/queensland/rules").json()["html"]
    assert "<script" not in html and "<img" not in html and "<i " not in html and "<u>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "&lt;img src=&quot;x&quot; onerror=&quot;alert(2)&quot;&gt;" in html
    assert "&lt;b&gt;bold&lt;/b&gt;" in html
    assert "javascript:" not in html.replace("[bad link](javascript:alert(3))", "")
    assert "<td>&lt;u&gt;1&lt;/u&gt;</td>" in html


def test_links_and_pictures_are_fixed_for_the_client(client, fake_docs):
    write(
        fake_docs,
        "# Q\n\n## Playing on the board\n\n## Playing on the board\n\n"
        "See [below](#playing-on-the-board), [Crôa!](croa.md), [its notation](croa.md#notation), "
        "[the bots](../bots.md) and [the web](https://example.org/x).\n\n"
        "![A shot](../img/shot.png) ![gone](../img/missing.png) ![far](https://example.org/a.png)\n",
    )
    page = client.get("/api/games/queensland/rules").json()
    html = page["html"]
    assert [h["id"] for h in page["headings"]] == [
        "q",
        "playing-on-the-board",
        "playing-on-the-board-1",
    ]
    assert 'href="#/rules/queensland/playing-on-the-board"' in html
    assert 'href="#/rules/croa"' in html and 'href="#/rules/croa/notation"' in html
    assert "bots.md" not in html and "the bots" in html  # a document the app does not serve
    assert 'href="https://example.org/x" target="_blank" rel="noopener noreferrer"' in html
    assert 'src="/docs/img/shot.png"' in html
    assert "missing.png" not in html and "[gone]" in html
    assert "example.org/a.png" not in html and "[far]" in html
    r = client.get("/docs/img/shot.png")
    assert r.status_code == 200 and r.content.startswith(b"\x89PNG")
    for bad in ("missing.png", "..%2Fgames%2Fqueensland.md", ".hidden.png", "shot.png.md"):
        assert client.get(f"/docs/img/{bad}").status_code == 404, bad


def test_the_rules_pages_say_so_where_the_docs_are_missing(client, tmp_path, monkeypatch):
    # A non-editable install: no docs/ beside the package.
    monkeypatch.setattr(rules, "docs_root", lambda: tmp_path / "site-packages" / "docs")
    r = client.get("/api/games/croa/rules")
    assert r.status_code == 200
    page = r.json()
    assert page["available"] is False and page["headings"] == []
    assert "does not have" in page["message"] and "pip install -e ." in page["message"]
    assert "docs/games/croa.md" in page["message"]
    assert client.get("/docs/img/screenshot.png").status_code == 404


def test_the_client_has_its_rules_route(client):
    assert client.get("/static/js/rules.js").status_code == 200
    main = client.get("/static/js/main.js").text
    assert 'head === "rules"' in main and "pageRules" in main
    assert 'href="#/rules"' in client.get("/").text
