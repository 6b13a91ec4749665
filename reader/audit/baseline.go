package audit

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"unicode/utf8"
)

// A baseline is the findings a team has accepted: readlens audit
// --write-baseline records them, --baseline reports only findings not in
// it. A finding is known by its path, profile, kind and cap: the lines and
// tokens move as a file is edited, and the same finding must not come back
// as new for that.
//
// The file is JSON, one finding a line, in the listing's order:
//
//	{"version": 1, "findings": [
//	{"path": "big.log", "profile": "opencode", "kind": "cut", "cap": "lines"},
//	...
//	]}
type Baseline map[baselineKey]bool

type baselineKey struct{ Path, Profile, Kind, Cap string }

type baselineEntry struct {
	Path    string `json:"path"` // slash-separated, relative to the root
	Profile string `json:"profile"`
	Kind    string `json:"kind"`
	Cap     string `json:"cap"`
}

type baselineFile struct {
	Version  int             `json:"version"`
	Findings []baselineEntry `json:"findings"`
}

// BaselineVersion is the version of the format WriteBaseline writes.
const BaselineVersion = 1

func keyOf(f Finding) baselineKey {
	p := filepath.ToSlash(f.Path)
	if !utf8.ValidString(p) {
		// JSON cannot hold the bytes: key the name as the file holds it.
		b, _ := json.Marshal(p)
		_ = json.Unmarshal(b, &p)
	}
	return baselineKey{p, f.Profile, string(f.Kind), f.Cap}
}

// ReadBaseline reads a baseline written by BaselineWriter.
func ReadBaseline(r io.Reader) (Baseline, error) {
	var f baselineFile
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("not a readlens audit baseline: %v", err)
	}
	if f.Version != BaselineVersion {
		return nil, fmt.Errorf("baseline version %d; this readlens reads version %d", f.Version, BaselineVersion)
	}
	b := Baseline{}
	for _, e := range f.Findings {
		b[baselineKey{e.Path, e.Profile, e.Kind, e.Cap}] = true
	}
	return b, nil
}

// Has says the baseline holds the finding.
func (b Baseline) Has(f Finding) bool { return b[keyOf(f)] }

// BaselineWriter writes a baseline as findings come, holding none of them.
type BaselineWriter struct {
	w   io.Writer
	n   int
	err error
}

// NewBaselineWriter starts a baseline on w.
func NewBaselineWriter(w io.Writer) *BaselineWriter {
	bw := &BaselineWriter{w: w}
	_, bw.err = fmt.Fprintf(w, "{\"version\": %d, \"findings\": [", BaselineVersion)
	return bw
}

// Add records a finding.
func (bw *BaselineWriter) Add(f Finding) {
	if bw.err != nil {
		return
	}
	k := keyOf(f)
	b, err := json.Marshal(baselineEntry{k.Path, k.Profile, k.Kind, k.Cap})
	if err != nil {
		bw.err = err
		return
	}
	sep := ",\n"
	if bw.n == 0 {
		sep = "\n"
	}
	bw.n++
	_, bw.err = fmt.Fprintf(bw.w, "%s%s", sep, b)
}

// Close ends the baseline, and reports the first error writing it.
func (bw *BaselineWriter) Close() error {
	if bw.err == nil {
		_, bw.err = io.WriteString(bw.w, "\n]}\n")
	}
	return bw.err
}
