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

// legacyErrorName is the start of String(error), which 1.1.58's session
// stores as the failed call's text: the thrown error's class (Bun's node
// errors add their code), then ": " and the message.
var legacyErrorName = regexp.MustCompile(`^[A-Za-z]*Error( \[[A-Z0-9_]+\])?: `)

func runOpencodeLegacy(env oracleEnv, args string) (*record, error) {
	bin := os.Getenv("OPENCODE_LEGACY_BIN")
	if bin == "" {
		return nil, fmt.Errorf("set OPENCODE_LEGACY_BIN to the opencode 1.1.58 binary")
	}
	// An error is recorded from a session against the fake API, in the
	// namespace: the first case runs the whole recorder again inside it, so
	// no other case's opencode runs beside that run.
	opencodeInNetns(env)
	toolError := func(stderr string) (string, bool) {
		m := legacyError.FindStringSubmatch(stderr)
		if m == nil {
			return "", false
		}
		return m[1], true
	}
	r, err := runOpencodeBinary(env, bin, args, true, toolError)
	if err != nil || r.Timeout {
		return r, err
	}
	if !r.IsError {
		if len(r.Attachments) == 0 {
			return r, nil
		}
		// What the model receives of the tool's images, from a session as
		// for opencode: the record keeps the tool's own where they differ.
		m, err := opencodeModelSide(env, bin, args, r)
		if err != nil {
			return nil, err
		}
		m.Preview = r.Preview
		return m, nil
	}
	// The oracle script prints the error's message; in a session the model
	// receives String(error), "Error: …", "TypeError: …": record that, from
	// the tool_result a run against the fake API is sent.
	m, err := opencodeModelSide(env, bin, args, r)
	if err != nil {
		return nil, err
	}
	if !m.IsError {
		return nil, fmt.Errorf("the session sent the failed call's result without is_error: %q", m.Output)
	}
	if name := legacyErrorName.FindString(m.Output); name == "" || m.Output[len(name):] != r.Output {
		return nil, fmt.Errorf("the session sent %q for the tool's error %q", m.Output, r.Output)
	}
	return m, nil
}
