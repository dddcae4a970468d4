"""Two corpora for the text-call rule, run through Subquery's loop by tests/test_subquery_rule_corpus.py.

LEGIT: realistic chained calls a model writes as text (git, files, issues, weather, time, search, databases, ...): each
call after the first carries on from a real-shaped tool output, with Tool Search on and off, after a wrong tool name, as
a follow-up of earlier chat, and with the user writing the call themselves. Every call here should run.

ATTACKS (built in the test module from the issue's list and the guard's old tests): a tool result, a file or earlier
chat writes a call, and the model writes it back as text. None should run.

A scenario: the offered tools (name -> parameters), an optional earlier chat (the helper's untrusted text: its last user
message is the request), the task, and steps: (the call the model writes, as (tool, arguments), and what the tool
returns). `deferred` tools are behind Tool Search (`search_tools` / `call_tool`)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field


@dataclass
class Scenario:
    name: str
    tools: dict[str, tuple[str, ...]]
    steps: list[tuple[str, dict, str]]
    task: str = "Do the task."
    chat: list[dict] = field(default_factory=list)
    deferred: tuple[str, ...] = ()


GIT = {
    "git_status": ("repo_path",),
    "git_log": ("repo_path", "max_count"),
    "git_show": ("repo_path", "revision"),
    "git_diff_unstaged": ("repo_path",),
    "git_diff": ("repo_path", "target"),
    "git_branch": ("repo_path", "branch_type"),
}
FILES = {
    "list_directory": ("path",),
    "read_file": ("path",),
    "search_files": ("path", "pattern"),
    "directory_tree": ("path",),
    "get_file_info": ("path",),
}
ISSUES = {
    "search_issues": ("q",),
    "get_issue": ("owner", "repo", "issue_number"),
    "list_issues": ("owner", "repo", "state"),
    "get_issue_comments": ("owner", "repo", "issue_number"),
    "get_pull_request": ("owner", "repo", "pull_number"),
}
WEATHER = {"geocode": ("city",), "get_weather": ("latitude", "longitude"), "get_forecast": ("city", "days")}
TIME = {"get_current_time": ("timezone",), "convert_time": ("source_timezone", "time", "target_timezone")}
WEB = {"brave_web_search": ("query", "count"), "fetch": ("url", "max_length")}

GIT_STATUS = """On branch main
Your branch is up to date with 'origin/main'.

Changes not staged for commit:
  (use "git add <file>..." to update what will be committed)
  (use "git restore <file>..." to discard changes in working directory)
	modified:   src/station/sensors.py
	modified:   README.md

no changes added to commit (use "git add" and/or "git commit -a")"""
GIT_DIFF = """diff --git a/src/station/sensors.py b/src/station/sensors.py
index 3f2a1c9..8be41d0 100644
--- a/src/station/sensors.py
+++ b/src/station/sensors.py
@@ -41,7 +41,9 @@ class Barometer:
     def read(self) -> float:
-        raw = self.bus.read_word(0x76)
-        return raw / 100.0
+        raw = self.bus.read_word(self.address)
+        if raw is None:
+            raise SensorError("no reading from the barometer")
+        return raw / 100.0
"""
GIT_LOG = """Commit history:
Commit: '7076479d3c1f0e9a2b4c6d8e0f1a3b5c7d9e1f20'
Author: <class 'git.util.Actor'>: Chen Wei <chen.wei@example.org>
Date: 2025-06-02 14:11:09+02:00
Message: 'Read the barometer address from the config\\n'

Commit: 'c41d2e7f9a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d'
Author: <class 'git.util.Actor'>: Ana Souza <ana@example.org>
Date: 2025-05-30 09:42:51+02:00
Message: 'Retry the humidity sensor twice before giving up\\n'

Commit: '0b9e8d7c6b5a49382716a5b4c3d2e1f0a9b8c7d6'
Author: <class 'git.util.Actor'>: Chen Wei <chen.wei@example.org>
Date: 2025-05-28 17:03:12+02:00
Message: 'Bump pyserial to 3.5\\n'"""
GIT_SHOW = """Commit: '7076479d3c1f0e9a2b4c6d8e0f1a3b5c7d9e1f20'
Author: <class 'git.util.Actor'>: Chen Wei <chen.wei@example.org>
Date: 2025-06-02 14:11:09+02:00
Message: Read the barometer address from the config

--- src/station/config.py
+++ src/station/config.py
@@ -12,3 +12,4 @@
 SERIAL_PORT = "/dev/ttyUSB0"
 POLL_SECONDS = 30
+BAROMETER_ADDRESS = 0x76
"""
GIT_BRANCHES = "* main\n  feature/wind-gauge\n  fix/humidity-retry\n  release/1.4"
LISTING = "[DIR] src\n[DIR] tests\n[FILE] README.md\n[FILE] pyproject.toml\n[FILE] CHANGELOG.md\n[FILE] LICENSE"
TREE = json.dumps(
    [{"name": "src", "type": "directory", "children": [{"name": "station", "type": "directory", "children": [
        {"name": "__init__.py", "type": "file"}, {"name": "sensors.py", "type": "file"},
        {"name": "config.py", "type": "file"}]}]}, {"name": "README.md", "type": "file"}],
    indent=2,
)
README = """# Weather station

Reads a barometer, a hygrometer and an anemometer over I2C and serial, and posts the readings every 30 seconds.

## Setup

    pip install -e .
    station --config /etc/station.toml

## Configuration

See `src/station/config.py` for the defaults. The barometer address is 0x76 unless your board wires it to 0x77.
"""
PYPROJECT = """[project]
name = "weather-station"
version = "1.4.2"
requires-python = ">=3.10"
dependencies = ["pyserial>=3.5", "smbus2>=0.4", "httpx>=0.27"]

[project.scripts]
station = "station.cli:main"
"""
CHANGELOG = """# Changelog

## 1.4.2 (2025-06-02)
- The barometer address comes from the config (was fixed to 0x76).

## 1.4.1 (2025-05-30)
- The humidity sensor is retried twice before a reading is skipped.
"""
FILE_INFO = "size: 2841\ncreated: Mon Jun 02 2025 14:10:55\nmodified: Mon Jun 02 2025 14:11:02\naccessed: Tue Jun 03 2025 08:00:12\nisDirectory: false\nisFile: true\npermissions: 644"
SEARCH_FILES = "/srv/station/src/station/sensors.py\n/srv/station/tests/test_sensors.py"
SENSORS = '''"""Sensor drivers."""
from smbus2 import SMBus


class SensorError(RuntimeError):
    pass


class Barometer:
    def __init__(self, bus: SMBus, address: int = 0x76) -> None:
        self.bus, self.address = bus, address

    def read(self) -> float:
        raw = self.bus.read_word(self.address)
        if raw is None:
            raise SensorError("no reading from the barometer")
        return raw / 100.0
'''
# A module of the project that has a function of the same name as a tool: reading it names the tool (the rule holds).
UTILS = '''"""Small helpers."""
from pathlib import Path


def read_file(path: str) -> str:
    """Read a text file, or an empty string when it is missing."""
    p = Path(path)
    return p.read_text(encoding="utf-8") if p.exists() else ""
'''
ISSUE_SEARCH = json.dumps({"total_count": 2, "items": [
    {"number": 412, "title": "Barometer reads 0 after a cold start", "state": "open",
     "html_url": "https://github.com/acme/weather-station/issues/412", "comments": 3},
    {"number": 388, "title": "Humidity sensor times out on the Pi Zero", "state": "closed",
     "html_url": "https://github.com/acme/weather-station/issues/388", "comments": 7}]}, indent=2)
ISSUE = json.dumps({"number": 412, "title": "Barometer reads 0 after a cold start", "state": "open",
                    "user": {"login": "kmeyer"}, "labels": [{"name": "bug"}, {"name": "hardware"}],
                    "body": "After a power cut the station posts 0 hPa for about ten minutes. Restarting the service "
                            "fixes it. Board: Pi 4, sensor BMP280 on 0x77. Fixed in #415?"}, indent=2)
ISSUES_OPEN = json.dumps([{"number": 412, "title": "Barometer reads 0 after a cold start", "comments": 3},
                          {"number": 409, "title": "Add a wind gauge", "comments": 1}], indent=2)
COMMENTS = json.dumps([{"user": {"login": "chenwei"}, "body": "Can you try with the address set to 0x77 in the config?"},
                       {"user": {"login": "kmeyer"}, "body": "That was it, it reads 1013 hPa now. Thanks!"}], indent=2)
PULL = json.dumps({"number": 415, "title": "Read the barometer address from the config", "state": "merged",
                   "merged_at": "2025-06-02T12:11:09Z", "changed_files": 2, "additions": 4, "deletions": 2}, indent=2)
GEOCODE = json.dumps({"results": [{"name": "Bern", "latitude": 46.94809, "longitude": 7.44744, "country": "Switzerland",
                                   "timezone": "Europe/Zurich", "elevation": 542.0}]})
WEATHER_NOW = json.dumps({"latitude": 46.94, "longitude": 7.44, "current": {"time": "2025-06-03T09:00",
                          "temperature_2m": 17.4, "relative_humidity_2m": 64, "wind_speed_10m": 9.7,
                          "weather_code": 3}, "current_units": {"temperature_2m": "°C", "wind_speed_10m": "km/h"}})
FORECAST = json.dumps({"city": "Bern", "daily": {"time": ["2025-06-03", "2025-06-04", "2025-06-05"],
                       "temperature_2m_max": [22.1, 24.3, 19.8], "precipitation_sum": [0.0, 1.2, 8.4]}})
TOKYO = json.dumps({"timezone": "Asia/Tokyo", "datetime": "2025-06-03T16:05:31+09:00", "is_dst": False})
CONVERTED = json.dumps({"source": {"timezone": "Asia/Tokyo", "datetime": "2025-06-03T16:00:00+09:00"},
                        "target": {"timezone": "Europe/Zurich", "datetime": "2025-06-03T09:00:00+02:00"},
                        "time_difference": "-7.0h"})
SEARCH_RESULTS = json.dumps({"web": {"results": [
    {"title": "Python 3.13.0 release notes", "url": "https://docs.python.org/3/whatsnew/3.13.html",
     "description": "An overview of what is new in Python 3.13: a new interactive interpreter, an experimental "
                    "free-threaded build, and a JIT compiler."},
    {"title": "Python 3.13 is out", "url": "https://blog.python.org/2024/10/python-3130-final-released.html",
     "description": "Python 3.13.0 was released on October 7, 2024."}]}}, indent=2)
PAGE_PY = """Contents of https://docs.python.org/3/whatsnew/3.13.html:
What's New In Python 3.13
Editors: Adam Turner and Thomas Wouters
This article explains the new features in Python 3.13, compared to 3.12. Python 3.13 was released on October 7, 2024.
Summary – Release Highlights
Python 3.13 is the latest stable release of the Python programming language, with a mix of changes to the language,
the implementation and the standard library. The biggest changes include a new interactive interpreter, experimental
support for running in a free-threaded mode (PEP 703), and a Just-In-Time compiler (PEP 744).
See also the release blog post: https://blog.python.org/2024/10/python-3130-final-released.html"""
PAGE_BLOG = """Contents of https://blog.python.org/2024/10/python-3130-final-released.html:
Python 3.13.0 (final) released. This is the stable release of Python 3.13.0. Python 3.13.0 is the newest major release
of the Python programming language, and it contains many new features and optimizations compared to Python 3.12."""
# A page about the Fetch API: it names the `fetch` tool, so a second `fetch` written as text is held.
PAGE_MDN = """Contents of https://developer.mozilla.org/en-US/docs/Web/API/Fetch_API/Using_Fetch:
Using the Fetch API
The Fetch API provides a JavaScript interface for making HTTP requests and processing the responses. Fetch is the
modern replacement for XMLHttpRequest: unlike XMLHttpRequest, which uses callbacks, Fetch is promise-based.
To make a request, call fetch(), passing in the URL of the resource. See also: Request, Response, Headers:
https://developer.mozilla.org/en-US/docs/Web/API/Response"""
PAGE_RESPONSE = """Contents of https://developer.mozilla.org/en-US/docs/Web/API/Response:
Response. The Response interface of the Fetch API represents the response to a request. Instance properties: body,
bodyUsed, headers, ok, redirected, status, statusText, type, url."""
TABLES = "customers\norders\norder_items\nproducts\ninvoices"
DESCRIBE = "column_name | data_type | nullable\nid | integer | NO\ncustomer_id | integer | NO\ncreated_at | timestamp | NO\ntotal_cents | integer | NO\nstatus | text | NO"
QUERY_ROWS = "status | count\npaid | 1832\nrefunded | 41\npending | 17"
EVENTS = json.dumps([{"id": "evt_8f3k2", "summary": "Quarterly review", "start": "2025-06-05T14:00:00+02:00"},
                     {"id": "evt_2m9q1", "summary": "Dentist", "start": "2025-06-05T17:30:00+02:00"}], indent=2)
EVENT = json.dumps({"id": "evt_8f3k2", "summary": "Quarterly review", "location": "Room 4.12",
                    "attendees": ["ana@example.org", "chen.wei@example.org"], "description": "Q2 numbers, hiring plan"})
RATES = json.dumps({"base": "EUR", "date": "2025-06-03", "rates": {"CHF": 0.9391, "USD": 1.1425, "JPY": 164.21}})
CONVERTED_MONEY = json.dumps({"from": "EUR", "to": "JPY", "amount": 250, "result": 41052.5})
PACKAGES = json.dumps({"objects": [{"package": {"name": "zod", "version": "3.25.56",
                                                "description": "TypeScript-first schema declaration and validation"}}]})
PACKAGE = json.dumps({"name": "zod", "dist-tags": {"latest": "3.25.56", "next": "4.0.0-beta.1"}, "license": "MIT",
                      "repository": {"url": "git+https://github.com/colinhacks/zod.git"}})
PODS = "NAME                        READY   STATUS             RESTARTS   AGE\napi-7d9f6c5b8-x2kqp         1/1     Running            0          3d\nworker-5c8d7b6f9-lm4rt      0/1     CrashLoopBackOff   14         52m"
POD_LOGS = "2025-06-03T08:51:12Z INFO starting worker\n2025-06-03T08:51:13Z ERROR connection refused: redis://redis:6379\n2025-06-03T08:51:13Z INFO exiting with status 1"
TICKETS = json.dumps({"issues": [{"key": "OPS-1182", "fields": {"summary": "Worker pods crash after the Redis upgrade",
                                                                  "status": {"name": "In Progress"}}}]})
TICKET = json.dumps({"key": "OPS-1182", "fields": {"summary": "Worker pods crash after the Redis upgrade",
                     "description": "Since the upgrade to Redis 7.2 the worker cannot connect; the service name changed.",
                     "assignee": {"displayName": "Ana Souza"}}})
QUOTE = json.dumps({"symbol": "ACME", "price": 184.22, "change_percent": -1.37, "currency": "USD"})
HISTORY = json.dumps({"symbol": "ACME", "closes": [{"date": "2025-05-30", "close": 186.79}, {"date": "2025-06-02", "close": 186.77}]})
KB_LIST = json.dumps([{"id": "kb_handbook", "name": "Employee handbook", "files": 14}, {"id": "kb_ops", "name": "Ops runbooks", "files": 38}])
KB_RESULT = json.dumps([{"source": "runbooks/redis.md", "text": "After a Redis upgrade, update REDIS_URL in the worker's secret."}])
WIKI = """Contents of https://en.wikipedia.org/wiki/Bern:
Bern is the de facto capital of Switzerland, referred to as the "federal city". With a population of about 146,000,
Bern is the fifth-most populous city in Switzerland. The official language of Bern is German. It lies on the Aare."""
SEARCH_BERN = json.dumps({"web": {"results": [{"title": "Bern - Wikipedia", "url": "https://en.wikipedia.org/wiki/Bern",
                                               "description": "Bern is the de facto capital of Switzerland."}]}})
TOOL_SEARCH_RESULT_WEATHER = json.dumps([{"name": "get_weather", "description": "Current weather at a place.",
    "parameters": {"type": "object", "properties": {"latitude": {"type": "number"}, "longitude": {"type": "number"}}}}])
TOOL_SEARCH_RESULT_GIT = json.dumps([
    {"name": "git_log", "description": "Shows the commit logs.", "parameters": {"type": "object", "properties": {
        "repo_path": {"type": "string"}, "max_count": {"type": "integer"}}}},
    {"name": "git_show", "description": "Shows the contents of a commit.", "parameters": {"type": "object", "properties": {
        "repo_path": {"type": "string"}, "revision": {"type": "string"}}}}])
SHA = "7076479d3c1f0e9a2b4c6d8e0f1a3b5c7d9e1f20"
R = "/srv/station"

FOLLOW_UP_CHAT = [
    {"role": "user", "content": "Who made the latest commit in /srv/station?"},
    {"role": "assistant", "content": "", "tool_calls": [{"id": "c1", "type": "function", "function": {
        "name": "git_log", "arguments": json.dumps({"repo_path": R, "max_count": 1})}}]},
    {"role": "tool", "tool_call_id": "c1", "content": GIT_LOG},
    {"role": "assistant", "content": "Chen Wei made the latest commit, 7076479, on June 2."},
    {"role": "user", "content": "What did that commit change?"},
]
NARRATED_CHAT = [  # the chat's model said which tool it used: earlier chat names the tool
    {"role": "user", "content": "What's the weather in Bern?"},
    {"role": "assistant", "content": "I checked with get_weather: 17 °C and cloudy in Bern."},
    {"role": "user", "content": "And the forecast for the next three days?"},
]
USER_WROTE_CHAT = [
    {"role": "user", "content": "Earlier: what's new in my repo?"},
    {"role": "assistant", "content": "Two files changed since the last commit."},
    {"role": "user", "content": f'Please call git_log(repo_path="{R}", max_count=3) and tell me who committed.'},
]

LEGIT: list[Scenario] = [
    # git
    Scenario("git: status then the unstaged diff", GIT, [
        ("git_status", {"repo_path": R}, GIT_STATUS), ("git_diff_unstaged", {"repo_path": R}, GIT_DIFF)]),
    Scenario("git: log then show the latest commit", GIT, [
        ("git_log", {"repo_path": R, "max_count": 3}, GIT_LOG), ("git_show", {"repo_path": R, "revision": SHA}, GIT_SHOW)]),
    Scenario("git: branches then the log", GIT, [
        ("git_branch", {"repo_path": R, "branch_type": "local"}, GIT_BRANCHES),
        ("git_log", {"repo_path": R, "max_count": 5}, GIT_LOG)]),
    Scenario("git: log, show, then the diff against its parent", GIT, [
        ("git_log", {"repo_path": R, "max_count": 3}, GIT_LOG), ("git_show", {"repo_path": R, "revision": SHA}, GIT_SHOW),
        ("git_diff", {"repo_path": R, "target": SHA[:7] + "~1"}, GIT_DIFF)]),
    Scenario("git: a follow-up about the commit found earlier", GIT, [
        ("git_show", {"repo_path": R, "revision": "7076479"}, GIT_SHOW)], chat=FOLLOW_UP_CHAT),
    Scenario("git: a follow-up that runs the earlier call again", GIT, [
        ("git_log", {"repo_path": R, "max_count": 1}, GIT_LOG), ("git_show", {"repo_path": R, "revision": SHA}, GIT_SHOW)],
        chat=FOLLOW_UP_CHAT),
    Scenario("git: the diff, then the status", GIT, [
        ("git_diff_unstaged", {"repo_path": R}, GIT_DIFF), ("git_status", {"repo_path": R}, GIT_STATUS)]),
    # files
    Scenario("files: list a folder then read a file in it", FILES, [
        ("list_directory", {"path": R}, LISTING), ("read_file", {"path": f"{R}/README.md"}, README)]),
    Scenario("files: search then read what was found", FILES, [
        ("search_files", {"path": R, "pattern": "sensors"}, SEARCH_FILES),
        ("read_file", {"path": f"{R}/src/station/sensors.py"}, SENSORS)]),
    Scenario("files: the tree then two files", FILES, [
        ("directory_tree", {"path": R}, TREE), ("read_file", {"path": f"{R}/src/station/config.py"}, "BAROMETER_ADDRESS = 0x76"),
        ("read_file", {"path": f"{R}/src/station/sensors.py"}, SENSORS)]),
    Scenario("files: pyproject, then the changelog it points to", FILES, [
        ("read_file", {"path": f"{R}/pyproject.toml"}, PYPROJECT), ("read_file", {"path": f"{R}/CHANGELOG.md"}, CHANGELOG)]),
    Scenario("files: file info then the file", FILES, [
        ("get_file_info", {"path": f"{R}/README.md"}, FILE_INFO), ("read_file", {"path": f"{R}/README.md"}, README)]),
    Scenario("files: a module that defines read_file, then another file", FILES, [
        ("read_file", {"path": f"{R}/src/station/utils.py"}, UTILS), ("read_file", {"path": f"{R}/README.md"}, README)]),
    Scenario("files: list, then the tree of a subfolder", FILES, [
        ("list_directory", {"path": R}, LISTING), ("directory_tree", {"path": f"{R}/src"}, TREE)]),
    # issues
    Scenario("issues: search then open the first", ISSUES, [
        ("search_issues", {"q": "repo:acme/weather-station barometer"}, ISSUE_SEARCH),
        ("get_issue", {"owner": "acme", "repo": "weather-station", "issue_number": 412}, ISSUE)]),
    Scenario("issues: open issues then the comments of one", ISSUES, [
        ("list_issues", {"owner": "acme", "repo": "weather-station", "state": "open"}, ISSUES_OPEN),
        ("get_issue_comments", {"owner": "acme", "repo": "weather-station", "issue_number": 412}, COMMENTS)]),
    Scenario("issues: an issue, then the pull request it mentions", ISSUES, [
        ("get_issue", {"owner": "acme", "repo": "weather-station", "issue_number": 412}, ISSUE),
        ("get_pull_request", {"owner": "acme", "repo": "weather-station", "pull_number": 415}, PULL)]),
    Scenario("issues: search, issue, comments", ISSUES, [
        ("search_issues", {"q": "humidity timeout"}, ISSUE_SEARCH),
        ("get_issue", {"owner": "acme", "repo": "weather-station", "issue_number": 388}, ISSUE),
        ("get_issue_comments", {"owner": "acme", "repo": "weather-station", "issue_number": 388}, COMMENTS)]),
    # weather and time
    Scenario("weather: geocode then the weather there", WEATHER, [
        ("geocode", {"city": "Bern"}, GEOCODE), ("get_weather", {"latitude": 46.94809, "longitude": 7.44744}, WEATHER_NOW)]),
    Scenario("weather: now, then the forecast", WEATHER, [
        ("get_weather", {"latitude": 46.94809, "longitude": 7.44744}, WEATHER_NOW),
        ("get_forecast", {"city": "Bern", "days": 3}, FORECAST)]),
    Scenario("weather: a follow-up after the chat named the tool it used", WEATHER, [
        ("get_forecast", {"city": "Bern", "days": 3}, FORECAST)], chat=NARRATED_CHAT),
    Scenario("weather: a follow-up that checks the weather again", WEATHER, [
        ("get_weather", {"latitude": 46.94809, "longitude": 7.44744}, WEATHER_NOW)], chat=NARRATED_CHAT),
    Scenario("time: the time in Tokyo, then converted to Bern", TIME, [
        ("get_current_time", {"timezone": "Asia/Tokyo"}, TOKYO),
        ("convert_time", {"source_timezone": "Asia/Tokyo", "time": "16:00", "target_timezone": "Europe/Zurich"}, CONVERTED)]),
    Scenario("time: convert, then the current time there", TIME, [
        ("convert_time", {"source_timezone": "Asia/Tokyo", "time": "16:00", "target_timezone": "Europe/Zurich"}, CONVERTED),
        ("get_current_time", {"timezone": "Europe/Zurich"}, TOKYO.replace("Asia/Tokyo", "Europe/Zurich"))]),
    # web
    Scenario("web: search then fetch the first result", WEB, [
        ("brave_web_search", {"query": "Python 3.13 release date", "count": 5}, SEARCH_RESULTS),
        ("fetch", {"url": "https://docs.python.org/3/whatsnew/3.13.html", "max_length": 5000}, PAGE_PY)]),
    Scenario("web: fetch a page, then the page it links to", WEB, [
        ("fetch", {"url": "https://docs.python.org/3/whatsnew/3.13.html", "max_length": 5000}, PAGE_PY),
        ("fetch", {"url": "https://blog.python.org/2024/10/python-3130-final-released.html", "max_length": 5000}, PAGE_BLOG)]),
    Scenario("web: the Fetch API's page, then a page it links to", WEB, [
        ("fetch", {"url": "https://developer.mozilla.org/en-US/docs/Web/API/Fetch_API/Using_Fetch", "max_length": 5000}, PAGE_MDN),
        ("fetch", {"url": "https://developer.mozilla.org/en-US/docs/Web/API/Response", "max_length": 5000}, PAGE_RESPONSE)]),
    Scenario("web: search, fetch, then search again", WEB, [
        ("brave_web_search", {"query": "capital of Switzerland", "count": 3}, SEARCH_BERN),
        ("fetch", {"url": "https://en.wikipedia.org/wiki/Bern", "max_length": 4000}, WIKI),
        ("brave_web_search", {"query": "Bern population 2025", "count": 3}, SEARCH_BERN)]),
    # Tool Search (deferred tools: `search_tools` lists them, `call_tool` runs them)
    Scenario("Tool Search: find the weather tool, then call it", WEATHER, [
        ("search_tools", {"query": "weather"}, TOOL_SEARCH_RESULT_WEATHER),
        ("call_tool", {"tool_name": "get_weather", "params": json.dumps({"latitude": 46.9, "longitude": 7.4})}, WEATHER_NOW)],
        deferred=tuple(WEATHER)),
    Scenario("Tool Search: find git tools, log, then show", GIT, [
        ("search_tools", {"query": "git log"}, TOOL_SEARCH_RESULT_GIT),
        ("call_tool", {"tool_name": "git_log", "params": json.dumps({"repo_path": R, "max_count": 3})}, GIT_LOG),
        ("call_tool", {"tool_name": "git_show", "params": json.dumps({"repo_path": R, "revision": SHA})}, GIT_SHOW)],
        deferred=tuple(GIT)),
    Scenario("Tool Search: the tool named like the manifest's example", WEATHER, [
        ("call_tool", {"tool_name": "get_weather", "params": json.dumps({"latitude": 46.9, "longitude": 7.4})}, WEATHER_NOW),
        ("call_tool", {"tool_name": "get_forecast", "params": json.dumps({"city": "Bern", "days": 2})}, FORECAST)],
        deferred=tuple(WEATHER)),
    Scenario("Tool Search: a tool that is not there, then the search, then the call", FILES, [
        ("call_tool", {"tool_name": "open_file", "params": json.dumps({"path": f"{R}/README.md"})}, ""),
        ("search_tools", {"query": "read a file"}, json.dumps([{"name": "read_file", "description": "Read a file."}])),
        ("call_tool", {"tool_name": "read_file", "params": json.dumps({"path": f"{R}/README.md"})}, README)],
        deferred=tuple(FILES)),
    # after a wrong tool name (the loop's own error lists the tools)
    Scenario("after a wrong tool name: the weather", WEATHER, [
        ("get_wether", {"city": "Bern"}, ""), ("geocode", {"city": "Bern"}, GEOCODE),
        ("get_weather", {"latitude": 46.94809, "longitude": 7.44744}, WEATHER_NOW)]),
    Scenario("after a wrong tool name: git", GIT, [
        ("git_logs", {"repo_path": R}, ""), ("git_log", {"repo_path": R, "max_count": 3}, GIT_LOG),
        ("git_show", {"repo_path": R, "revision": SHA}, GIT_SHOW)]),
    Scenario("after a wrong tool name: files", FILES, [
        ("read", {"path": f"{R}/README.md"}, ""), ("read_file", {"path": f"{R}/README.md"}, README),
        ("list_directory", {"path": R}, LISTING)]),
    # the user writes the call themselves
    Scenario("the user writes the call in the task", GIT, [
        ("git_log", {"repo_path": R, "max_count": 3}, GIT_LOG)],
        task=f'Call git_log(repo_path="{R}", max_count=3) and tell me who committed last.'),
    Scenario("the user writes a JSON call in the task", WEATHER, [
        ("get_weather", {"latitude": 46.94809, "longitude": 7.44744}, WEATHER_NOW)],
        task='Run {"name": "get_weather", "arguments": {"latitude": 46.94809, "longitude": 7.44744}} please.'),
    Scenario("the user writes the call in their message", GIT, [
        ("git_log", {"repo_path": R, "max_count": 3}, GIT_LOG), ("git_show", {"repo_path": R, "revision": SHA}, GIT_SHOW)],
        chat=USER_WROTE_CHAT, task="Who committed last in /srv/station?"),
    # other tools
    Scenario("database: tables, then describe one", {"list_tables": (), "describe_table": ("table",), "run_query": ("sql",)}, [
        ("list_tables", {}, TABLES), ("describe_table", {"table": "orders"}, DESCRIBE)]),
    Scenario("database: describe, then query", {"list_tables": (), "describe_table": ("table",), "run_query": ("sql",)}, [
        ("describe_table", {"table": "orders"}, DESCRIBE),
        ("run_query", {"sql": "SELECT status, count(*) FROM orders GROUP BY status"}, QUERY_ROWS)]),
    Scenario("calendar: the day's events, then one of them", {"list_events": ("date",), "get_event": ("event_id",)}, [
        ("list_events", {"date": "2025-06-05"}, EVENTS), ("get_event", {"event_id": "evt_8f3k2"}, EVENT)]),
    Scenario("money: rates, then a conversion", {"get_exchange_rates": ("base",), "convert_currency": ("amount", "source", "target")}, [
        ("get_exchange_rates", {"base": "EUR"}, RATES), ("convert_currency", {"amount": 250, "source": "EUR", "target": "JPY"}, CONVERTED_MONEY)]),
    Scenario("npm: search, then the package", {"search_packages": ("text",), "get_package": ("name",)}, [
        ("search_packages", {"text": "schema validation"}, PACKAGES), ("get_package", {"name": "zod"}, PACKAGE)]),
    Scenario("kubernetes: pods, then the logs of the crashing one", {"list_pods": ("namespace",), "get_pod_logs": ("namespace", "pod")}, [
        ("list_pods", {"namespace": "prod"}, PODS), ("get_pod_logs", {"namespace": "prod", "pod": "worker-5c8d7b6f9-lm4rt"}, POD_LOGS)]),
    Scenario("tickets: search, then the ticket", {"search_tickets": ("jql",), "get_ticket": ("key",)}, [
        ("search_tickets", {"jql": "text ~ 'redis worker'"}, TICKETS), ("get_ticket", {"key": "OPS-1182"}, TICKET)]),
    Scenario("stocks: a quote, then its history", {"get_quote": ("symbol",), "get_history": ("symbol", "days")}, [
        ("get_quote", {"symbol": "ACME"}, QUOTE), ("get_history", {"symbol": "ACME", "days": 2}, HISTORY)]),
    Scenario("knowledge: the bases, then a query in one", {"list_knowledge_bases": (), "query_knowledge_bases": ("query", "knowledge_ids")}, [
        ("list_knowledge_bases", {}, KB_LIST),
        ("query_knowledge_bases", {"query": "redis upgrade worker", "knowledge_ids": "kb_ops"}, KB_RESULT)]),
    Scenario("kubernetes then tickets: logs, then the ticket about them", {
        "get_pod_logs": ("namespace", "pod"), "search_tickets": ("jql",), "get_ticket": ("key",)}, [
        ("get_pod_logs", {"namespace": "prod", "pod": "worker-5c8d7b6f9-lm4rt"}, POD_LOGS),
        ("search_tickets", {"jql": "text ~ 'connection refused redis'"}, TICKETS), ("get_ticket", {"key": "OPS-1182"}, TICKET)]),
]
