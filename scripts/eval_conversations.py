"""The evaluation's conversations and the repository they ask about (issue 26), written before any run.

Twenty-one conversations of two or three turns, over the demo's real tool servers (`mcp-server-git` on
the repository below, `mcp-server-time`). Each turn asks for one fact, checked by a pattern in the
answer; follow-ups refer back ("that commit", "there", "it"), so a helper that sees nothing of the chat
cannot know what they mean. Conversations marked `large` need a tool output of 8,000 characters or more
(a file added whole, the uncommitted diff of a sensor log, a long changelog).

These are never changed to favour a setup: a turn no setup solves stays in the table.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

Check = Callable[[str], bool]


def has(pattern: str) -> Check:
    """The pattern (a regex, case-insensitive) occurs in the answer."""
    return lambda answer: re.search(pattern, answer, re.I) is not None


def clock(hour: int, minute: int) -> str:
    """A regex for a time of day in 24-hour or 12-hour form (15:30, 3:30 PM, 3:30 p.m.)."""
    twelve = hour % 12 or 12
    suffix = "p" if hour >= 12 else "a"
    return rf"(\b{hour:02d}:{minute:02d}\b|\b{hour}:{minute:02d}\b(?!\s*[ap]\.?m)|\b{twelve}(:{minute:02d})?\s*{suffix}\.?m\b)"


def converted(source: str, hhmm: str, target: str) -> Check:
    """The answer names the target-zone time of `hhmm` in `source` today (as mcp-server-time computes it)."""

    def check(answer: str) -> bool:
        h, m = (int(x) for x in hhmm.split(":"))
        today = datetime.now(ZoneInfo(source)).replace(hour=h, minute=m, second=0, microsecond=0)
        there = today.astimezone(ZoneInfo(target))
        return re.search(clock(there.hour, there.minute), answer, re.I) is not None

    return check


def clock_now(tz: str, minutes: int = 3) -> Check:
    """The answer names the current time in `tz` (checked right after the turn), within a few minutes."""

    def check(answer: str) -> bool:
        now = datetime.now(ZoneInfo(tz))
        for hour, minute, half in re.findall(
            r"\b(\d{1,2}):(\d{2})(?::\d{2})?\s*([ap]\.?m\.?)?", answer, re.I
        ):
            h = int(hour) % 12 + (12 if half.lower().startswith("p") else 0) if half else int(hour)
            stated = now.replace(hour=h % 24, minute=int(minute), second=0, microsecond=0)
            gap = abs((stated - now).total_seconds()) % 86400
            if min(gap, 86400 - gap) <= minutes * 60:
                return True
        return False

    return check


DATE = r"(2026-10-{d:02d}|Oct(ober)?\.? {d}\b|\b{d}(st|nd|rd|th)? (of )?Oct)"


def on(day: int) -> Check:
    return has(DATE.format(d=day))


@dataclass(frozen=True)
class Turn:
    question: str  # {repo} is the repository's path
    fact: Check
    expected: str  # for the report


@dataclass(frozen=True)
class Conversation:
    id: str
    turns: tuple[Turn, ...]
    large: bool = False  # a turn needs a tool output of 8,000 characters or more


def T(question: str, fact: Check, expected: str) -> Turn:  # noqa: N802 - reads as a table row
    return Turn(question, fact, expected)


CONVERSATIONS = (
    Conversation(
        "C01",
        (
            T("Who made the latest commit in the git repository at {repo}?", has("Chen Wei"), "Chen Wei"),
            T("What is the message of that commit?", has("Warn on heat too"), "Warn on heat too"),
            T("Which file did it change?", has(r"alerts\.py"), "alerts.py"),
        ),
    ),
    Conversation(
        "C02",
        (
            T(
                "In the git repository at {repo}, which commit added docs/calibration.md? Give its message.",
                has("Write down the calibration"),
                "Write down the calibration",
            ),
            T("According to that file, what is the humidity sensor's offset?", has(r"-\s?2\.5"), "-2.5 %RH"),
            T("Who wrote that commit?", has("Chen Wei"), "Chen Wei"),
        ),
        large=True,
    ),
    Conversation(
        "C03",
        (
            T(
                "Which file has uncommitted changes in the git repository at {repo}?",
                has(r"readings\.csv"),
                "readings.csv",
            ),
            T("What is the name of the last column in its header line?", has("pressure_hpa"), "pressure_hpa"),
            T(
                "In those uncommitted changes, what is the new temperature in the first data row?",
                has(r"\b13\.1\b"),
                "13.1",
            ),
        ),
        large=True,
    ),
    Conversation(
        "C04",
        (
            T(
                "In the git repository at {repo}, what reading interval (in minutes) does config.toml set after its "
                "latest change?",
                has(r"\b(15|fifteen)\b"),
                "15",
            ),
            T("What was the interval before that change?", has(r"\b(10|ten)\b"), "10"),
            T("Who made that change?", has("Ben Okafor"), "Ben Okafor"),
        ),
    ),
    Conversation(
        "C05",
        (
            T(
                "If it is 09:30 in New York, what time is it in Tokyo?",
                converted("America/New_York", "09:30", "Asia/Tokyo"),
                "09:30 New York in Tokyo",
            ),
            T(
                "And at that same moment, what time is it in Berlin?",
                converted("America/New_York", "09:30", "Europe/Berlin"),
                "09:30 New York in Berlin",
            ),
        ),
    ),
    Conversation(
        "C06",
        (
            T("What time is it in Sydney right now?", clock_now("Australia/Sydney"), "now in Sydney"),
            T(
                "When it is 09:00 there, what time is it in Los Angeles?",
                converted("Australia/Sydney", "09:00", "America/Los_Angeles"),
                "09:00 Sydney in Los Angeles",
            ),
        ),
    ),
    Conversation(
        "C07",
        (
            T(
                "In the git repository at {repo}, what is the message of the commit that added CHANGELOG.md?",
                has("Add a changelog"),
                "Add a changelog",
            ),
            T("Which version does that changelog list as the newest?", has(r"0\.9\.0"), "0.9.0"),
            T("On which date was that version released, according to it?", on(20), "2026-10-20"),
        ),
        large=True,
    ),
    Conversation(
        "C08",
        (
            T(
                "In the git repository at {repo}, how many retries does read() in station.py make by default after "
                "its latest change?",
                has(r"\b(5|five)\b"),
                "5",
            ),
            T(
                "What is the message of the commit that made that change?",
                has("More retries for the rain gauge"),
                "More retries for the rain gauge",
            ),
            T("How many retries did it make before that commit?", has(r"\b(3|three)\b"), "3"),
        ),
    ),
    Conversation(
        "C09",
        (
            T(
                "Which commit of the git repository at {repo} added frost warnings? Give its message.",
                has("Warn before frost"),
                "Warn before frost",
            ),
            T("Below which temperature does it warn?", has(r"\b0\.5\b"), "0.5 °C"),
            T("Who wrote it?", has("Ada Gardener"), "Ada Gardener"),
        ),
    ),
    Conversation(
        "C10",
        (
            T(
                "On which date was the commit 'Add the station config' made in the git repository at {repo}?",
                on(3),
                "2026-10-03",
            ),
            T("What site name does that config give?", has("Allotment 7"), "Allotment 7"),
        ),
    ),
    Conversation(
        "C11",
        (
            T(
                "In the git repository at {repo}, what did the commit 'Document the CSV log' add to README.md?",
                has("keeps a CSV log"),
                "… and keeps a CSV log",
            ),
            T("Who made that commit?", has("Ada Gardener"), "Ada Gardener"),
        ),
    ),
    Conversation(
        "C12",
        (
            T("What is the current branch of the git repository at {repo}?", has(r"\bmain\b"), "main"),
            T("What is the message of the latest commit on it?", has("Warn on heat too"), "Warn on heat too"),
        ),
    ),
    Conversation(
        "C13",
        (
            T(
                "According to docs/calibration.md in the commit 'Write down the calibration' of the git repository at "
                "{repo}, which reference instrument was used?",
                has(r"HMP110"),
                "a Vaisala HMP110",
            ),
            T("On which date was that calibration done?", on(7), "2026-10-07"),
        ),
        large=True,
    ),
    Conversation(
        "C14",
        (
            T(
                "In the uncommitted changes of the git repository at {repo}, what was the temperature in the first "
                "data row of readings.csv before the change?",
                has(r"\b12\.5\b"),
                "12.5",
            ),
            T("And what is its humidity in that row?", has(r"\b55\b"), "55"),
        ),
        large=True,
    ),
    Conversation(
        "C15",
        (
            T(
                "In the git repository at {repo}, above which temperature does alerts.py warn about heat?",
                has(r"\b30\b"),
                "30 °C",
            ),
            T("Which commit added that? Give its message.", has("Warn on heat too"), "Warn on heat too"),
        ),
    ),
    Conversation(
        "C16",
        (
            T(
                "It is 14:00 in Berlin. What time is it in New York?",
                converted("Europe/Berlin", "14:00", "America/New_York"),
                "14:00 Berlin in New York",
            ),
            T(
                "And in Tokyo, at that same moment?",
                converted("Europe/Berlin", "14:00", "Asia/Tokyo"),
                "14:00 Berlin in Tokyo",
            ),
        ),
    ),
    Conversation(
        "C17",
        (
            T(
                "What time is it in London when it is 07:15 in Los Angeles?",
                converted("America/Los_Angeles", "07:15", "Europe/London"),
                "07:15 Los Angeles in London",
            ),
            T(
                "And in Sydney?",
                converted("America/Los_Angeles", "07:15", "Australia/Sydney"),
                "07:15 Los Angeles in Sydney",
            ),
        ),
    ),
    Conversation(
        "C18",
        (
            T(
                "Which commit came right after 'Retry flaky sensor reads' in the git repository at {repo}? Give its "
                "message.",
                has("Write down the calibration"),
                "Write down the calibration",
            ),
            T("Who made it?", has("Chen Wei"), "Chen Wei"),
            T("What humidity offset does the file it added give?", has(r"-\s?2\.5"), "-2.5 %RH"),
        ),
        large=True,
    ),
    Conversation(
        "C19",
        (
            T(
                "In the git repository at {repo}, what is the oldest version listed in the changelog added by the "
                "commit 'Add a changelog'?",
                has(r"0\.1\.0"),
                "0.1.0",
            ),
            T(
                "What did that version add, according to the changelog?",
                has("first sensor"),
                "reads the first sensor",
            ),
        ),
        large=True,
    ),
    Conversation(
        "C20",
        (
            T("What time is it in Tokyo right now?", clock_now("Asia/Tokyo"), "now in Tokyo"),
            T(
                "And what time is it in New York when it is 18:00 there?",
                converted("Asia/Tokyo", "18:00", "America/New_York"),
                "18:00 Tokyo in New York",
            ),
        ),
    ),
    Conversation(
        "C21",
        (
            T(
                "Who wrote the commit 'Read every fifteen minutes' in the git repository at {repo}?",
                has("Ben Okafor"),
                "Ben Okafor",
            ),
            T("On which date was it made?", on(12), "2026-10-12"),
            T("Which file did it change?", has(r"config\.toml"), "config.toml"),
        ),
    ),
)

# ---------------------------------------------------------------------------
# The repository the conversations ask about
# ---------------------------------------------------------------------------

AUTHORS = {"Ada": "Ada Gardener", "Ben": "Ben Okafor", "Chen": "Chen Wei"}


def _readings(rows: int, offset: float) -> str:
    lines = ["time,temperature_c,humidity_pct,pressure_hpa"]
    for i in range(rows):
        lines.append(
            f"2026-10-{1 + i // 144:02d}T{(i % 144) // 6:02d}:{(i % 6) * 10:02d},"
            f"{12.5 + offset + (i % 17) * 0.3:.1f},{55 + (i % 23)},{1008 + (i % 11)}"
        )
    return "\n".join(lines) + "\n"


def _calibration() -> str:
    """docs/calibration.md: about 9,000 characters, the facts in the middle."""
    steps = "\n".join(
        f"{n}. Record the station's reading and the reference reading at {n * 5} minutes, wait for both to settle, "
        "and note the room temperature, the airflow and anything that touched the enclosure in the log sheet."
        for n in range(1, 31)
    )
    return (
        "# Calibration\n\nThis page records how the station's sensors were checked.\n\n## Procedure\n\n"
        + steps
        + "\n\n## Result\n\nThe calibration was done on 2026-10-07 against a Vaisala HMP110 reference probe.\n"
        "The humidity sensor reads high: its offset is -2.5 %RH, applied in software.\n"
        "The temperature sensor needs no offset.\n\n## Notes\n\n"
        + "\n".join(
            f"- Check {n}: the enclosure stayed closed and the fan ran at a constant speed."
            for n in range(40)
        )
        + "\n"
    )


def _changelog() -> str:
    """CHANGELOG.md: about 8,500 characters, newest version first."""
    out = ["# Changelog\n"]
    for minor in range(9, 1, -1):
        day = 20 if minor == 9 else minor + 1
        out.append(f"\n## 0.{minor}.0 (2026-10-{day:02d})\n")
        out += [
            f"- Tidy module {k} of release 0.{minor}.0 and keep its tests green on the garden Raspberry Pi."
            for k in range(12)
        ]
    out.append("\n## 0.1.0 (2026-10-01)\n\n- Reads the first sensor every ten minutes.\n")
    return "\n".join(out)


HISTORY = (  # day, author, {file: content}, message
    (
        1,
        "Ada",
        {"README.md": "# weather-station\n\nReads the garden sensors.\n"},
        "Start the weather station",
    ),
    (2, "Ada", {"station.py": "def read(sensor):\n    return sensor.value()\n"}, "Read one sensor"),
    (3, "Ben", {"config.toml": 'site = "Allotment 7"\ninterval_minutes = 10\n'}, "Add the station config"),
    (5, "Ben", {"readings.csv": _readings(135, 0.0)}, "Log the first readings"),
    (
        6,
        "Chen",
        {
            "station.py": "def read(sensor, retries=3):\n    for _ in range(retries):\n"
            "        v = sensor.value()\n        if v is not None:\n            return v\n"
        },
        "Retry flaky sensor reads",
    ),
    (8, "Chen", {"docs/calibration.md": _calibration()}, "Write down the calibration"),
    (
        10,
        "Ada",
        {"alerts.py": "FROST_C = 0.5\n\ndef alerts(t):\n    return ['frost'] if t < FROST_C else []\n"},
        "Warn before frost",
    ),
    (
        12,
        "Ben",
        {"config.toml": 'site = "Allotment 7"\ninterval_minutes = 15\n'},
        "Read every fifteen minutes",
    ),
    (
        15,
        "Chen",
        {
            "station.py": "def read(sensor, retries=5):\n    for _ in range(retries):\n"
            "        v = sensor.value()\n        if v is not None:\n            return v\n"
        },
        "More retries for the rain gauge",
    ),
    (
        18,
        "Ada",
        {"README.md": "# weather-station\n\nReads the garden sensors and keeps a CSV log.\n"},
        "Document the CSV log",
    ),
    (20, "Ben", {"CHANGELOG.md": _changelog()}, "Add a changelog"),
    (
        22,
        "Chen",
        {
            "alerts.py": "FROST_C = 0.5\nHEAT_C = 30\n\ndef alerts(t):\n"
            "    return ['frost'] if t < FROST_C else ['heat'] if t > HEAT_C else []\n"
        },
        "Warn on heat too",
    ),
)


def make_eval_repo(path: Path) -> Path:
    """The repository, built the same way every run (fixed authors and dates); the sensor log is rewritten
    (recalibrated: every row changes) and left uncommitted, a diff of about 8,600 characters."""
    path.mkdir(parents=True, exist_ok=True)

    def git(*args: str, author: str = "Ada") -> None:
        name = AUTHORS[author]
        email = f"{author.lower()}@example.com"
        env = {
            **os.environ,
            "GIT_AUTHOR_NAME": name,
            "GIT_AUTHOR_EMAIL": email,
            "GIT_COMMITTER_NAME": name,
            "GIT_COMMITTER_EMAIL": email,
        }
        subprocess.run(["git", *args], cwd=path, env=env, check=True, capture_output=True, timeout=30)

    git("init", "-q", "-b", "main")
    for day, author, files, message in HISTORY:
        for name, text in files.items():
            (path / name).parent.mkdir(parents=True, exist_ok=True)
            (path / name).write_text(text)
        git("add", "-A", author=author)
        git("commit", "-q", "-m", message, "--date", f"2026-10-{day:02d}T09:00:00+00:00", author=author)
    (path / "readings.csv").write_text(_readings(135, 0.6))
    return path
