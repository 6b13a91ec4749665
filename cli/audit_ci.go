package cli

import (
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/readlens/readlens/reader/audit"
	"github.com/readlens/readlens/render"
)

// auditGitHub prints a workflow command per finding:
// ::warning file=PATH,line=N,title=TITLE::MESSAGE
// (error for a finding of kind error), escaped as the runner unescapes
// them.
type auditGitHub struct {
	w        io.Writer
	terminal bool // then a name's control characters are shown as symbols
}

func (g *auditGitHub) begin() error { return nil }

func (g *auditGitHub) file(f audit.File) error {
	for _, x := range render.WorstFirst(f.Findings) {
		level := "warning"
		if x.Kind == audit.KindError {
			level = "error"
		}
		title := "readlens: " + x.Profile + " " + string(x.Kind)
		if x.Cap != "" {
			title += " (" + x.Cap + ")"
		}
		line := fmt.Sprintf("::%s file=%s,line=%d,title=%s::%s", level,
			ghProperty(filepath.ToSlash(x.Path)), x.Line, ghProperty(title), ghData(x.Profile+": "+render.AuditFinding(x)))
		if g.terminal {
			line = render.Plain(line)
		}
		if _, err := io.WriteString(g.w, line+"\n"); err != nil {
			return err
		}
	}
	return nil
}

func (g *auditGitHub) end(audit.Stats, time.Duration) error { return nil }

// ghData escapes a workflow command's message (actions/toolkit
// escapeData): %, \r, \n.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProperty escapes a property's value (escapeProperty): also : and ,.
func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// SARIF 2.1.0: one run, readlens the driver, one rule per kind; a result
// per finding, located at its path (a relative URI) and the first line the
// model is not shown. Streamed: the results are the document's last part.
type auditSARIF struct {
	w        io.Writer
	terminal bool
	n        int
}

const sarifSchema = "https://json.schemastore.org/sarif-2.1.0.json"

var sarifRules = map[audit.Kind]string{
	audit.KindError:   "The agent's read tool fails on the file, or never returns.",
	audit.KindRefused: "The agent's read tool refuses the file (binary, blocklist, too large, outside the workspace, not UTF-8, media).",
	audit.KindCut:     "The agent's read tool shows part of the file on its default call (a line, byte, token or size cap).",
	audit.KindUnseen:  "The agent's read tool shows lines with something hidden: a per-line cut, CRLF shown as LF, invalid UTF-8 or a UTF-16 unpaired surrogate shown as U+FFFD.",
}

type sarifRule struct {
	ID               string       `json:"id"`
	ShortDescription sarifMessage `json:"shortDescription"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
}

type sarifLocation struct {
	PhysicalLocation struct {
		ArtifactLocation struct {
			URI       string `json:"uri"`
			URIBaseID string `json:"uriBaseId,omitempty"`
		} `json:"artifactLocation"`
		Region struct {
			StartLine int `json:"startLine"`
		} `json:"region"`
	} `json:"physicalLocation"`
}

func (s *auditSARIF) write(b []byte) error {
	if s.terminal {
		b = render.JSON(b)
	}
	_, err := s.w.Write(b)
	return err
}

func (s *auditSARIF) begin() error {
	var rules []sarifRule
	for _, k := range audit.Kinds {
		rules = append(rules, sarifRule{ID: string(k), ShortDescription: sarifMessage{sarifRules[k]}})
	}
	r, err := marshal(rules)
	if err != nil {
		return err
	}
	name := version
	if name == "" {
		name, _ = buildVersion(debug.ReadBuildInfo())
	}
	v, _ := marshal(name)
	head := fmt.Sprintf(`{"version":"2.1.0","$schema":%q,"runs":[{"tool":{"driver":{"name":"readlens","version":%s,"rules":%s}},"columnKind":"unicodeCodePoints","results":[`,
		sarifSchema, v, r)
	return s.write([]byte(head))
}

func (s *auditSARIF) file(f audit.File) error {
	for _, x := range render.WorstFirst(f.Findings) {
		res := sarifResult{RuleID: string(x.Kind), RuleIndex: audit.Rank(x.Kind), Level: "warning",
			Message: sarifMessage{x.Profile + ": " + render.AuditFinding(x)}}
		if x.Kind == audit.KindError {
			res.Level = "error"
		}
		var loc sarifLocation
		loc.PhysicalLocation.ArtifactLocation.URI, loc.PhysicalLocation.ArtifactLocation.URIBaseID = sarifURI(x.Path)
		loc.PhysicalLocation.Region.StartLine = max(x.Line, 1)
		res.Locations = []sarifLocation{loc}
		b, err := marshal(res)
		if err != nil {
			return err
		}
		if s.n > 0 {
			b = append([]byte(",\n"), b...)
		} else {
			b = append([]byte("\n"), b...)
		}
		s.n++
		if err := s.write(b); err != nil {
			return err
		}
	}
	return nil
}

func (s *auditSARIF) end(audit.Stats, time.Duration) error {
	return s.write([]byte("\n]}]}\n"))
}

// sarifURI is a finding's path as a URI reference: relative to %SRCROOT%
// (the root), each byte that may not stand in a path percent-encoded; a
// first segment with a colon is led by ./ so it cannot read as a scheme.
// A path outside the root is a file URI.
func sarifURI(p string) (uri, base string) {
	slash := filepath.ToSlash(p)
	if filepath.IsAbs(p) {
		return (&url.URL{Scheme: "file", Path: slash}).String(), ""
	}
	uri = (&url.URL{Path: slash}).EscapedPath()
	if first, _, _ := strings.Cut(uri, "/"); strings.Contains(first, ":") {
		uri = "./" + uri
	}
	return uri, "%SRCROOT%"
}
