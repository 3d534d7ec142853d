"""A small PNG reader for the picture tests (8-bit RGB or RGBA, not interlaced; standard library only)."""

from __future__ import annotations

import struct
import zlib


def read_png(data: bytes) -> tuple[int, int, list[bytes]]:
    """Width, height and the rows as RGB bytes (alpha composed onto white)."""
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, chunks, header = 8, [], b""
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = body
        elif kind == b"IDAT":
            chunks.append(body)
    width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", header)
    if depth != 8 or color not in (2, 6) or interlace:
        raise ValueError(
            f"unsupported PNG: depth {depth}, colour type {color}, interlace {interlace}"
        )
    channels = 4 if color == 6 else 3
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    rows: list[bytes] = []
    prior = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        _unfilter(kind, line, prior, channels)
        rows.append(_rgb(line, channels))
        prior = line
    return width, height, rows


def _unfilter(kind: int, line: bytearray, prior: bytearray, bpp: int) -> None:
    # One loop per filter: the pictures looked at are a million bytes each.
    n = len(line)
    if kind == 1:
        for i in range(bpp, n):
            line[i] = (line[i] + line[i - bpp]) & 0xFF
    elif kind == 2:
        line[:] = bytes((a + b) & 0xFF for a, b in zip(line, prior))
    elif kind == 3:
        for i in range(n):
            left = line[i - bpp] if i >= bpp else 0
            line[i] = (line[i] + (left + prior[i]) // 2) & 0xFF
    elif kind == 4:
        for i in range(n):
            if i < bpp:
                line[i] = (line[i] + prior[i]) & 0xFF
                continue
            left, up, corner = line[i - bpp], prior[i], prior[i - bpp]
            pa, pb, pc = abs(up - corner), abs(left - corner), abs(left + up - 2 * corner)
            best = left if pa <= pb and pa <= pc else up if pb <= pc else corner
            line[i] = (line[i] + best) & 0xFF


def _rgb(line: bytearray, channels: int) -> bytes:
    if channels == 3:
        return bytes(line)
    out = bytearray()
    for i in range(0, len(line), 4):
        r, g, b, a = line[i : i + 4]
        out += bytes(((c * a + 255 * (255 - a)) // 255) for c in (r, g, b))
    return bytes(out)


def differing(a: list[bytes], b: list[bytes], tolerance: int = 60) -> float:
    """The share of pixels whose colours differ by more than ``tolerance`` in some channel."""
    bad = total = 0
    for ra, rb in zip(a, b):
        for i in range(0, min(len(ra), len(rb)), 3):
            total += 1
            if max(abs(ra[i + k] - rb[i + k]) for k in range(3)) > tolerance:
                bad += 1
    return bad / max(total, 1)
