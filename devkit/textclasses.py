"""Generated text classes for the filter's estimator (issue 15): what real tools return that is
hardest to count.  Deterministic; nothing is downloaded."""

from __future__ import annotations

import base64
import random
import string

from devkit.histories import output_text


def hostile_texts(n_chars: int, seed: int = 0) -> dict[str, str]:
    """One text of about ``n_chars`` per class the issue found under-counted."""
    rng = random.Random(seed)

    def fill(make) -> str:
        out, size = [], 0
        while size < n_chars:
            piece = make()
            out.append(piece)
            size += len(piece)
        return "".join(out)[:n_chars]

    image = "data:image/png;base64," + base64.b64encode(rng.randbytes(max(16, n_chars // 5))).decode()
    page = output_text(n_chars, seed, "log")
    at = rng.randrange(len(page))
    return {
        "long digit runs": fill(
            lambda: "".join(rng.choice(string.digits) for _ in range(rng.randint(20, 200))) + "\n"
        ),
        "digit table": fill(lambda: " | ".join(str(rng.randint(0, 10**9)) for _ in range(8)) + "\n"),
        "random printable ASCII": "".join(rng.choice(string.printable[:94]) for _ in range(n_chars)),
        "base85 (git binary patch)": fill(lambda: "z" + base64.b85encode(rng.randbytes(52)).decode() + "\n"),
        "hex": rng.randbytes(n_chars // 2 + 1).hex()[:n_chars],
        "base64": base64.b64encode(rng.randbytes(n_chars)).decode()[:n_chars],
        "mixed tab/space indentation": fill(
            lambda: (
                "".join(rng.choice(" \t") for _ in range(rng.randint(0, 16)))
                + rng.choice(["x = 1", "}", "pass"])
                + "\n"
            )
        ),
        "alternating space-tab runs": fill(lambda: " \t" * rng.randint(1, 40) + "\n"),
        "short random ids": fill(
            lambda: (
                "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(rng.randint(4, 10)))
                + " "
            )
        ),
        "uuids": fill(
            lambda: "{:08x}-{:04x}-{:04x}-{:04x}-{:012x}\n".format(
                *tuple(rng.getrandbits(b) for b in (32, 16, 16, 16, 48))
            )
        ),
        "data URI inside a page": (page[:at] + image + page[at:])[: max(n_chars, len(image))],
    }
