#!/usr/bin/env python3
"""linebench over TLS: the shared load client (../shared/bench/linebench.py),
unchanged, with every connection it opens wrapped in TLS by Python's ssl
module (no certificate check: the benchmark's server is self-signed).

    scripts/linebench-tls.py HOST PORT CONNECTIONS REQUESTS LINES_FILE [linebench options]
"""
import asyncio
import os
import ssl
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "shared", "bench"))
import linebench  # noqa: E402

context = ssl.create_default_context()
context.check_hostname = False
context.verify_mode = ssl.CERT_NONE
plain_create_connection = asyncio.BaseEventLoop.create_connection


async def create_connection(self, factory, host=None, port=None, **options):
    options.setdefault("ssl", context)
    return await plain_create_connection(self, factory, host, port, **options)


asyncio.BaseEventLoop.create_connection = create_connection
sys.exit(linebench.main(sys.argv[1:]))
