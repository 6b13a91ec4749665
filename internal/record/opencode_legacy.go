package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/readlens/readlens/internal/oracle"
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
	stdout, stderr, timedOut, err := command(env, "env", "OPENCODE_BIN="+bin,
		"bash", filepath.Join(env.scripts, "opencode-read.sh"), env.root, args)
	r := &record{}
	if timedOut {
		r.Timeout = true
		return r, nil
	}
	r.Attachments = []oracle.Attachment{}
	if err == nil {
		var out struct {
			Result struct {
				Title    string `json:"title"`
				Output   string `json:"output"`
				Metadata struct {
					Preview *string `json:"preview"`
				} `json:"metadata"`
				Attachments []struct {
					Mime string `json:"mime"`
					URL  string `json:"url"`
				} `json:"attachments"`
			} `json:"result"`
		}
		if err := json.Unmarshal(stdout, &out); err != nil {
			return nil, fmt.Errorf("opencode stdout: %v: %s", err, stdout)
		}
		r.Output = out.Result.Output
		r.Title = &out.Result.Title
		r.Preview = out.Result.Metadata.Preview
		for _, a := range out.Result.Attachments {
			_, b64, _ := strings.Cut(a.URL, ";base64,")
			data, err := base64.StdEncoding.DecodeString(b64)
			if err != nil {
				return nil, err
			}
			r.Attachments = append(r.Attachments, attachment(a.Mime, data))
		}
		return r, nil
	}
	text := logLine.ReplaceAllString(string(stderr), "")
	m := legacyError.FindStringSubmatch(text)
	if m == nil {
		return nil, fmt.Errorf("opencode failed: %v: %s", err, stderr)
	}
	r.Output = strings.TrimSuffix(m[1], "\n")
	r.IsError = true
	return r, nil
}
