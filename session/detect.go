package session

import (
	"encoding/json"
	"errors"
	"sort"
)

// lineParser reads one format's records, a line at a time; an error says
// the line is not a record of it.
type lineParser interface {
	line(n int, b []byte) error
}

// formats are the session formats, by the profile of the agent that writes
// them.
var formats = map[string]func(*Session) lineParser{
	"claude-code": func(s *Session) lineParser { return newClaude(s) },
	"pi":          func(s *Session) lineParser { return newPi(s) },
	"codex":       func(s *Session) lineParser { return newCodex(s) },
}

// Formats are the agents whose session files Parse reads, sorted.
func Formats() []string {
	var names []string
	for n := range formats {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

var errNotRecord = errors.New("not a JSON record")

// detect tells the format from the first line that is a JSON object with
// a type: pi's sessions begin with their header {"type":"session",
// "version":N,…}, Codex's rollouts wrap every record as
// {"timestamp","type","payload"}; any other is read as Claude Code's.
// Until such a line comes (a half-written first line), there is none.
func detect(s *Session, line []byte) lineParser {
	var r struct {
		Type    string          `json:"type"`
		Version json.RawMessage `json:"version"`
		Payload json.RawMessage `json:"payload"`
	}
	if json.Unmarshal(line, &r) != nil || r.Type == "" {
		return nil
	}
	agent := "claude-code"
	switch {
	case r.Type == "session" && len(r.Version) > 0:
		agent = "pi"
	case len(r.Payload) > 0 && codexTypes[r.Type]:
		agent = "codex"
	}
	newParser, ok := formats[agent]
	if !ok {
		newParser = formats["claude-code"]
	}
	return newParser(s)
}
