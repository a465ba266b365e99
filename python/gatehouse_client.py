"""A stdlib-only client for Gatehouse: submit an llm-do style ApprovalRequest and wait for the person's decision.

    from gatehouse_client import Gatehouse
    gate = Gatehouse.from_home()            # finds the running instance through GATEHOUSE_HOME/endpoint.json
    answer = gate.submit({"tool_name": "deploy", "args": {"env": "prod"}, "description": "Ship v2"}, wait=600)
    if answer["status"] == "approved": ...

Only the agent token is used: it can submit and wait, never decide. Every answer must be signed, over a fresh nonce,
by the instance whose public key endpoint.json holds (Ed25519, verified here as RFC 8032 says): after a crash, a
program that takes the freed port is believed in nothing, and every call is refused. Nothing but the Python standard
library.
"""
from __future__ import annotations

import base64
import hashlib
import json
import os
import secrets
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Dict, Optional, Tuple

APPROVAL_REQUEST_FIELDS = ("tool_name", "args", "description", "payload", "presentation", "group_id", "agent", "session_id", "cwd", "required")


class GatehouseError(Exception):
    """Gatehouse could not be reached or refused the request; the call must then not run."""

# --- Ed25519 verification (RFC 8032, section 5.1.7), for the instance's signatures. Verification only: no secret is
# handled here, so plain integer arithmetic (not constant time) is fine.
_P = 2**255 - 19
_L = 2**252 + 27742317777372353535851937790883648493
_D = -121665 * pow(121666, _P - 2, _P) % _P
_SQRT_M1 = pow(2, (_P - 1) // 4, _P)
_Point = Tuple[int, int, int, int]


def _add(a: _Point, b: _Point) -> _Point:
    """Point addition in extended coordinates."""
    x = (a[1] - a[0]) * (b[1] - b[0]) % _P
    y = (a[1] + a[0]) * (b[1] + b[0]) % _P
    c = 2 * a[3] * b[3] * _D % _P
    d = 2 * a[2] * b[2] % _P
    e, f, g, h = y - x, d - c, d + c, y + x
    return (e * f % _P, g * h % _P, f * g % _P, e * h % _P)


def _mul(s: int, point: _Point) -> _Point:
    result: _Point = (0, 1, 1, 0)
    while s > 0:
        if s & 1:
            result = _add(result, point)
        point = _add(point, point)
        s >>= 1
    return result


def _equal(a: _Point, b: _Point) -> bool:
    return (a[0] * b[2] - b[0] * a[2]) % _P == 0 and (a[1] * b[2] - b[1] * a[2]) % _P == 0


def _decode(raw: bytes) -> Optional[_Point]:
    """A point from its 32-byte encoding; None when it is not one (a y out of range, no square root)."""
    if len(raw) != 32:
        return None
    y = int.from_bytes(raw, "little")
    sign = y >> 255
    y &= (1 << 255) - 1
    if y >= _P:
        return None
    x2 = (y * y - 1) * pow(_D * y * y + 1, _P - 2, _P) % _P
    if x2 == 0:
        if sign:
            return None
        return (0, y, 1, 0)
    x = pow(x2, (_P + 3) // 8, _P)
    if (x * x - x2) % _P != 0:
        x = x * _SQRT_M1 % _P
    if (x * x - x2) % _P != 0:
        return None
    if (x & 1) != sign:
        x = _P - x
    return (x, y, 1, x * y % _P)


_BASE = _decode((4 * pow(5, _P - 2, _P) % _P).to_bytes(32, "little"))
# A public key as endpoint.json holds it: base64 DER SubjectPublicKeyInfo, this fixed prefix and then the 32 key bytes.
_SPKI_PREFIX = bytes.fromhex("302a300506032b6570032100")


def ed25519_verify(public_key: bytes, message: bytes, signature: bytes) -> bool:
    """Whether `signature` is the holder of `public_key`'s Ed25519 signature of `message` (False for anything malformed)."""
    if len(public_key) != 32 or len(signature) != 64 or _BASE is None:
        return False
    a = _decode(public_key)
    r = _decode(signature[:32])
    s = int.from_bytes(signature[32:], "little")
    if a is None or r is None or s >= _L:
        return False
    h = int.from_bytes(hashlib.sha512(signature[:32] + public_key + message).digest(), "little") % _L
    return _equal(_mul(s, _BASE), _add(r, _mul(h, a)))


def instance_key(spki_base64: str) -> bytes:
    """The 32-byte Ed25519 key in endpoint.json's `key`; raises GatehouseError when it is not one."""
    try:
        der = base64.b64decode(spki_base64, validate=True)
    except (ValueError, TypeError) as err:
        raise GatehouseError("endpoint.json holds no usable instance key") from err
    if len(der) != len(_SPKI_PREFIX) + 32 or not der.startswith(_SPKI_PREFIX):
        raise GatehouseError("endpoint.json holds no usable instance key (not an Ed25519 public key)")
    return der[len(_SPKI_PREFIX):]


def signed_answer(key: bytes, nonce: str, body: bytes, signature: Optional[str]) -> bool:
    """Whether `body` is the instance's answer to the request that carried `nonce` (what the server signs)."""
    if not signature:
        return False
    try:
        sig = base64.b64decode(signature, validate=True)
    except (ValueError, TypeError):
        return False
    return ed25519_verify(key, b"gatehouse-hook-answer\n" + nonce.encode("ascii") + b"\n" + body, sig)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """Gatehouse never redirects its API: a redirect is not followed (the token would go along)."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):  # type: ignore[no-untyped-def]
        return None


# No proxy (tool calls and the token stay on this machine, whatever HTTP_PROXY says) and no redirects.
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}), _NoRedirect())


def default_home() -> Path:
    """GATEHOUSE_HOME, else the per-user folder Gatehouse uses on this platform."""
    explicit = os.environ.get("GATEHOUSE_HOME", "").strip()
    if explicit:
        return Path(explicit)
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "Gatehouse"
    if sys.platform.startswith("win"):
        return Path(os.environ.get("APPDATA", str(Path.home() / "AppData" / "Roaming"))) / "Gatehouse"
    config = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(config) / "Gatehouse"


class Gatehouse:
    """A running Gatehouse on this machine, as an agent sees it."""

    def __init__(self, url: str, token: str, key: str, timeout: float = 30.0) -> None:
        """`key`: the instance's public key as endpoint.json holds it; only answers it signed are believed."""
        parsed = urllib.request.urlparse(url)
        if parsed.scheme != "http" or parsed.hostname not in ("127.0.0.1", "localhost"):
            raise GatehouseError(f"{url} is not this machine; requests carry tool arguments and stay local")
        self.url = url.rstrip("/")
        self.host = parsed.netloc
        self.token = token
        self.key = instance_key(key)
        self.timeout = timeout

    @classmethod
    def from_home(cls, home: Optional[Path] = None) -> "Gatehouse":
        """The instance named by endpoint.json in GATEHOUSE_HOME."""
        path = (home or default_home()) / "endpoint.json"
        try:
            endpoint = json.loads(path.read_text("utf-8"))
        except (OSError, ValueError) as err:
            raise GatehouseError(f"Gatehouse is not running (cannot read {path}: {err})") from err
        if not isinstance(endpoint, dict) or not all(isinstance(endpoint.get(k), str) for k in ("url", "token", "key")):
            raise GatehouseError(f"Gatehouse is not running ({path} is not a usable endpoint.json)")
        return cls(endpoint["url"], endpoint["token"], endpoint["key"])

    def submit(self, request: Dict[str, Any], wait: int = 0) -> Dict[str, Any]:
        """Submits an ApprovalRequest (tool_name, args, description, payload, presentation, group_id); with `wait`,
        waits up to that many seconds for the person. Returns {id, status, verdict, decision?}."""
        unknown = sorted(set(request) - set(APPROVAL_REQUEST_FIELDS))
        if unknown:
            raise GatehouseError(f"unknown ApprovalRequest fields: {', '.join(unknown)}")
        body = {"agent": "http", **request}
        query = f"?wait={int(wait)}" if wait > 0 else ""
        return self._call("POST", f"/v1/requests{query}", body, timeout=self.timeout + max(wait, 0))

    def wait(self, request_id: str, seconds: int = 600) -> Dict[str, Any]:
        """Waits up to `seconds` more for the decision on a submitted request."""
        return self._call("GET", f"/v1/requests/{urllib.request.quote(request_id, safe='')}?wait={int(seconds)}", None, timeout=self.timeout + seconds)

    def approved(self, request: Dict[str, Any], wait: int = 600) -> bool:
        """True only when the person (or a rule) approved; anything else — denied, expired, no answer — is False."""
        try:
            answer = self.submit(request, wait=wait)
        except GatehouseError:
            return False
        return answer.get("status") == "approved"

    def _call(self, method: str, path: str, body: Optional[Dict[str, Any]], timeout: float) -> Dict[str, Any]:
        data = None if body is None else json.dumps(body).encode("utf-8")
        req = urllib.request.Request(self.url + path, data=data, method=method)
        nonce = secrets.token_urlsafe(24)
        req.add_header("Authorization", f"Bearer {self.token}")
        req.add_header("X-Gatehouse-Nonce", nonce)
        if data is not None:
            req.add_header("Content-Type", "application/json")
        try:
            with _OPENER.open(req, timeout=timeout) as res:
                body = res.read()
                signature = res.headers.get("X-Gatehouse-Signature")
        except urllib.error.HTTPError as err:
            detail = err.read().decode("utf-8", "replace")
            try:
                parsed = json.loads(detail)
                detail = parsed.get("error", detail) if isinstance(parsed, dict) else detail
            except ValueError:
                pass
            raise GatehouseError(f"Gatehouse answered HTTP {err.code}: {detail}") from err
        except (urllib.error.URLError, OSError, ValueError) as err:
            raise GatehouseError(f"cannot reach Gatehouse at {self.url}: {err}") from err
        if not signed_answer(self.key, nonce, body, signature):
            raise GatehouseError(f"the program answering on {self.host} is not the Gatehouse that wrote endpoint.json (a stale endpoint after a crash?)")
        try:
            answer = json.loads(body.decode("utf-8"))
        except ValueError as err:
            raise GatehouseError("Gatehouse answered something that is not JSON") from err
        if not isinstance(answer, dict):
            raise GatehouseError("Gatehouse answered something that is not an answer")
        return answer


if __name__ == "__main__":
    # A tiny CLI for scripts and tests: python3 gatehouse_client.py '<ApprovalRequest JSON>' [WAIT_SECONDS]
    try:
        gate = Gatehouse.from_home()
        print(json.dumps(gate.submit(json.loads(sys.argv[1]), wait=int(sys.argv[2]) if len(sys.argv) > 2 else 0)))
    except GatehouseError as err:
        print(f"gatehouse_client: not approved: {err}", file=sys.stderr)
        sys.exit(1)
