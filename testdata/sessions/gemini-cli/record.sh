#!/usr/bin/env bash
# Re-records testdata/sessions/gemini-cli (see README.md): Gemini CLI
# 0.61.0 from npm, in a scratch folder outside the repository, run with
# node by internal/record against its fake Gemini API inside `unshare -rn`.
# Opt-in: never run by the tests or .ci/run. Extra arguments go to the
# recorder (-name NAME writes NAME.jsonl instead of reads.jsonl).
#   testdata/sessions/gemini-cli/record.sh            # from the repository's root
#   SCRATCH=/tmp/gem testdata/sessions/gemini-cli/record.sh   # reuse an install
set -eu
version=${VERSION:-0.61.0}  # VERSION=0.38.2 -name reads-0.38.2: the older .json chat
scratch=${SCRATCH:-$(mktemp -d)}
pkg=$scratch/node_modules/@google/gemini-cli
if [ "$(node -p "require('$pkg/package.json').version" 2>/dev/null)" != "$version" ]; then
  (cd "$scratch" && npm install --no-audit --no-fund "@google/gemini-cli@$version")
fi
GEMINI_CLI_JS=$pkg/bundle/gemini.js exec go run ./internal/record -session gemini-cli "$@"
