"""Drives healthd's MCP tools with the official Python SDK (`mcp` on PyPI).

For each connection (HTTP in both protocol revisions, and stdio) it connects, lists
the tools, calls every tool with a valid and with an invalid argument, and checks
every structuredContent against the tool's outputSchema (jsonschema, draft 2020-12).
Exits non-zero on the first failure.

    python mcp-client.py http URL TOKEN          # the release server
    python mcp-client.py stdio BINARY DB         # healthd mcp --db DB
"""

import asyncio
import sys

import httpx2
import jsonschema
from mcp.client import Client
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

# A valid and an invalid argument set per tool; every tool the server lists must be here.
TODAY_RANGE = {"from": "2026-01-05", "to": "2026-01-11"}
CALLS = {
    "daily_summary": ({"day": "2026-01-07", "timezone": "Europe/Berlin"}, {"day": "2026-13-40"}),
    "range_summary": (TODAY_RANGE, {"from": "2026-01-11", "to": "2026-01-05"}),
    "yesterday_summary": ({"timezone": "Europe/Berlin"}, {"timezone": "Mars/Olympus"}),
    "metric_series": ({"metric": "step_count", **TODAY_RANGE, "bucket": "day"}, {"metric": "steps_per_fortnight", **TODAY_RANGE}),
    "compare_ranges": ({"a": TODAY_RANGE, "b": {"from": "2026-01-12", "to": "2026-01-18"}}, {"a": TODAY_RANGE}),
    "sleep_report": (TODAY_RANGE, {"from": "2026-01-05"}),
    "workouts": (TODAY_RANGE, {**TODAY_RANGE, "type": "underwater_chess"}),
    "readiness": ({"date": "2026-01-07", "timezone": "Europe/Berlin"}, {"date": "2026-01-07", "detail": "everything"}),
    "anomalies": ({**TODAY_RANGE, "detail": "brief"}, {**TODAY_RANGE, "threshold": 9}),
    "records": ({"metric": "step_count", "goal": 10000}, {"metric": "step_count", "goal": "ring:swim"}),
    "correlation": ({"metricA": "step_count", "metricB": "sleep_segment", **TODAY_RANGE},
                    {"metricA": "step_count", "metricB": "step_count", **TODAY_RANGE}),
    "list_metrics": ({}, {"colour": "blue"}),
    "create_write_intent": (
        {"externalId": "ci-meal-1", "metric": "dietary_energy_kcal", "valueNumber": 420, "unit": "kcal",
         "startTimeMs": 1767780000000, "timezone": "Europe/Berlin", "note": "lentil soup"},
        {"externalId": "ci-meal-2", "metric": "dietary_energy_kcal", "valueNumber": 420, "unit": "parsecs",
         "startTimeMs": 1767780000000, "timezone": "Europe/Berlin"},
    ),
    "list_write_intents": ({"status": "pending", "limit": 10}, {"status": "lost"}),
    "cancel_write_intent": ({"externalId": "ci-meal-1"}, {"externalId": "no such intent"}),
}


def check(condition, message):
    if not condition:
        raise SystemExit(f"FAIL: {message}")


async def exercise(client, label, expected_version):
    check(client.protocol_version == expected_version,
          f"{label}: negotiated {client.protocol_version}, expected {expected_version}")
    listing = await client.list_tools()
    tools = {tool.name: tool for tool in listing.tools}
    check(set(tools) == set(CALLS), f"{label}: tools {sorted(tools)} differ from {sorted(CALLS)}")
    validated = 0
    for name, (valid, invalid) in CALLS.items():
        tool = tools[name]
        check(tool.output_schema is not None and tool.output_schema.get("type") == "object",
              f"{label}: {name} has no object outputSchema")
        jsonschema.Draft202012Validator.check_schema(tool.input_schema)
        jsonschema.Draft202012Validator.check_schema(tool.output_schema)
        check(tool.annotations is not None and tool.annotations.read_only_hint == (not name.startswith(("create_", "cancel_"))),
              f"{label}: {name} readOnlyHint is wrong")
        result = await client.call_tool(name, valid)
        text = " ".join(getattr(c, "text", "") for c in result.content)
        check(not result.is_error, f"{label}: {name} with valid arguments failed: {text[:300]}")
        check(result.structured_content is not None, f"{label}: {name} returned no structuredContent")
        jsonschema.Draft202012Validator(tool.output_schema).validate(result.structured_content)
        check(text.strip() != "", f"{label}: {name} returned no text content")
        validated += 1
        bad = await client.call_tool(name, invalid)
        bad_text = " ".join(getattr(c, "text", "") for c in bad.content)
        check(bad.is_error, f"{label}: {name} accepted an invalid argument {invalid}")
        check("field:" in bad_text or "no write intent" in bad_text,
              f"{label}: {name}'s error does not name the field: {bad_text[:300]}")
    print(f"{label}: protocol {client.protocol_version}, {len(tools)} tools, {validated} structuredContent valid, "
          f"{len(CALLS)} invalid arguments refused as tool errors")


async def over_http(url, token):
    for mode, version in (("auto", "2026-07-28"), ("legacy", "2025-11-25")):
        async with create_mcp_http_client(headers={"Authorization": f"Bearer {token}"},
                                          timeout=httpx2.Timeout(30.0)) as http:
            async with Client(streamable_http_client(url, http_client=http), mode=mode) as client:
                await exercise(client, f"http {mode}", version)
    # A page on another origin is refused before any tool runs.
    async with httpx2.AsyncClient(timeout=10) as http:
        answer = await http.post(url, json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
                                 headers={"Authorization": f"Bearer {token}", "Origin": "https://evil.example"})
        check(answer.status_code == 403, f"foreign origin got {answer.status_code}")
    print("http: foreign Origin refused with 403")


async def over_stdio(binary, database):
    params = StdioServerParameters(command=binary, args=["mcp", "--db", database, "--timezone", "Europe/Berlin"])
    for mode, version in (("auto", "2026-07-28"), ("legacy", "2025-11-25")):
        async with Client(params, mode=mode) as client:
            await exercise(client, f"stdio {mode}", version)


def main():
    if len(sys.argv) != 4 or sys.argv[1] not in ("http", "stdio"):
        raise SystemExit(__doc__)
    if sys.argv[1] == "http":
        asyncio.run(over_http(sys.argv[2], sys.argv[3]))
    else:
        asyncio.run(over_stdio(sys.argv[2], sys.argv[3]))


if __name__ == "__main__":
    main()
