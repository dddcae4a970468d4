#!/usr/bin/env python3
"""Time utilities exposed as an OpenAPI tool server for Open WebUI.

Open WebUI reads ``/openapi.json`` from a tool-server connection and turns every operation into a
function tool named by its ``operationId``; the summaries, descriptions and field descriptions below
are therefore the model's tool spec. All operations are read-only.

"Now" is injectable for deterministic tests and demos:

* ``app.state.clock`` is a zero-argument callable returning an aware ``datetime`` (``create_app(clock=...)``
  sets it, tests may also assign it directly);
* the default clock reads the ``TIME_SERVER_FIXED_NOW`` environment variable at request time
  (e.g. ``TIME_SERVER_FIXED_NOW=2026-11-21T12:00:00Z``) and falls back to the system clock.

Run: ``python scripts/time_server.py --host 127.0.0.1 --port 8765``.
Only the standard library, FastAPI, pydantic and uvicorn are used; zone data comes from ``zoneinfo``.
"""

import argparse
import difflib
import email.utils
import functools
import math
import os
import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta, tzinfo
from typing import Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from fastapi import FastAPI, HTTPException, Query, Request
from fastapi.middleware.cors import CORSMiddleware
from pydantic import BaseModel, Field

FIXED_NOW_ENV = "TIME_SERVER_FIXED_NOW"
DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765

Clock = Callable[[], datetime]

# Entries of the zone database that are not real, portable IANA zones.
_EXCLUDED_ZONES = frozenset({"localtime", "Factory", "posixrules"})

_ZONE_EXAMPLES = "'Europe/Berlin', 'Asia/Tokyo', 'America/New_York' or 'UTC'"
_TIMESTAMP_HELP = (
    "Accepted forms: ISO 8601 with an offset (e.g. '2026-11-21T12:00:00Z', '2026-11-21T21:00:00+09:00'), "
    "ISO 8601 / 'YYYY-MM-DD HH:MM[:SS]' without an offset (read as wall-clock time in the given time zone), "
    "'YYYY-MM-DD', 'YYYY-MM-DD HH:MM AM/PM', '21 Nov 2026 12:00', RFC 2822 "
    "('Sat, 21 Nov 2026 12:00:00 +0000'), unix epoch seconds (e.g. '1795262400'), or 'now'."
)

_EPOCH_RE = re.compile(r"[+-]?\d+(?:\.\d+)?")
_UTC_SUFFIX_RE = re.compile(r"\s+(?:UTC|GMT)$", re.IGNORECASE)
_EXTRA_FORMATS = (
    "%Y-%m-%d %I:%M %p",
    "%Y-%m-%d %I:%M:%S %p",
    "%Y-%m-%d %I %p",
    "%Y/%m/%d %H:%M:%S",
    "%Y/%m/%d %H:%M",
    "%Y/%m/%d %I:%M %p",
    "%Y/%m/%d",
    "%d %b %Y %H:%M:%S",
    "%d %b %Y %H:%M",
    "%d %b %Y",
    "%d %B %Y %H:%M:%S",
    "%d %B %Y %H:%M",
    "%d %B %Y",
    "%b %d, %Y %H:%M",
    "%b %d, %Y",
    "%B %d, %Y %H:%M",
    "%B %d, %Y",
)


# --------------------------------------------------------------------------- clock


def _parse_fixed_now(value: str) -> datetime:
    try:
        moment = datetime.fromisoformat(value.strip())
    except ValueError as exc:
        raise ValueError(
            f"{FIXED_NOW_ENV}={value!r} is not an ISO 8601 timestamp (e.g. 2026-11-21T12:00:00Z)"
        ) from exc
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def system_clock() -> datetime:
    """Default clock: ``TIME_SERVER_FIXED_NOW`` if set (read on every call), else the system time."""
    fixed = os.environ.get(FIXED_NOW_ENV, "").strip()
    if fixed:
        return _parse_fixed_now(fixed)
    return datetime.now(UTC).replace(microsecond=0)


def _now(request: Request) -> datetime:
    clock: Clock = getattr(request.app.state, "clock", None) or system_clock
    try:
        moment = clock()
    except ValueError as exc:
        raise HTTPException(status_code=500, detail=f"Server clock misconfigured: {exc}") from exc
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


# --------------------------------------------------------------------------- zones


@functools.lru_cache(maxsize=1)
def _zone_names() -> tuple[str, ...]:
    return tuple(sorted(set(available_timezones()) - _EXCLUDED_ZONES))


@functools.lru_cache(maxsize=1)
def _zone_names_folded() -> dict[str, str]:
    return {name.casefold(): name for name in _zone_names()}


def _zone_suggestions(name: str) -> list[str]:
    if not name or len(name) > 64:
        return []
    names = _zone_names()
    key = name.replace(" ", "_").casefold()
    by_city = [zone for zone in names if zone.rsplit("/", 1)[-1].casefold() == key]
    close = difflib.get_close_matches(name, names, n=3, cutoff=0.6)
    return list(dict.fromkeys(by_city + close))[:5]


def resolve_zone(name: str) -> tuple[str, ZoneInfo]:
    """Return the canonical IANA name and its ``ZoneInfo``; raise HTTP 400 with a helpful message."""
    candidate = (name or "").strip()
    if not _zone_names():
        raise HTTPException(
            status_code=500,
            detail="No time zone data is installed on the server (install the system tzdata or the "
            "'tzdata' Python package).",
        )
    canonical = _zone_names_folded().get(candidate.casefold())
    if canonical is not None:
        try:
            return canonical, ZoneInfo(canonical)
        except (ZoneInfoNotFoundError, ValueError, OSError):
            pass
    message = f"Unknown time zone {name!r}. Use an IANA time zone name such as {_ZONE_EXAMPLES}."
    suggestions = _zone_suggestions(candidate)
    if suggestions:
        message += f" Did you mean: {', '.join(suggestions)}?"
    message += " Call list_time_zones to see all valid names."
    raise HTTPException(status_code=400, detail=message)


# --------------------------------------------------------------------------- parsing & formatting


def _bad_timestamp(value: str, reason: str = "") -> HTTPException:
    why = f" ({reason})" if reason else ""
    return HTTPException(
        status_code=400, detail=f"Could not parse timestamp {value!r}{why}. {_TIMESTAMP_HELP}"
    )


def parse_timestamp_value(value: str, default_zone: tzinfo, now: datetime) -> tuple[datetime, str]:
    """Parse ``value`` into an aware datetime. Returns ``(moment, how_it_was_interpreted)``.

    Timestamps without an offset are wall-clock times in ``default_zone``.
    """
    text = (value or "").strip()
    if not text:
        raise _bad_timestamp(value, "empty")
    if text.casefold() == "now":
        return now, "current time"
    if _EPOCH_RE.fullmatch(text):
        try:
            return datetime.fromtimestamp(float(text), UTC), "unix epoch seconds"
        except (OverflowError, OSError, ValueError) as exc:
            raise _bad_timestamp(value, "epoch seconds out of range") from exc

    zone = default_zone
    suffix = _UTC_SUFFIX_RE.search(text)
    if suffix:
        text, zone = text[: suffix.start()], UTC

    parsed: datetime | None = None
    try:
        parsed = datetime.fromisoformat(text)
    except ValueError:
        for fmt in _EXTRA_FORMATS:
            try:
                parsed = datetime.strptime(text, fmt)
                break
            except ValueError:
                continue
    if parsed is None:
        try:
            parsed = email.utils.parsedate_to_datetime(text)
        except (TypeError, ValueError, IndexError):
            parsed = None
    if parsed is None:
        raise _bad_timestamp(value)
    if parsed.tzinfo is not None:
        return parsed, "explicit UTC offset"
    zone_name = getattr(zone, "key", None) or str(zone)
    return parsed.replace(tzinfo=zone), f"no offset given; read as wall-clock time in {zone_name}"


def _iso(moment: datetime) -> str:
    return moment.isoformat()


def _utc_iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat()


def _offset(moment: datetime) -> timedelta:
    return moment.utcoffset() or timedelta(0)


def _offset_text(delta: timedelta) -> str:
    total = int(delta.total_seconds())
    sign = "-" if total < 0 else "+"
    hours, rest = divmod(abs(total), 3600)
    return f"{sign}{hours:02d}:{rest // 60:02d}"


def _hours(delta: timedelta) -> float:
    return round(delta.total_seconds() / 3600, 4)


def _unix(moment: datetime) -> int:
    return math.floor(moment.timestamp())


def _is_dst(moment: datetime) -> bool:
    dst = moment.dst()
    return bool(dst) and dst != timedelta(0)


# --------------------------------------------------------------------------- request models

_TZ_FIELD_DOC = f"IANA time zone name, e.g. {_ZONE_EXAMPLES}. Call list_time_zones for valid names."


class TimeZoneRequest(BaseModel):
    timezone: str = Field(description=_TZ_FIELD_DOC)


class FormatTimeRequest(BaseModel):
    timezone: str = Field(default="UTC", description=_TZ_FIELD_DOC + " Defaults to UTC.")
    format: str = Field(
        default="%Y-%m-%d %H:%M:%S",
        max_length=256,
        description="Python strftime format string, e.g. '%Y-%m-%d %H:%M:%S %Z' or '%A, %d %B %Y %I:%M %p'.",
    )


class ConvertTimeRequest(BaseModel):
    timestamp: str = Field(
        default="now",
        description="The moment to convert: ISO 8601 (e.g. '2026-11-21T12:00:00'), 'YYYY-MM-DD HH:MM', unix "
        "epoch seconds, or 'now' (default). Without an explicit offset it is read as wall-clock time in "
        "from_tz; with an offset or 'Z' it is an absolute instant.",
    )
    from_tz: str = Field(description="Source IANA time zone, e.g. 'Europe/Berlin' or 'UTC'.")
    to_tz: str = Field(description="Target IANA time zone, e.g. 'Asia/Tokyo'.")


class ElapsedTimeRequest(BaseModel):
    start: str = Field(
        description="Start timestamp, ISO 8601 (e.g. '2026-11-21T08:00:00Z') or epoch seconds."
    )
    end: str = Field(
        default="now",
        description="End timestamp, ISO 8601 or epoch seconds; defaults to 'now' (the current time).",
    )
    units: Literal["seconds", "minutes", "hours", "days"] = Field(
        default="seconds", description="Unit of the 'elapsed' result: seconds, minutes, hours or days."
    )
    timezone: str = Field(
        default="UTC",
        description="IANA time zone used for start/end values that carry no UTC offset. Defaults to UTC.",
    )


class ParseTimestampRequest(BaseModel):
    timestamp: str = Field(
        description="Timestamp to normalize, e.g. '2026-11-21T12:00:00+09:00', '2026-11-21 12:00', "
        "'2026-11-21 12:00 PM', '21 Nov 2026 12:00', '1795262400' (unix epoch seconds) or 'now'.",
    )
    timezone: str = Field(
        default="UTC",
        description="IANA time zone assumed when the timestamp carries no UTC offset. Defaults to UTC.",
    )


# --------------------------------------------------------------------------- response models


class CurrentUtcTimeResponse(BaseModel):
    utc_time: str = Field(description="Current UTC time, ISO 8601 (e.g. '2026-11-21T12:00:00+00:00').")
    unix_timestamp: int = Field(description="Current time as whole seconds since the unix epoch.")
    weekday: str = Field(description="Day of the week in UTC, e.g. 'Saturday'.")


class ZoneTimeResponse(BaseModel):
    timezone: str = Field(description="Canonical IANA time zone name.")
    local_time: str = Field(description="Current local time in the zone, ISO 8601 with its UTC offset.")
    utc_time: str = Field(description="The same moment in UTC, ISO 8601.")
    utc_offset: str = Field(description="UTC offset of the zone at this moment, '+HH:MM'.")
    utc_offset_hours: float = Field(description="UTC offset in hours, e.g. 9.0 or -4.0 or 5.5.")
    abbreviation: str = Field(description="Zone abbreviation at this moment, e.g. 'JST' or 'CEST'.")
    is_dst: bool = Field(description="Whether daylight saving time is in effect.")
    weekday: str = Field(description="Local day of the week, e.g. 'Saturday'.")


class FormatTimeResponse(BaseModel):
    timezone: str = Field(description="Canonical IANA time zone name.")
    format: str = Field(description="The strftime format that was applied.")
    formatted: str = Field(description="The current local time rendered with the format.")
    local_time: str = Field(description="The current local time, ISO 8601 with its UTC offset.")


class ConvertTimeResponse(BaseModel):
    from_tz: str = Field(description="Canonical source IANA time zone.")
    to_tz: str = Field(description="Canonical target IANA time zone.")
    source_time: str = Field(description="The moment as local time in from_tz, ISO 8601.")
    converted_time: str = Field(description="The same moment as local time in to_tz, ISO 8601.")
    utc_time: str = Field(description="The same moment in UTC, ISO 8601.")
    from_utc_offset: str = Field(description="UTC offset of from_tz at that moment, '+HH:MM'.")
    to_utc_offset: str = Field(description="UTC offset of to_tz at that moment, '+HH:MM'.")
    from_utc_offset_hours: float = Field(description="UTC offset of from_tz in hours.")
    to_utc_offset_hours: float = Field(description="UTC offset of to_tz in hours.")
    offset_difference_hours: float = Field(
        description="to_utc_offset_hours minus from_utc_offset_hours: how many hours to_tz is ahead of "
        "from_tz (negative if behind)."
    )
    from_abbreviation: str = Field(description="Abbreviation of from_tz at that moment, e.g. 'CET'.")
    to_abbreviation: str = Field(description="Abbreviation of to_tz at that moment, e.g. 'JST'.")


class ElapsedTimeResponse(BaseModel):
    start_utc: str = Field(description="Normalized start, UTC ISO 8601.")
    end_utc: str = Field(description="Normalized end, UTC ISO 8601.")
    units: str = Field(description="Unit of 'elapsed'.")
    elapsed: float = Field(description="end minus start in the requested unit (negative if end is earlier).")
    seconds: float = Field(description="end minus start in seconds.")
    minutes: float = Field(description="end minus start in minutes.")
    hours: float = Field(description="end minus start in hours.")
    days: float = Field(description="end minus start in days.")


class ParseTimestampResponse(BaseModel):
    input: str = Field(description="The timestamp exactly as received.")
    utc_time: str = Field(description="Normalized moment, UTC ISO 8601 (e.g. '2026-11-21T03:00:00+00:00').")
    unix_timestamp: int = Field(description="The moment as whole seconds since the unix epoch.")
    interpretation: str = Field(description="How the input was read, e.g. 'explicit UTC offset'.")


class TimeZoneListResponse(BaseModel):
    prefix: str = Field(description="The prefix filter that was applied ('' for none).")
    count: int = Field(description="Number of zones returned.")
    timezones: list[str] = Field(description="Sorted IANA time zone names.")


# --------------------------------------------------------------------------- app


def _zone_snapshot(name: str, zone: ZoneInfo, now: datetime) -> ZoneTimeResponse:
    local = now.astimezone(zone)
    offset = _offset(local)
    return ZoneTimeResponse(
        timezone=name,
        local_time=_iso(local),
        utc_time=_utc_iso(local),
        utc_offset=_offset_text(offset),
        utc_offset_hours=_hours(offset),
        abbreviation=local.tzname() or "",
        is_dst=_is_dst(local),
        weekday=local.strftime("%A"),
    )


def create_app(clock: Clock | None = None) -> FastAPI:
    """Build the FastAPI app. ``clock`` (or later ``app.state.clock``) overrides "now"."""
    app = FastAPI(
        title="Time Tools",
        version="1.0.0",
        description="Current time, time-zone conversion, formatting, elapsed time and timestamp parsing "
        "using IANA time zones. All times are ISO 8601; offsets are DST-aware for the given moment.",
    )
    app.state.clock = clock or system_clock
    # Open WebUI may call user-level tool servers straight from the browser. Read-only, no credentials.
    app.add_middleware(
        CORSMiddleware, allow_origins=["*"], allow_methods=["GET", "POST"], allow_headers=["*"]
    )

    @app.get(
        "/get_current_utc_time",
        operation_id="get_current_utc_time",
        summary="Current UTC time",
        description="Return the current date and time in UTC (ISO 8601), as unix seconds, and the weekday.",
        response_model=CurrentUtcTimeResponse,
    )
    def get_current_utc_time(request: Request) -> CurrentUtcTimeResponse:
        now = _now(request).astimezone(UTC)
        return CurrentUtcTimeResponse(
            utc_time=_iso(now), unix_timestamp=_unix(now), weekday=now.strftime("%A")
        )

    @app.post(
        "/get_current_time_in_zone",
        operation_id="get_current_time_in_zone",
        summary="Current time in a time zone",
        description="Return the current local date and time in one IANA time zone, with its UTC offset, "
        "abbreviation and whether DST is in effect. Call once per zone.",
        response_model=ZoneTimeResponse,
    )
    def get_current_time_in_zone(body: TimeZoneRequest, request: Request) -> ZoneTimeResponse:
        name, zone = resolve_zone(body.timezone)
        return _zone_snapshot(name, zone, _now(request))

    @app.post(
        "/format_time",
        operation_id="format_time",
        summary="Format the current time",
        description="Render the current time in an IANA time zone with a Python strftime format string.",
        response_model=FormatTimeResponse,
    )
    def format_time(body: FormatTimeRequest, request: Request) -> FormatTimeResponse:
        name, zone = resolve_zone(body.timezone)
        local = _now(request).astimezone(zone)
        try:
            formatted = local.strftime(body.format)
        except (ValueError, UnicodeError) as exc:
            raise HTTPException(
                status_code=400, detail=f"Invalid strftime format {body.format!r}: {exc}"
            ) from exc
        return FormatTimeResponse(
            timezone=name, format=body.format, formatted=formatted, local_time=_iso(local)
        )

    @app.post(
        "/convert_time",
        operation_id="convert_time",
        summary="Convert a time between time zones",
        description="Convert a timestamp (default: now) from one IANA time zone to another. Returns both "
        "local times, both UTC offsets at that moment (DST-aware) and offset_difference_hours, i.e. how "
        "many hours to_tz is ahead of from_tz.",
        response_model=ConvertTimeResponse,
    )
    def convert_time(body: ConvertTimeRequest, request: Request) -> ConvertTimeResponse:
        from_name, from_zone = resolve_zone(body.from_tz)
        to_name, to_zone = resolve_zone(body.to_tz)
        moment, _ = parse_timestamp_value(body.timestamp, from_zone, _now(request))
        source = moment.astimezone(from_zone)
        target = moment.astimezone(to_zone)
        from_offset, to_offset = _offset(source), _offset(target)
        return ConvertTimeResponse(
            from_tz=from_name,
            to_tz=to_name,
            source_time=_iso(source),
            converted_time=_iso(target),
            utc_time=_utc_iso(moment),
            from_utc_offset=_offset_text(from_offset),
            to_utc_offset=_offset_text(to_offset),
            from_utc_offset_hours=_hours(from_offset),
            to_utc_offset_hours=_hours(to_offset),
            offset_difference_hours=_hours(to_offset - from_offset),
            from_abbreviation=source.tzname() or "",
            to_abbreviation=target.tzname() or "",
        )

    @app.post(
        "/elapsed_time",
        operation_id="elapsed_time",
        summary="Time elapsed between two timestamps",
        description="Compute end minus start (end defaults to now) and return it in seconds, minutes, hours "
        "and days, plus 'elapsed' in the requested unit.",
        response_model=ElapsedTimeResponse,
    )
    def elapsed_time(body: ElapsedTimeRequest, request: Request) -> ElapsedTimeResponse:
        _, zone = resolve_zone(body.timezone)
        now = _now(request)
        start, _ = parse_timestamp_value(body.start, zone, now)
        end, _ = parse_timestamp_value(body.end, zone, now)
        seconds = (end - start).total_seconds()
        values = {
            "seconds": round(seconds, 6),
            "minutes": round(seconds / 60, 6),
            "hours": round(seconds / 3600, 6),
            "days": round(seconds / 86400, 6),
        }
        return ElapsedTimeResponse(
            start_utc=_utc_iso(start),
            end_utc=_utc_iso(end),
            units=body.units,
            elapsed=values[body.units],
            **values,
        )

    @app.post(
        "/parse_timestamp",
        operation_id="parse_timestamp",
        summary="Parse and normalize a timestamp",
        description="Parse an ISO 8601 or human-friendly timestamp (or unix epoch seconds) and return it "
        "normalized to UTC ISO 8601 and unix seconds. Timestamps without an offset are read in 'timezone'.",
        response_model=ParseTimestampResponse,
    )
    def parse_timestamp(body: ParseTimestampRequest, request: Request) -> ParseTimestampResponse:
        _, zone = resolve_zone(body.timezone)
        moment, how = parse_timestamp_value(body.timestamp, zone, _now(request))
        return ParseTimestampResponse(
            input=body.timestamp, utc_time=_utc_iso(moment), unix_timestamp=_unix(moment), interpretation=how
        )

    @app.get(
        "/list_time_zones",
        operation_id="list_time_zones",
        summary="List valid IANA time zones",
        description="Return the sorted list of valid IANA time zone names, optionally only those starting "
        "with a prefix such as 'Europe/' or 'America/'.",
        response_model=TimeZoneListResponse,
    )
    def list_time_zones(
        prefix: str = Query(
            default="",
            max_length=64,
            description="Optional case-insensitive name prefix filter, e.g. 'Europe/' or 'Asia/'. Empty: all.",
        ),
    ) -> TimeZoneListResponse:
        wanted = prefix.strip().casefold()
        zones = [name for name in _zone_names() if name.casefold().startswith(wanted)]
        return TimeZoneListResponse(prefix=prefix, count=len(zones), timezones=zones)

    return app


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Time tools OpenAPI server for Open WebUI.")
    parser.add_argument("--host", default=DEFAULT_HOST, help=f"bind address (default {DEFAULT_HOST})")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    args = parser.parse_args(argv)

    fixed = os.environ.get(FIXED_NOW_ENV, "").strip()
    if fixed:
        try:
            _parse_fixed_now(fixed)
        except ValueError as exc:
            parser.error(str(exc))

    import uvicorn

    uvicorn.run(create_app(), host=args.host, port=args.port)


if __name__ == "__main__":
    main()
