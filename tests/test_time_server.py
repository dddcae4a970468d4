"""Tests for scripts/time_server.py, the OpenAPI time tool server used as an Open WebUI tool server."""

import importlib.util
import socket
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "time_server.py"


def _load_module():
    spec = importlib.util.spec_from_file_location("time_server", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules["time_server"] = module
    spec.loader.exec_module(module)
    return module


ts = _load_module()

# Saturday 2026-11-21 12:00 UTC: Tokyo is UTC+9 (no DST), Berlin UTC+1 (CET, winter time).
FIXED_NOW = datetime(2026, 11, 21, 12, 0, 0, tzinfo=UTC)
FIXED_EPOCH = 1795262400

EXPECTED_OPERATIONS = {
    "get_current_utc_time": ("/get_current_utc_time", "get"),
    "get_current_time_in_zone": ("/get_current_time_in_zone", "post"),
    "format_time": ("/format_time", "post"),
    "convert_time": ("/convert_time", "post"),
    "elapsed_time": ("/elapsed_time", "post"),
    "parse_timestamp": ("/parse_timestamp", "post"),
    "list_time_zones": ("/list_time_zones", "get"),
}


@pytest.fixture(autouse=True)
def _no_fixed_now_env(monkeypatch):
    monkeypatch.delenv(ts.FIXED_NOW_ENV, raising=False)


def _client(app) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t")


@pytest.fixture
async def client():
    app = ts.create_app()
    app.state.clock = lambda: FIXED_NOW
    async with _client(app) as c:
        yield c


async def _ok(client: httpx.AsyncClient, path: str, body: dict | None = None, **params) -> dict:
    if body is None:
        response = await client.get(path, params=params)
    else:
        response = await client.post(path, json=body)
    assert response.status_code == 200, response.text
    return response.json()


# --------------------------------------------------------------------------- happy paths


async def test_get_current_utc_time(client):
    data = await _ok(client, "/get_current_utc_time")
    assert data == {
        "utc_time": "2026-11-21T12:00:00+00:00",
        "unix_timestamp": FIXED_EPOCH,
        "weekday": "Saturday",
    }


async def test_get_current_time_in_zone_tokyo(client):
    data = await _ok(client, "/get_current_time_in_zone", {"timezone": "Asia/Tokyo"})
    assert data == {
        "timezone": "Asia/Tokyo",
        "local_time": "2026-11-21T21:00:00+09:00",
        "utc_time": "2026-11-21T12:00:00+00:00",
        "utc_offset": "+09:00",
        "utc_offset_hours": 9.0,
        "abbreviation": "JST",
        "is_dst": False,
        "weekday": "Saturday",
    }


async def test_get_current_time_in_zone_fractional_and_negative_offsets(client):
    kolkata = await _ok(client, "/get_current_time_in_zone", {"timezone": "Asia/Kolkata"})
    assert (kolkata["utc_offset"], kolkata["utc_offset_hours"]) == ("+05:30", 5.5)
    assert kolkata["local_time"] == "2026-11-21T17:30:00+05:30"
    new_york = await _ok(client, "/get_current_time_in_zone", {"timezone": "America/New_York"})
    assert (new_york["utc_offset"], new_york["utc_offset_hours"], new_york["abbreviation"]) == (
        "-05:00",
        -5.0,
        "EST",
    )


async def test_zone_names_are_matched_case_insensitively(client):
    data = await _ok(client, "/get_current_time_in_zone", {"timezone": " asia/TOKYO "})
    assert data["timezone"] == "Asia/Tokyo"
    assert data["local_time"] == "2026-11-21T21:00:00+09:00"


async def test_format_time_in_zone(client):
    data = await _ok(client, "/format_time", {"timezone": "Europe/Berlin", "format": "%A %d %B %Y, %H:%M %Z"})
    assert data == {
        "timezone": "Europe/Berlin",
        "format": "%A %d %B %Y, %H:%M %Z",
        "formatted": "Saturday 21 November 2026, 13:00 CET",
        "local_time": "2026-11-21T13:00:00+01:00",
    }


async def test_format_time_defaults_to_utc(client):
    data = await _ok(client, "/format_time", {})
    assert data["timezone"] == "UTC"
    assert data["formatted"] == "2026-11-21 12:00:00"


async def test_convert_time_tokyo_berlin_winter_is_eight_hours(client):
    data = await _ok(
        client,
        "/convert_time",
        {"timestamp": "2026-11-21T12:00:00", "from_tz": "Europe/Berlin", "to_tz": "Asia/Tokyo"},
    )
    assert data == {
        "from_tz": "Europe/Berlin",
        "to_tz": "Asia/Tokyo",
        "source_time": "2026-11-21T12:00:00+01:00",
        "converted_time": "2026-11-21T20:00:00+09:00",
        "utc_time": "2026-11-21T11:00:00+00:00",
        "from_utc_offset": "+01:00",
        "to_utc_offset": "+09:00",
        "from_utc_offset_hours": 1.0,
        "to_utc_offset_hours": 9.0,
        "offset_difference_hours": 8.0,
        "from_abbreviation": "CET",
        "to_abbreviation": "JST",
    }


async def test_convert_time_reverse_direction_is_negative(client):
    data = await _ok(
        client,
        "/convert_time",
        {"timestamp": "2026-11-21 21:00", "from_tz": "Asia/Tokyo", "to_tz": "Europe/Berlin"},
    )
    assert data["converted_time"] == "2026-11-21T13:00:00+01:00"
    assert data["offset_difference_hours"] == -8.0


async def test_convert_time_defaults_to_now(client):
    data = await _ok(client, "/convert_time", {"from_tz": "Europe/Berlin", "to_tz": "Asia/Tokyo"})
    assert data["source_time"] == "2026-11-21T13:00:00+01:00"
    assert data["converted_time"] == "2026-11-21T21:00:00+09:00"
    assert data["offset_difference_hours"] == 8.0


async def test_convert_time_is_dst_aware_in_july(client):
    data = await _ok(
        client,
        "/convert_time",
        {"timestamp": "2026-07-15T12:00:00", "from_tz": "Europe/Berlin", "to_tz": "Asia/Tokyo"},
    )
    assert data["source_time"] == "2026-07-15T12:00:00+02:00"
    assert data["from_utc_offset"] == "+02:00"
    assert data["from_utc_offset_hours"] == 2.0
    assert data["from_abbreviation"] == "CEST"
    assert data["converted_time"] == "2026-07-15T19:00:00+09:00"
    assert data["offset_difference_hours"] == 7.0


@pytest.mark.parametrize(
    ("instant", "berlin_offset", "new_york_offset"),
    [
        ("2026-10-24T12:00:00Z", "+02:00", "-04:00"),  # before Berlin's DST end (25 Oct)
        ("2026-10-26T12:00:00Z", "+01:00", "-04:00"),  # Berlin back to CET, New York still on EDT
        ("2026-11-02T12:00:00Z", "+01:00", "-05:00"),  # New York back to EST (1 Nov)
    ],
)
async def test_convert_time_offsets_follow_dst_transitions(client, instant, berlin_offset, new_york_offset):
    data = await _ok(
        client,
        "/convert_time",
        {"timestamp": instant, "from_tz": "Europe/Berlin", "to_tz": "America/New_York"},
    )
    assert data["utc_time"] == datetime.fromisoformat(instant).isoformat()
    assert data["from_utc_offset"] == berlin_offset
    assert data["to_utc_offset"] == new_york_offset


async def test_convert_time_explicit_offset_is_an_absolute_instant(client):
    data = await _ok(
        client,
        "/convert_time",
        {"timestamp": "2026-11-21T12:00:00Z", "from_tz": "Asia/Tokyo", "to_tz": "UTC"},
    )
    assert data["source_time"] == "2026-11-21T21:00:00+09:00"
    assert data["converted_time"] == "2026-11-21T12:00:00+00:00"
    assert data["offset_difference_hours"] == -9.0


async def test_elapsed_time_in_requested_units(client):
    data = await _ok(
        client,
        "/elapsed_time",
        {"start": "2026-11-21T08:00:00Z", "end": "2026-11-21T20:30:00+09:00", "units": "hours"},
    )
    assert data == {
        "start_utc": "2026-11-21T08:00:00+00:00",
        "end_utc": "2026-11-21T11:30:00+00:00",
        "units": "hours",
        "elapsed": 3.5,
        "seconds": 12600.0,
        "minutes": 210.0,
        "hours": 3.5,
        "days": pytest.approx(0.145833, abs=1e-6),
    }


async def test_elapsed_time_end_defaults_to_now_and_can_be_negative(client):
    data = await _ok(client, "/elapsed_time", {"start": "2026-11-20T12:00:00Z", "units": "days"})
    assert data["end_utc"] == "2026-11-21T12:00:00+00:00"
    assert data["elapsed"] == 1.0
    back = await _ok(
        client, "/elapsed_time", {"start": "2026-11-21T12:00:00Z", "end": "2026-11-21T11:59:00Z"}
    )
    assert (back["units"], back["elapsed"], back["minutes"]) == ("seconds", -60.0, -1.0)


async def test_elapsed_time_reads_naive_timestamps_in_given_zone(client):
    data = await _ok(
        client, "/elapsed_time", {"start": "2026-11-21 08:00", "timezone": "Asia/Tokyo", "units": "hours"}
    )
    assert data["start_utc"] == "2026-11-20T23:00:00+00:00"
    assert data["elapsed"] == 13.0


@pytest.mark.parametrize(
    ("timestamp", "zone", "utc_time", "interpretation"),
    [
        ("2026-11-21T21:00:00+09:00", "UTC", "2026-11-21T12:00:00+00:00", "explicit UTC offset"),
        ("2026-11-21T12:00:00Z", "Asia/Tokyo", "2026-11-21T12:00:00+00:00", "explicit UTC offset"),
        ("2026-11-21T12:00:00", "UTC", "2026-11-21T12:00:00+00:00", "no offset"),
        ("2026-11-21 13:00", "Europe/Berlin", "2026-11-21T12:00:00+00:00", "Europe/Berlin"),
        ("2026-07-01 14:00", "Europe/Berlin", "2026-07-01T12:00:00+00:00", "Europe/Berlin"),
        ("2026-11-21", "UTC", "2026-11-21T00:00:00+00:00", "no offset"),
        ("2026-11-21 12:00 PM", "UTC", "2026-11-21T12:00:00+00:00", "no offset"),
        ("2026/11/21 21:00", "Asia/Tokyo", "2026-11-21T12:00:00+00:00", "Asia/Tokyo"),
        ("21 Nov 2026 12:00", "UTC", "2026-11-21T12:00:00+00:00", "no offset"),
        ("November 21, 2026", "UTC", "2026-11-21T00:00:00+00:00", "no offset"),
        ("2026-11-21 12:00 UTC", "Asia/Tokyo", "2026-11-21T12:00:00+00:00", "in UTC"),
        ("Sat, 21 Nov 2026 21:00:00 +0900", "UTC", "2026-11-21T12:00:00+00:00", "explicit UTC offset"),
        (str(FIXED_EPOCH), "Asia/Tokyo", "2026-11-21T12:00:00+00:00", "unix epoch seconds"),
        ("1795262400.5", "UTC", "2026-11-21T12:00:00.500000+00:00", "unix epoch seconds"),
        ("now", "UTC", "2026-11-21T12:00:00+00:00", "current time"),
    ],
)
async def test_parse_timestamp(client, timestamp, zone, utc_time, interpretation):
    data = await _ok(client, "/parse_timestamp", {"timestamp": timestamp, "timezone": zone})
    assert data["input"] == timestamp
    assert data["utc_time"] == utc_time
    assert data["unix_timestamp"] == int(datetime.fromisoformat(utc_time).timestamp())
    assert interpretation in data["interpretation"]


async def test_parse_timestamp_defaults_to_utc(client):
    data = await _ok(client, "/parse_timestamp", {"timestamp": "2026-11-21 12:00"})
    assert data["utc_time"] == "2026-11-21T12:00:00+00:00"
    assert data["unix_timestamp"] == FIXED_EPOCH


async def test_list_time_zones_all(client):
    data = await _ok(client, "/list_time_zones")
    zones = data["timezones"]
    assert data["prefix"] == ""
    assert data["count"] == len(zones) > 300
    assert zones == sorted(zones)
    assert {"Asia/Tokyo", "Europe/Berlin", "America/New_York", "UTC"} <= set(zones)
    assert "localtime" not in zones and "Factory" not in zones


async def test_list_time_zones_prefix_filter_is_case_insensitive(client):
    data = await _ok(client, "/list_time_zones", prefix="Europe/")
    assert data["prefix"] == "Europe/"
    assert "Europe/Berlin" in data["timezones"]
    assert all(name.startswith("Europe/") for name in data["timezones"])
    assert data["count"] == len(data["timezones"]) > 30
    lower = await _ok(client, "/list_time_zones", prefix="europe/")
    assert lower["timezones"] == data["timezones"]
    none = await _ok(client, "/list_time_zones", prefix="Atlantis/")
    assert (none["count"], none["timezones"]) == (0, [])


# --------------------------------------------------------------------------- error paths


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/get_current_time_in_zone", {"timezone": "Mars/Olympus_Mons"}),
        ("/format_time", {"timezone": "Mars/Olympus_Mons"}),
        ("/convert_time", {"from_tz": "Europe/Berlin", "to_tz": "Mars/Olympus_Mons"}),
        ("/convert_time", {"from_tz": "Mars/Olympus_Mons", "to_tz": "Asia/Tokyo"}),
        ("/elapsed_time", {"start": "2026-11-21T08:00:00Z", "timezone": "Mars/Olympus_Mons"}),
        ("/parse_timestamp", {"timestamp": "now", "timezone": "Mars/Olympus_Mons"}),
    ],
)
async def test_unknown_zone_is_400_with_message(client, path, body):
    response = await client.post(path, json=body)
    assert response.status_code == 400
    detail = response.json()["detail"]
    assert "Unknown time zone 'Mars/Olympus_Mons'" in detail
    assert "IANA" in detail and "list_time_zones" in detail


@pytest.mark.parametrize(
    ("name", "suggestion"),
    [("Tokyo", "Asia/Tokyo"), ("Europe/Berlim", "Europe/Berlin"), ("New York", "America/New_York")],
)
async def test_unknown_zone_suggests_close_names(client, name, suggestion):
    response = await client.post("/get_current_time_in_zone", json={"timezone": name})
    assert response.status_code == 400
    assert "Did you mean" in response.json()["detail"]
    assert suggestion in response.json()["detail"]


@pytest.mark.parametrize("name", ["", "../../../../etc/passwd", "/etc/localtime", "localtime", "Europe"])
async def test_non_zone_names_are_rejected(client, name):
    response = await client.post("/get_current_time_in_zone", json={"timezone": name})
    assert response.status_code == 400
    assert "Unknown time zone" in response.json()["detail"]


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/parse_timestamp", {"timestamp": "not a time"}),
        ("/parse_timestamp", {"timestamp": "2026-13-45T25:61:00"}),
        ("/parse_timestamp", {"timestamp": "   "}),
        ("/parse_timestamp", {"timestamp": "99999999999999999999"}),
        ("/convert_time", {"timestamp": "tomorrowish", "from_tz": "UTC", "to_tz": "Asia/Tokyo"}),
        ("/elapsed_time", {"start": "2026-11-21T08:00:00Z", "end": "yesterday"}),
        ("/elapsed_time", {"start": "31/02/2026"}),
    ],
)
async def test_bad_timestamp_is_400_with_message(client, path, body):
    response = await client.post(path, json=body)
    assert response.status_code == 400
    detail = response.json()["detail"]
    assert detail.startswith("Could not parse timestamp")
    assert "ISO 8601" in detail


async def test_missing_required_field_is_a_validation_error(client):
    response = await client.post("/convert_time", json={"from_tz": "UTC"})
    assert response.status_code == 422
    response = await client.post("/elapsed_time", json={"start": "now", "units": "weeks"})
    assert response.status_code == 422


# --------------------------------------------------------------------------- clock injection


async def test_clock_can_be_passed_to_create_app():
    app = ts.create_app(clock=lambda: datetime(2026, 7, 15, 10, 0, tzinfo=UTC))
    async with _client(app) as c:
        data = await _ok(c, "/get_current_time_in_zone", {"timezone": "Europe/Berlin"})
    assert data["local_time"] == "2026-07-15T12:00:00+02:00"
    assert (data["abbreviation"], data["is_dst"]) == ("CEST", True)


async def test_fixed_now_env_var_is_read_at_request_time(monkeypatch):
    app = ts.create_app()
    async with _client(app) as c:
        monkeypatch.setenv(ts.FIXED_NOW_ENV, "2026-11-21T12:00:00Z")
        assert (await _ok(c, "/get_current_utc_time"))["utc_time"] == "2026-11-21T12:00:00+00:00"
        monkeypatch.setenv(ts.FIXED_NOW_ENV, "2026-07-15 10:00")  # naive means UTC
        assert (await _ok(c, "/get_current_utc_time"))["unix_timestamp"] == int(
            datetime(2026, 7, 15, 10, tzinfo=UTC).timestamp()
        )
        monkeypatch.setenv(ts.FIXED_NOW_ENV, "soon")
        response = await c.get("/get_current_utc_time")
    assert response.status_code == 500
    assert ts.FIXED_NOW_ENV in response.json()["detail"]


async def test_system_clock_without_env_var_is_real_time():
    app = ts.create_app()
    async with _client(app) as c:
        data = await _ok(c, "/get_current_utc_time")
    now = datetime.now(UTC).timestamp()
    assert abs(data["unix_timestamp"] - now) < 60
    assert "." not in data["utc_time"]  # whole seconds


# --------------------------------------------------------------------------- OpenAPI document


async def test_openapi_lists_every_operation_with_clean_ids_and_docs(client):
    spec = await _ok(client, "/openapi.json")
    found = {
        op["operationId"]: (path, method)
        for path, methods in spec["paths"].items()
        for method, op in methods.items()
    }
    assert found == EXPECTED_OPERATIONS
    for path, methods in spec["paths"].items():
        for op in methods.values():
            assert op.get("summary"), path
            assert op.get("description"), path


async def test_openapi_every_request_field_has_a_description(client):
    spec = await _ok(client, "/openapi.json")
    schemas = spec["components"]["schemas"]
    checked = 0
    for path, methods in spec["paths"].items():
        for op in methods.values():
            for param in op.get("parameters", []):
                assert param.get("description") or param["schema"].get("description"), (path, param["name"])
                checked += 1
            body = op.get("requestBody")
            if body:
                ref = body["content"]["application/json"]["schema"]["$ref"]
                schema = schemas[ref.rsplit("/", 1)[-1]]
                assert schema["properties"], path
                for name, prop in schema["properties"].items():
                    assert prop.get("description"), (path, name)
                    checked += 1
    assert checked == 13  # 1 query parameter + 12 body fields


def test_zone_data_is_available():
    assert len(ts._zone_names()) > 300


# --------------------------------------------------------------------------- command line


def test_main_passes_host_and_port_to_uvicorn(monkeypatch):
    import uvicorn

    calls = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append((app, kw)))
    ts.main([])
    ts.main(["--host", "0.0.0.0", "--port", "9123"])
    assert [kw for _, kw in calls] == [{"host": "127.0.0.1", "port": 8765}, {"host": "0.0.0.0", "port": 9123}]
    assert all(app.openapi()["info"]["title"] == "Time Tools" for app, _ in calls)


def test_main_rejects_invalid_fixed_now(monkeypatch):
    monkeypatch.setenv(ts.FIXED_NOW_ENV, "soon")
    with pytest.raises(SystemExit):
        ts.main([])


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_script_runs_as_a_server():
    port = _free_port()
    env = {"PATH": "/usr/bin:/bin", ts.FIXED_NOW_ENV: "2026-11-21T12:00:00Z"}
    proc = subprocess.Popen(
        [sys.executable, str(SCRIPT), "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                response = httpx.post(
                    f"http://127.0.0.1:{port}/convert_time",
                    json={"from_tz": "Europe/Berlin", "to_tz": "Asia/Tokyo"},
                    timeout=2,
                )
                break
            except httpx.TransportError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    reason = proc.stderr.read().decode() if proc.poll() is not None else "timeout"
                    raise AssertionError(reason) from None
                time.sleep(0.2)
        assert response.status_code == 200
        assert response.json()["offset_difference_hours"] == 8.0
        assert httpx.get(f"http://127.0.0.1:{port}/openapi.json", timeout=2).status_code == 200
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
