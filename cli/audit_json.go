package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/readlens/readlens/reader/audit"
	"github.com/readlens/readlens/render"
)

// The JSON form: exactly issue 13's shape. Findings are spooled to a
// temporary file as they come, since "files" precedes them and is known
// only at the end: memory stays bounded whatever the tree.
type auditJSON struct {
	w        io.Writer
	root     string
	profiles []string
	terminal bool
	spool    *os.File
	spooled  *bufio.Writer
	n        int
}

type jsonFinding struct {
	Path       string  `json:"path"`
	Profile    string  `json:"profile"`
	Kind       string  `json:"kind"`
	Cap        *string `json:"cap"`
	FirstLine  int     `json:"first_line"`
	LastLine   int     `json:"last_line"`
	TotalLines *int    `json:"total_lines"` // null when the tool did not count them
	// The tail a cut in the middle of the answer leaves (codex's harness).
	Resumes int     `json:"resumes,omitempty"`
	Ends    int     `json:"ends,omitempty"`
	Tokens  *int    `json:"tokens"`  // null with --no-tokens
	Message *string `json:"message"` // null when the tool has no words for it
}

func (j *auditJSON) begin() error {
	f, err := os.CreateTemp("", "readlens-audit-*.json")
	if err != nil {
		return err
	}
	_ = os.Remove(f.Name()) // unlinked: gone whatever becomes of readlens
	j.spool, j.spooled = f, bufio.NewWriter(f)
	return nil
}

func marshal(v any) ([]byte, error) {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return []byte(strings.TrimSuffix(b.String(), "\n")), nil
}

func (j *auditJSON) file(f audit.File) error {
	for _, x := range f.Findings {
		jf := jsonFinding{Path: x.Path, Profile: x.Profile, Kind: string(x.Kind), FirstLine: x.FirstLine, LastLine: x.LastLine, Resumes: x.Resumes, Ends: x.Ends}
		if x.Tokenizer != "" {
			jf.Tokens = &x.Tokens
		}
		if x.Cap != "" {
			jf.Cap = &x.Cap
		}
		if x.TotalKnown {
			jf.TotalLines = &x.TotalLines
		}
		if x.Message != "" {
			jf.Message = &x.Message
		}
		b, err := marshal(jf)
		if err != nil {
			return err
		}
		if j.n > 0 {
			j.spooled.WriteString(",\n")
		}
		j.n++
		j.spooled.WriteString("    ")
		if _, err := j.spooled.Write(b); err != nil {
			return err
		}
	}
	return nil
}

func (j *auditJSON) end(st audit.Stats, elapsed time.Duration) error {
	defer j.spool.Close()
	if err := j.spooled.Flush(); err != nil {
		return err
	}
	if _, err := j.spool.Seek(0, io.SeekStart); err != nil {
		return err
	}
	root, _ := marshal(j.root)
	profiles, _ := marshal(j.profiles)
	var b strings.Builder
	fmt.Fprintf(&b, "{\n  \"root\": %s,\n  \"files\": %d,\n  \"profiles\": %s,\n  \"findings\": [", root, st.Files, profiles)
	if j.n > 0 {
		b.WriteString("\n")
	}
	if err := j.write(b.String()); err != nil {
		return err
	}
	r := bufio.NewReader(j.spool)
	for {
		line, err := r.ReadString('\n')
		if line != "" {
			if err := j.write(line); err != nil {
				return err
			}
		}
		if err != nil {
			break
		}
	}
	tail := "],\n"
	if j.n > 0 {
		tail = "\n  ],\n"
	}
	return j.write(fmt.Sprintf("%s  \"elapsed_ms\": %d\n}\n", tail, elapsed.Milliseconds()))
}

// write is JSON as it is, or on a terminal with every character the
// sanitizer would not show as itself written as a \u escape.
func (j *auditJSON) write(s string) error {
	b := []byte(s)
	if j.terminal {
		b = render.JSON(b)
	}
	_, err := j.w.Write(b)
	return err
}
