#!/usr/bin/env python3
"""Install or update the Subquery tool and the tool-context filter in a running Open WebUI.

    python scripts/deploy.py --url http://127.0.0.1:8080 --email admin@example.com --password secret
    python scripts/deploy.py --url URL --token TOKEN [--model MODEL_ID] [--valves-file valves.json]

A thin command line over `devkit/deploy.py` (standard library only, so it runs with any
Python >= 3.11 without the project's virtual environment).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from devkit.deploy import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
