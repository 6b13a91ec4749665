package main

import (
	"fmt"
	"os"
	"regexp"
)

// opencode-legacy runs an opencode release of the <file> era (1.1.58, see
// the README) through the same oracle script as opencode, with its own
// binary: OPENCODE_LEGACY_BIN.
func init() { recorder["opencode-legacy"] = runOpencodeLegacy }

// legacyError is how 1.1.x reports a tool error on stderr:
// "Error: Unexpected error, check log file at <log> for more details\n\n<message>\n".
var legacyError = regexp.MustCompile(`(?s)Unexpected error, check log file at [^\n]* for more details\n\n(.*)$`)

func runOpencodeLegacy(env oracleEnv, args string) (*record, error) {
	bin := os.Getenv("OPENCODE_LEGACY_BIN")
	if bin == "" {
		return nil, fmt.Errorf("set OPENCODE_LEGACY_BIN to the opencode 1.1.58 binary")
	}
	toolError := func(stderr string) (string, bool) {
		m := legacyError.FindStringSubmatch(stderr)
		if m == nil {
			return "", false
		}
		return m[1], true
	}
	return runOpencodeBinary(env, bin, args, true, toolError)
}
