"""A stdlib-only client for Gatehouse: submit an llm-do style ApprovalRequest and wait for the person's decision.

    from gatehouse_client import Gatehouse
    gate = Gatehouse.from_home()            # finds the running instance through GATEHOUSE_HOME/endpoint.json
    answer = gate.submit({"tool_name": "deploy", "args": {"env": "prod"}, "description": "Ship v2"}, wait=600)
    if answer["status"] == "approved": ...

Only the agent token is used: it can submit and wait, never decide. Nothing but the Python standard library.
"""
from __future__ import annotations

import json
import os
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Dict, Optional

APPROVAL_REQUEST_FIELDS = ("tool_name", "args", "description", "payload", "presentation", "group_id", "agent", "session_id", "cwd", "required")


class GatehouseError(Exception):
    """Gatehouse could not be reached or refused the request; the call must then not run."""


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

    def __init__(self, url: str, token: str, timeout: float = 30.0) -> None:
        host = urllib.request.urlparse(url).hostname
        if host not in ("127.0.0.1", "localhost"):
            raise GatehouseError(f"{url} is not this machine; requests carry tool arguments and stay local")
        self.url = url.rstrip("/")
        self.token = token
        self.timeout = timeout

    @classmethod
    def from_home(cls, home: Optional[Path] = None) -> "Gatehouse":
        """The instance named by endpoint.json in GATEHOUSE_HOME."""
        path = (home or default_home()) / "endpoint.json"
        try:
            endpoint = json.loads(path.read_text("utf-8"))
        except (OSError, ValueError) as err:
            raise GatehouseError(f"Gatehouse is not running (cannot read {path}: {err})") from err
        return cls(endpoint["url"], endpoint["token"])

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
        req.add_header("Authorization", f"Bearer {self.token}")
        if data is not None:
            req.add_header("Content-Type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=timeout) as res:
                return json.loads(res.read().decode("utf-8"))
        except urllib.error.HTTPError as err:
            detail = err.read().decode("utf-8", "replace")
            try:
                detail = json.loads(detail).get("error", detail)
            except ValueError:
                pass
            raise GatehouseError(f"Gatehouse answered HTTP {err.code}: {detail}") from err
        except (urllib.error.URLError, OSError, ValueError) as err:
            raise GatehouseError(f"cannot reach Gatehouse at {self.url}: {err}") from err


if __name__ == "__main__":
    # A tiny CLI for scripts and tests: python3 gatehouse_client.py '<ApprovalRequest JSON>' [WAIT_SECONDS]
    gate = Gatehouse.from_home()
    print(json.dumps(gate.submit(json.loads(sys.argv[1]), wait=int(sys.argv[2]) if len(sys.argv) > 2 else 0)))
