"""Pictures the tests take of the screen (grim, ImageMagick's import) as binary PPM, and what
they check in them."""
import re

_HEADER = re.compile(rb"P6\s+(\d+)\s+(\d+)\s+(\d+)\s")


def read_ppm(data):
    """(width, height, RGB bytes) of an 8-bit binary PPM. The header ends with exactly one
    whitespace byte: the pixels after it may begin with bytes that look like whitespace."""
    m = _HEADER.match(data)
    if not m or int(m.group(3)) != 255:
        raise ValueError(f"not an 8-bit binary PPM ({data[:20]!r})")
    w, h = int(m.group(1)), int(m.group(2))
    pixels = data[m.end():m.end() + w * h * 3]
    if len(pixels) != w * h * 3:
        raise ValueError(f"a {w}x{h} PPM with {len(pixels)} bytes of pixels")
    return w, h, pixels


def felt_share(w, h, pixels, step=7):
    """The share of the pixels (every `step`th) where green leads red and blue: the felt."""
    green = total = 0
    for i in range(0, w * h * 3 - 2, 3 * step):
        r, g, b = pixels[i], pixels[i + 1], pixels[i + 2]
        total += 1
        green += g > r + 20 and g > b + 20
    return green / max(total, 1)
