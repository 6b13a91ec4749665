#!/usr/bin/env bash
# Re-records testdata/sessions/opencode (see README.md): opencode 1.18.33
# from npm, in a scratch folder outside the repository, run by
# internal/record against its fake Messages API inside `unshare -rn`.
# Opt-in: never run by the tests or .ci/run. Extra arguments go to the
# recorder (-name NAME writes NAME.json instead of reads.json).
#   testdata/sessions/opencode/record.sh            # from the repository's root
#   SCRATCH=/tmp/oc testdata/sessions/opencode/record.sh   # reuse an install
set -eu
version=1.18.33
scratch=${SCRATCH:-$(mktemp -d)}
bin=$scratch/node_modules/opencode-linux-x64/bin/opencode
if [ ! -x "$bin" ] || [ "$("$bin" --version 2>/dev/null)" != "$version" ]; then
  (cd "$scratch" && npm install --no-audit --no-fund "opencode-ai@$version")
fi
OPENCODE_BIN=$bin exec go run ./internal/record -session opencode "$@"
