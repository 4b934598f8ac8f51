"""TLS for tables: every TCP connection is encrypted, so nobody on the LAN reads the hands.

Frames carry each viewer's own hand, seat tokens and chat; on a shared Wi-Fi anyone can
capture them, so they never cross the wire in clear. There is no certificate authority on a
LAN: the host makes a throwaway certificate when it starts serving, and clients take what
they are shown. That stops a listener (the common threat: a capture of the Wi-Fi), not
someone who sits between the two ends; against that one the join code is the defence —
its SPAKE2 confirmations are bound to the certificate each side sees (``channel``), so a
connection relayed through another certificate fails the code, whoever relays it; and a
seat token is never sent, only its proof bound the same way (``joincode.seat_proof``).

The upgrade comes after a plaintext ``PREAMBLE`` from the host: the host's gate counts a
connection before any cryptography is done (a flood costs it no handshakes), and a client
that meets another program, or a bhtui speaking the older plaintext protocol, can say so.
"""

from __future__ import annotations

import datetime
import functools
import hashlib
import os
import secrets
import ssl
import tempfile
from dataclasses import dataclass


def _preamble() -> bytes:
    import msgpack

    body = msgpack.packb({"type": "error", "code": "tls", "reason": (
        "this table speaks bhtui's protocol 3 (inside TLS): update bhtui to join it")})
    return len(body).to_bytes(4, "big") + body


PREAMBLE = _preamble()
"""What the host sends in clear, first: the client starts TLS once it has read these exact
bytes. A frame of protocol 2's (an ``error``), so an older bhtui shows its reason and stops
instead of reporting a broken protocol."""


@dataclass(frozen=True)
class Credentials:
    """The host's side of TLS: its context and its certificate's digest (``channel``)."""

    context: ssl.SSLContext
    channel: bytes


def new_credentials() -> Credentials:
    """A fresh key and self-signed certificate. The key touches the disk only because
    ``ssl`` loads keys from files: encrypted, in a private directory, 0600 from its creation,
    removed at once."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "bhtui table")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=3650))
            .sign(key, hashes.SHA256()))
    password = secrets.token_bytes(32)  # so even the file's moment on disk shows no key
    pem = cert.public_bytes(serialization.Encoding.PEM) + key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
        serialization.BestAvailableEncryption(password))
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_3
    context.num_tickets = 0  # no client resumes a session: nothing to hand out
    with tempfile.TemporaryDirectory(prefix="bhtui-tls-") as folder:
        path = os.path.join(folder, "table.pem")
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as out:
            out.write(pem)
        context.load_cert_chain(path, password=password)
    der = cert.public_bytes(serialization.Encoding.DER)
    return Credentials(context, hashlib.sha256(der).digest())


host_credentials = functools.cache(new_credentials)
"""The host's, made once per process (a resumed table makes others: no client pins one)."""


@functools.cache
def client_context() -> ssl.SSLContext:
    """TLS 1.3 that takes any certificate: a LAN has no authority to check it against (the
    join code's binding to ``channel`` is what authenticates the host)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_3
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def channel_of(ssl_object: ssl.SSLObject | None) -> bytes:
    """The digest of the certificate a client was shown (b"": none, no TLS)."""
    der = ssl_object.getpeercert(binary_form=True) if ssl_object is not None else None
    return hashlib.sha256(der).digest() if der else b""
