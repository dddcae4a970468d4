"""Development kit shared by the demo, the benchmarks and the tests.

- `plugins`: the one loader that imports a single-file plugin the way Open WebUI sees it;
- `scripted_model`: the scripted OpenAI-compatible model (the only fake part);
- `harness`: a real `open-webui serve` on loopback and a chat client (over the REST client of
  `scripts/deploy.py`, the one home of that logic);
- `histories`: builders and hypothesis strategies for tool histories;
- `demo_model`: the demo's scripted turns.
- `toolservers`: the real MCP/OpenAPI tool servers (mcp-server-time via mcpo, mcp-server-git via
  mcp-proxy), their connections, the demo repository, and a delaying forwarding proxy.

Nothing here imports `tests/`, nor `scripts/` but `scripts/deploy.py` (a standalone, standard-library file).
"""
