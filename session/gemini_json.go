package session

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Gemini CLI's older chat recording: up to 0.38.2 the CLI wrote each chat
// as one JSON document, chats/session-<time>-<id>.json, rewritten whole as
// the session went on (0.39.0 writes the JSONL of gemini.go); see
// testdata/sessions/gemini-cli/reads-0.38.2.json:
//
//	{"sessionId", "projectHash", "startTime", "lastUpdated",
//	 "messages": [message, …], "kind"}
//
// The messages are those the JSONL writes, each once, in its final form: a
// "gemini" message's toolCalls hold each call's result, which is what the
// next request sent (the recorder compared them with the request bodies);
// a "user" message holding function responses is written only where the
// CLI sent parts of its own with them (an image), and is then the form
// read. The document names no working directory; the project's folder
// does (projectRoot).

// isGeminiJSON reports whether the stream starts as Gemini CLI's .json chat
// does: an object whose first key is "sessionId" and which has a
// "messages" key, where the JSONL's first record, the same object's
// metadata alone, has none.
func isGeminiJSON(br *bufio.Reader) bool {
	head, _ := br.Peek(4096)
	dec := json.NewDecoder(bytes.NewReader(head))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return false
	}
	for first := true; dec.More(); first = false {
		t, err := dec.Token()
		if err != nil || first && t != "sessionId" {
			return false
		}
		if t == "messages" {
			return true
		}
		var skip json.RawMessage
		if dec.Decode(&skip) != nil {
			return false
		}
	}
	return false
}

// geminiChatKeys are the document's keys other than its messages.
var geminiChatKeys = map[string]bool{"sessionId": true, "projectHash": true, "startTime": true, "lastUpdated": true, "kind": true, "summary": true}

func parseGeminiJSON(br *bufio.Reader, s *Session) {
	g := newGemini(s)
	p := &opencodeParser{s: s, cr: &countingReader{r: br}} // the same JSON walk as the export's
	p.dec = json.NewDecoder(p.cr)
	err := p.object(func(key string) error {
		switch {
		case key == "messages":
			return p.array(func() error {
				n := p.line()
				var m geminiMessage
				if err := p.dec.Decode(&m); err != nil {
					var typ *json.UnmarshalTypeError
					if errors.As(err, &typ) {
						s.bad(fmt.Sprintf("line %d: not a message: %q is a %s, skipped", n, typ.Field, typ.Value))
						return nil
					}
					return err
				}
				switch {
				case m.Type != nil && geminiMessageTypes[*m.Type]:
					s.Records++
					g.message(n, &m)
				case m.Type != nil:
					s.Unknown["message "+*m.Type]++
				default:
					s.bad(fmt.Sprintf("line %d: a message without a type, skipped", n))
				}
				return nil
			})
		case key == "sessionId" || key == "startTime":
			var v string
			if err := p.dec.Decode(&v); err != nil {
				return err
			}
			s.Records++
			if key == "sessionId" {
				s.ID = v
			} else if t, err := time.Parse(time.RFC3339Nano, v); err == nil {
				s.Started = t.UTC()
			}
			return nil
		case !geminiChatKeys[key]:
			s.Unknown["chat key "+key]++
		}
		return p.skip()
	})
	s.Lines = p.cr.lines
	switch {
	case err == nil:
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		s.bad(fmt.Sprintf("line %d: the chat ends before its JSON does (cut short?); what came before is kept", p.line()))
	default:
		s.bad(fmt.Sprintf("line %d: %v; the rest is skipped", p.line(), err))
	}
}

// projectRoot is the working directory that the project folder of a
// Gemini CLI chat file names: ~/.gemini/tmp/<project>/.project_root, the
// ownership marker the CLI writes there (0.38.2's ProjectRegistry), which
// holds the project's absolute path; "" when there is none.
func projectRoot(chat string) string {
	fh, err := os.Open(filepath.Join(filepath.Dir(filepath.Dir(chat)), ".project_root"))
	if err != nil {
		return ""
	}
	defer fh.Close()
	b, _ := io.ReadAll(io.LimitReader(fh, 4096))
	root := strings.TrimSpace(string(b))
	if !filepath.IsAbs(root) {
		return ""
	}
	return filepath.Clean(root)
}

// projectOfHash is the directory, among here and its parents, whose hash
// names the project folder of a Gemini CLI chat file
// (~/.gemini/tmp/<project>/chats/<chat>): the CLI named that folder by
// the SHA-256, in hex, of the project root (path.resolve of its target
// directory) before it wrote .project_root (gemini-cli-core's
// Storage.getFilePathHash, which 0.61.0 keeps to migrate such folders);
// "" when none is, or when here is not absolute.
func projectOfHash(chat, here string) string {
	name := filepath.Base(filepath.Dir(filepath.Dir(chat)))
	if len(name) != sha256.Size*2 || !filepath.IsAbs(here) {
		return ""
	}
	for dir := filepath.Clean(here); ; dir = filepath.Dir(dir) {
		sum := sha256.Sum256([]byte(dir))
		if hex.EncodeToString(sum[:]) == name {
			return dir
		}
		if filepath.Dir(dir) == dir {
			return ""
		}
	}
}

// inProject gives a Gemini CLI session read from the file chat that names
// no working directory (a .json chat) the one its project folder names:
// its .project_root, else here or the parent of here whose hash names the
// folder. The session's, and its calls' then.
func inProject(s *Session, chat, here string) {
	if s.Agent != "gemini-cli" || s.Cwd != "" {
		return
	}
	root := projectRoot(chat)
	if root == "" {
		root = projectOfHash(chat, here)
	}
	if root == "" {
		return
	}
	s.Cwd = root
	for _, c := range s.Calls {
		if c.Cwd == "" {
			c.Cwd = root
		}
		if c.Path != "" && !filepath.IsAbs(c.Path) {
			c.Path = filepath.Join(root, c.Path)
		}
	}
	for i, ch := range s.Changes {
		if ch.Path != "" && !filepath.IsAbs(ch.Path) {
			s.Changes[i].Path = filepath.Join(root, ch.Path)
		}
	}
}
