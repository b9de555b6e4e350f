"""The table's side of the postMessage conversation (web/embedding/host_link.py), with stand-in browser
objects: messages go to the host's origin only, and commands are taken from it only."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from web.embedding.embed import Embed, read_embed
from web.embedding.host_link import HostLink


@dataclass
class FakeJSON:
    def parse(self, text: str) -> Any:
        return json.loads(text)

    def stringify(self, value: Any) -> str:
        return json.dumps(value)


@dataclass
class FakeParent:
    posted: list[tuple[Any, str]] = field(default_factory=list)

    def postMessage(self, data: Any, origin: str) -> None:
        self.posted.append((data, origin))


@dataclass
class FakeWindow:
    parent: FakeParent = field(default_factory=FakeParent)
    JSON: FakeJSON = field(default_factory=FakeJSON)


@dataclass
class FakeDocument:
    referrer: str = ""


@dataclass
class Message:
    origin: str
    data: Any


def test_messages_go_to_the_origin_the_link_names() -> None:
    window = FakeWindow()
    link = HostLink(
        window,
        FakeDocument("https://other.example/page"),
        read_embed({"embed": "1", "origin": "https://rules.example"}),
    )
    link.send("move", hand=1, move=3)
    [(data, origin)] = window.parent.posted
    assert origin == "https://rules.example"
    assert data == {"source": "dominoes", "type": "move", "hand": 1, "move": 3}


def test_without_an_origin_parameter_the_referrers_origin_is_the_host() -> None:
    window = FakeWindow()
    link = HostLink(window, FakeDocument("https://rules.example/how-to/block?x=1"), Embed(enabled=True))
    link.send("ready", mode="live")
    assert window.parent.posted[0][1] == "https://rules.example"


def test_with_no_known_host_nothing_is_sent_and_no_command_is_taken() -> None:
    window = FakeWindow()
    link = HostLink(window, FakeDocument(""), Embed(enabled=True))
    link.send("ready")
    assert window.parent.posted == []
    assert link.command(Message("https://rules.example", {"source": "dominoes", "type": "step"})) is None


def test_commands_are_taken_from_the_host_origin_only_and_checked() -> None:
    link = HostLink(FakeWindow(), FakeDocument("https://rules.example/"), Embed(enabled=True))
    good = {"source": "dominoes", "type": "go", "hand": 2, "move": 5}
    command = link.command(Message("https://rules.example", good))
    assert command is not None and (command.kind, command.hand, command.move) == ("go", 2, 5)
    assert link.command(Message("https://evil.example", good)) is None
    assert link.command(Message("https://rules.example.evil.example", good)) is None
    assert link.command(Message("https://rules.example", {**good, "hand": "2"})) is None
    assert link.command(Message("https://rules.example", "<script>alert(1)</script>")) is None
