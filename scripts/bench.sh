#!/usr/bin/env bash
# Measures readlens against wc -l, tail | head, cat -n and (when installed)
# the real agents, side by side, and prints the ratios; see internal/bench.
set -euo pipefail
cd "$(dirname "$0")/.."
exec go run ./internal/bench "$@"
