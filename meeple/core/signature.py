"""Signed records: a server's Ed25519 signature over a whole record, and its check.

The signature (a record's ``"signature"``) signs a manifest: a SHA-256 digest of each part
of the record (the setup, who sat where, the seed, the chance scheme, the moves, the
result) and a short digest of every move. So a check does more than say yes or no: it
names the part that was changed, and for the moves the first changed action. The key is
the server's (``meeple serve`` makes it on first run and keeps it in its database); its
public half is published at ``/api/records/key``, and ``meeple replay --verify KEY``
checks records against it. Made with the ``cryptography`` package.
"""

from __future__ import annotations

import base64
import hashlib
import json
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from meeple.core.errors import RecordError

SCHEME = "meeple.ed25519/1"
# The parts of a record the manifest digests, with the words a refusal uses for each.
PARTS: dict[str, str] = {
    "setup": "game, version, players, options or component file",
    "seats": "seats (who played, 'agents')",
    "seed": "seed",
    "chance": "chance scheme",
    "actions": "moves",
    "result": "result",
}


def _canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def _digest(value: Any) -> str:
    return hashlib.sha256(_canonical(value)).hexdigest()


def _parts(record: dict[str, Any]) -> dict[str, Any]:
    return {
        "setup": {
            k: record.get(k) for k in ("game", "game_version", "players", "options", "components")
        },
        "seats": record.get("agents"),
        "seed": record.get("seed"),
        "chance": record.get("chance"),
        "actions": record.get("actions"),
        "result": record.get("result"),
    }


def _move_digest(i: int, text: str) -> str:
    return hashlib.sha256(f"{i}:{text}".encode()).hexdigest()[:8]


def key_id(public: Ed25519PublicKey) -> str:
    """A short name for a public key: the start of the SHA-256 of its raw bytes."""
    raw = public.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return hashlib.sha256(raw).hexdigest()[:16]


def manifest(record: dict[str, Any], public: Ed25519PublicKey) -> dict[str, Any]:
    """What a signature signs for ``record`` (its JSON, without a signature)."""
    actions = record.get("actions") or []
    return {
        "scheme": SCHEME,
        "key": key_id(public),
        "parts": {name: _digest(value) for name, value in _parts(record).items()},
        "moves": [_move_digest(i, a) for i, a in enumerate(actions)],
    }


def sign(record: dict[str, Any], private: Ed25519PrivateKey) -> dict[str, Any]:
    """The signature block for ``record`` (its JSON, without a signature)."""
    body = manifest(record, private.public_key())
    value = private.sign(_canonical(body))
    return {**body, "value": base64.b64encode(value).decode()}


def verify(record: dict[str, Any], public: Ed25519PublicKey) -> None:
    """Check ``record`` (its JSON) against its signature and ``public``; a
    :class:`RecordError` says what does not match (the first changed action by index)."""
    block = record.get("signature")
    if block is None:
        raise RecordError("the record carries no signature, so it cannot be verified")
    if not isinstance(block, dict) or block.get("scheme") != SCHEME:
        scheme = block.get("scheme") if isinstance(block, dict) else block
        raise RecordError(f"the record's signature scheme {scheme!r} is not {SCHEME!r}")
    body = {k: v for k, v in block.items() if k != "value"}
    if body.get("key") != key_id(public):
        raise RecordError(
            f"the record was signed by key {body.get('key')!r}, not by the given key "
            f"{key_id(public)!r}"
        )
    try:
        value = base64.b64decode(str(block.get("value", "")), validate=True)
        public.verify(value, _canonical(body))
    except (InvalidSignature, ValueError):
        raise RecordError(
            "the record's signature is not the key's over its manifest: the signature itself "
            "was changed"
        ) from None
    signed = body.get("parts")
    if not isinstance(signed, dict):
        raise RecordError("the record's signature has no parts")
    now = {name: _digest(value) for name, value in _parts(record).items()}
    for name, words in PARTS.items():
        if now[name] == signed.get(name):
            continue
        if name == "actions":
            raise RecordError(_first_changed_move(record, body.get("moves")))
        raise RecordError(f"the record's {words} differ from what was signed")


def _first_changed_move(record: dict[str, Any], moves: Any) -> str:
    actions = record.get("actions") or []
    signed = moves if isinstance(moves, list) else []
    for i, text in enumerate(actions):
        if i >= len(signed):
            return f"action {i} ({text!r}) was not in the signed record, which had {len(signed)}"
        if _move_digest(i, str(text)) != signed[i]:
            return f"action {i} ({text!r}) is not the move that was signed"
    return f"the record has {len(actions)} actions; the signed record had {len(signed)}"


def new_private_key() -> Ed25519PrivateKey:
    return Ed25519PrivateKey.generate()


def private_pem(private: Ed25519PrivateKey) -> str:
    return private.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()


def public_pem(public: Ed25519PublicKey) -> str:
    return public.public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    ).decode()


def load_private_pem(text: str) -> Ed25519PrivateKey:
    key = serialization.load_pem_private_key(text.encode(), password=None)
    if not isinstance(key, Ed25519PrivateKey):
        raise ValueError("the stored signing key is not an Ed25519 key")
    return key


def read_public_key(path: Path) -> Ed25519PublicKey:
    """A public key from a PEM file (``/api/records/key`` serves the server's)."""
    try:
        text = path.read_bytes()
    except OSError as e:
        raise RecordError(f"cannot read the key file {path}: {e.strerror}") from None
    return read_public_pem(text, str(path))


def read_public_pem(text: bytes, where: str) -> Ed25519PublicKey:
    """A public key from PEM text read from ``where`` (named in refusals)."""
    try:
        key = serialization.load_pem_public_key(text)
    except ValueError:
        raise RecordError(
            f"{where} is not a PEM public key (the server publishes its own at /api/records/key)"
        ) from None
    if not isinstance(key, Ed25519PublicKey):
        raise RecordError(f"{where} is not an Ed25519 public key")
    return key
