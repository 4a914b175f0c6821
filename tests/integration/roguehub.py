"""A rogue hub, run as its own process by the tests: it announces itself as the hall's hub
(the same DNS-SD type, its own name) and runs a real join service with a code of its own (it
does not know the hall's) and logins for a broker of its own, keeping everything kiosks send.

    python -m tests.integration.roguehub FOLDER BROKER_PORT

FOLDER holds its ``join-code`` (written by the test) and ``received.jsonl``, one line per step
a kiosk sent. It prints ``rogue ready PORT`` and serves until its standard input is closed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from hub.broker.broker import Credentials
from hub.broker.joincode import JoinCode
from hub.broker.provision import ProvisionServer
from whist.protocol import JoinFinish, JoinStart

RECEIVED = "received.jsonl"


class RecordingServer(ProvisionServer):
    """The join service, keeping what each kiosk sent it."""

    def _keep(self, step: str, message: JoinStart | JoinFinish, client: str) -> None:
        with (self.join_code.path.parent / RECEIVED).open("a", encoding="utf-8") as f:
            f.write(json.dumps({"step": step, "client": client, **message.model_dump()}) + "\n")

    def start_join(self, start: JoinStart, client: str) -> tuple[int, dict[str, Any]]:
        self._keep("start", start, client)
        return super().start_join(start, client)

    def finish_join(
        self, finish: JoinFinish, client: str, local: str
    ) -> tuple[int, dict[str, Any]]:
        self._keep("finish", finish, client)
        return super().finish_join(finish, client, local)


def main(folder: Path, broker_port: int) -> None:
    code = JoinCode.read(folder / "join-code")
    assert code is not None, "the test writes the rogue's code first"
    credentials = Credentials.load_or_create(folder, 4)
    with RecordingServer(
        credentials,
        code,
        broker_port=broker_port,
        port=0,
        bind="127.0.0.1",
        interfaces=["127.0.0.1"],
        tournament="Rogue",
    ) as server:
        print(f"rogue ready {server.port}", flush=True)
        sys.stdin.read()


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]))
