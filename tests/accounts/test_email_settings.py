"""Account e-mail goes to the console unless SMTP is configured from the environment."""

from __future__ import annotations

import socketserver
import threading
from collections.abc import Iterator

import pytest

from tests.project.test_settings import _settings_in_subprocess

SEND = (
    "__import__('django.core.mail', fromlist=['send_mail'])"
    ".send_mail('Verify', 'Open the link', None, ['player@example.org'])"
)


class _SMTPSink(socketserver.StreamRequestHandler):
    """Just enough of SMTP (RFC 5321, no TLS, no AUTH) to accept one message."""

    received: list[str]

    def handle(self) -> None:
        self.wfile.write(b"220 sink\r\n")
        while line := self.rfile.readline():
            verb = line.strip().upper()
            if verb == b"DATA":
                self.wfile.write(b"354 go on\r\n")
                lines = []
                while (data := self.rfile.readline()) not in (b".\r\n", b""):
                    lines.append(data.decode())
                self.received.append("".join(lines))
                self.wfile.write(b"250 queued\r\n")
            elif verb == b"QUIT":
                self.wfile.write(b"221 bye\r\n")
                return
            else:
                self.wfile.write(b"250 ok\r\n")


@pytest.fixture
def smtp_sink() -> Iterator[tuple[int, list[str]]]:
    received: list[str] = []
    handler = type("Sink", (_SMTPSink,), {"received": received})
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1], received
    finally:
        server.shutdown()
        server.server_close()


def test_without_smtp_mail_is_printed_on_the_console() -> None:
    out = _settings_in_subprocess({"EMAIL_HOST": ""}, SEND)
    assert "Subject: Verify" in out and "To: player@example.org" in out
    assert "From: Up Front Builder <noreply@localhost>" in out
    assert "Open the link" in out


def test_with_email_host_mail_goes_out_by_smtp(smtp_sink: tuple[int, list[str]]) -> None:
    port, received = smtp_sink
    env = {
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": str(port),
        "EMAIL_USE_TLS": "0",
        "DEFAULT_FROM_EMAIL": "Up Front <games@example.org>",
    }
    out = _settings_in_subprocess(env, SEND)
    assert out == "1"  # one message sent, nothing printed
    assert len(received) == 1
    assert "Subject: Verify" in received[0] and "From: Up Front <games@example.org>" in received[0]


def test_smtp_settings_from_the_environment() -> None:
    expr = "s.EMAIL_PORT, s.EMAIL_USE_TLS, s.EMAIL_USE_SSL, s.EMAIL_HOST_USER, s.EMAIL_BACKEND"
    starttls = _settings_in_subprocess(
        {"EMAIL_HOST": "smtp.example.org", "EMAIL_HOST_USER": "mailer"}, expr
    )
    assert starttls == "587 True False mailer django.core.mail.backends.smtp.EmailBackend"
    implicit = _settings_in_subprocess(
        {"EMAIL_HOST": "smtp.example.org", "EMAIL_USE_SSL": "1"}, expr
    )
    assert implicit.startswith("465 False True")


def test_rate_limit_counters_can_be_shared_through_redis() -> None:
    expr = "s.CACHES['default']['BACKEND']"
    assert _settings_in_subprocess({}, expr).endswith("LocMemCache")
    shared = _settings_in_subprocess({"CACHE_URL": "redis://127.0.0.1:6379/1"}, expr)
    # Django's RedisCache, tolerant of a stopped Redis (upfront/cache.py).
    assert shared == "upfront.cache.TolerantRedisCache"
