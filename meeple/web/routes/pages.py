"""The browser client: its page, the favicon and the rules pages' pictures (none of them in
the API's schema). Its files under ``/static`` are mounted on the app by ``create_app``."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, Response
from fastapi.responses import FileResponse

from meeple.web import rules
from meeple.web.errors import Refused

STATIC = Path(__file__).parent.parent / "static"

router = APIRouter()


@router.get("/", include_in_schema=False)
async def index() -> FileResponse:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})


@router.get("/favicon.ico", include_in_schema=False)
async def favicon() -> Response:
    return Response(status_code=204)


@router.get("/docs/img/{name}", include_in_schema=False)
async def docs_image(name: str) -> FileResponse:
    """The pictures the rules pages show (docs/img/, in a checkout)."""
    path = rules.image_path(name)
    if path is None:
        raise Refused(f"there is no picture {name!r}", 404, "not_found")
    return FileResponse(path, headers={"Cache-Control": "max-age=3600"})
