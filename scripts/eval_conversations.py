"""The evaluation's conversations and the repository they ask about: set 2, written before its
first run.

Twenty conversations of two or three turns, over the demo's real tool servers (`mcp-server-git` on
the repository below, `mcp-server-time`). Each turn asks for one fact, checked by a pattern in the
answer, that ONE call of an obvious tool gives, with arguments the question or an earlier turn names
(a path, a zone, `HEAD`, `HEAD~2`, a count of commits); follow-ups refer back ("that repository", "the
second-latest commit", "there"), so a helper that sees nothing of the chat cannot know what they mean.
Conversations marked `large` need a tool output of 8,000 characters or more (the uncommitted diff of a
sensor log, a commit adding a changelog or a calibration page).

Set 1 (21 conversations, commit 9369a71; its run is docs/eval/real-model-set1.json) asked for facts that
took two calls (find a commit by its message, then show it); the 1.5B model solved 14 of its 51 turns
natively, too few for the table to show a loss. Set 2 was written after that run and before any run of
its own, and is never changed to favour a setup: a turn no setup solves stays in the table.
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
    """A regex for a time of day in 24-hour or 12-hour form (15:30, 3:30 PM, 3:30 p.m.), also inside an ISO
    timestamp (`2026-11-26T15:30:00+09:00`: no word boundary between `T` and the hour, so digits bound it)."""
    twelve = hour % 12 or 12
    suffix = "p" if hour >= 12 else "a"
    return (
        rf"((?<!\d){hour:02d}:{minute:02d}(?!\d)|(?<!\d){hour}:{minute:02d}(?!\d)(?!\s*[ap]\.?m)"
        rf"|(?<!\d){twelve}(:{minute:02d})?\s*{suffix}\.?m\b)"
    )


def converted(source: str, hhmm: str, target: str) -> Check:
    """The answer names the target-zone time of `hhmm` in `source` today (as mcp-server-time computes it)."""

    def check(answer: str) -> bool:
        h, m = (int(x) for x in hhmm.split(":"))
        today = datetime.now(ZoneInfo(source)).replace(hour=h, minute=m, second=0, microsecond=0)
        there = today.astimezone(ZoneInfo(target))
        return re.search(clock(there.hour, there.minute), answer, re.I) is not None

    return check


def clock_now(tz: str, minutes: int = 15) -> Check:
    """The answer names the current time in `tz`, within `minutes` of the check (made right after the turn,
    which may take minutes after the tool read the clock)."""

    def check(answer: str) -> bool:
        now = datetime.now(ZoneInfo(tz))
        for hour, minute, half in re.findall(
            r"(?<!\d)(\d{1,2}):(\d{2})(?!\d)(?::\d{2})?\s*([ap]\.?m\.?)?", answer, re.I
        ):
            if int(minute) > 59:
                continue  # not a time of day (the grader read "99:99" and raised)
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
    # --- one call each, small outputs -----------------------------------------------------------
    Conversation(
        "B01",
        (
            T("Who made the latest commit in the git repository at {repo}?", has("Chen Wei"), "Chen Wei"),
            T("What is the message of that commit?", has("Warn on heat too"), "Warn on heat too"),
            T("Which file did it change?", has(r"alerts\.py"), "alerts.py"),
        ),
    ),
    Conversation(
        "B02",
        (
            T("What is the current branch of the git repository at {repo}?", has(r"\bmain\b"), "main"),
            T("Who made the second-latest commit in that repository?", has("Ben Okafor"), "Ben Okafor"),
        ),
    ),
    Conversation(
        "B03",
        (
            T(
                "Which file has uncommitted changes in the git repository at {repo}?",
                has(r"readings\.csv"),
                "readings.csv",
            ),
            T("Which branch is that repository on?", has(r"\bmain\b"), "main"),
        ),
    ),
    Conversation(
        "B04",
        (
            T(
                "In the git repository at {repo}, above which temperature does the latest commit make alerts.py "
                "warn about heat?",
                has(r"\b30\b"),
                "30 °C",
            ),
            T("Who wrote that commit?", has("Chen Wei"), "Chen Wei"),
        ),
    ),
    Conversation(
        "B05",
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
        "B06",
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
        "B07",
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
        "B08",
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
        "B09",
        (
            T("What time is it in Tokyo right now?", clock_now("Asia/Tokyo"), "now in Tokyo"),
            T(
                "What time is it in New York when it is 18:00 there?",
                converted("Asia/Tokyo", "18:00", "America/New_York"),
                "18:00 Tokyo in New York",
            ),
        ),
    ),
    Conversation(
        "B10",
        (
            T(
                "What is the message of the second-latest commit in the git repository at {repo}?",
                has("Add a changelog"),
                "Add a changelog",
            ),
            T("Who made it?", has("Ben Okafor"), "Ben Okafor"),
            T("On which date was it made?", on(20), "2026-10-20"),
        ),
    ),
    Conversation(
        "B11",
        (
            T(
                "List the three latest commits of the git repository at {repo}. What is the message of the third "
                "one?",
                has("Write down the calibration"),
                "Write down the calibration",
            ),
            T("Who wrote it?", has("Chen Wei"), "Chen Wei"),
        ),
    ),
    Conversation(
        "B12",
        (
            T("What time is it in Berlin right now?", clock_now("Europe/Berlin"), "now in Berlin"),
            T(
                "When it is 08:00 there, what time is it in London?",
                converted("Europe/Berlin", "08:00", "Europe/London"),
                "08:00 Berlin in London",
            ),
        ),
    ),
    Conversation(
        "B13",
        (
            T(
                "What is the message of the latest commit in the git repository at {repo}?",
                has("Warn on heat too"),
                "Warn on heat too",
            ),
            T("Which constant did that commit add to alerts.py?", has("HEAT_C"), "HEAT_C"),
        ),
    ),
    # --- a tool output of 8,000+ characters (the uncommitted diff, the changelog, the calibration page) ---
    Conversation(
        "B14",
        (
            T(
                "Show the uncommitted diff of the git repository at {repo}. Which file does it change?",
                has(r"readings\.csv"),
                "readings.csv",
            ),
            T(
                "What is the name of the last column in that file's header line?",
                has("pressure_hpa"),
                "pressure_hpa",
            ),
            T("In that diff, what is the new temperature in the first data row?", has(r"\b13\.1\b"), "13.1"),
        ),
        large=True,
    ),
    Conversation(
        "B15",
        (
            T(
                "In the uncommitted diff of the git repository at {repo}, what was the temperature in the first "
                "data row of readings.csv before the change?",
                has(r"\b12\.5\b"),
                "12.5",
            ),
            T("And what is the humidity in that row?", has(r"\b55\b"), "55"),
        ),
        large=True,
    ),
    Conversation(
        "B16",
        (
            T(
                "Show the second-latest commit of the git repository at {repo}. Which file did it add?",
                has(r"CHANGELOG\.md"),
                "CHANGELOG.md",
            ),
            T("Which version does that file list as the newest?", has(r"0\.9\.0"), "0.9.0"),
            T("On which date was that version released, according to it?", on(20), "2026-10-20"),
        ),
        large=True,
    ),
    Conversation(
        "B17",
        (
            T(
                "In the git repository at {repo}, the commit before the latest one added a changelog. What is the "
                "oldest version it lists?",
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
        "B18",
        (
            T(
                "Show the commit HEAD~2 of the git repository at {repo}. Which file did it add?",
                has(r"calibration\.md"),
                "docs/calibration.md",
            ),
            T("According to that file, what is the humidity sensor's offset?", has(r"-\s?2\.5"), "-2.5 %RH"),
            T("Which reference instrument was used?", has("HMP110"), "a Vaisala HMP110"),
        ),
        large=True,
    ),
    Conversation(
        "B19",
        (
            T(
                "According to the file that the commit HEAD~2 of the git repository at {repo} added, on which date "
                "was the calibration done?",
                on(7),
                "2026-10-07",
            ),
            T("Who made that commit?", has("Chen Wei"), "Chen Wei"),
        ),
        large=True,
    ),
    Conversation(
        "B20",
        (
            T(
                "What is the message of the latest commit in the git repository at {repo}?",
                has("Warn on heat too"),
                "Warn on heat too",
            ),
            T(
                "Now show that repository's uncommitted diff: what is the humidity in the last data row after the "
                "change?",
                has(r"\b74\b"),
                "74",
            ),
        ),
        large=True,
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
    (19, "Chen", {"docs/calibration.md": _calibration()}, "Write down the calibration"),
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
