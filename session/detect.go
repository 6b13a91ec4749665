package session

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
)

// lineParser reads one format's records, a line at a time; an error says
// the line is not a record of it.
type lineParser interface {
	line(n int, b []byte) error
}

// format is how one agent's session file is read: a record a line (lines),
// or one JSON document read as a stream (document).
type format struct {
	lines    func(*Session) lineParser
	document func(*bufio.Reader, *Session)
}

// formats are the session formats, by the profile of the agent that writes
// them. --agent picks one of these; Formats lists them.
var formats = map[string]format{
	"claude-code": {lines: func(s *Session) lineParser { return newClaude(s) }},
	"pi":          {lines: func(s *Session) lineParser { return newPi(s) }},
	"codex":       {lines: func(s *Session) lineParser { return newCodex(s) }},
	"gemini-cli":  {lines: func(s *Session) lineParser { return newGemini(s) }},
	"opencode":    {document: parseOpencode},
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

// KnownAgent says whether Parse reads agent's sessions ("" tells the agent
// from the file): nil, or the error naming the agents it does read, which
// the CLI gives as --agent's.
func KnownAgent(agent string) error {
	if _, ok := formats[agent]; ok || agent == "" {
		return nil
	}
	return fmt.Errorf("agent %q: readlens reads the sessions of %s", agent, join(Formats()))
}

// formatOf is the format to read br as: the named agent's, or the one the
// stream's start tells. A JSONL session's format is told later, from its
// first record (detect): then formatOf returns the zero format.
func formatOf(agent string, br *bufio.Reader) (format, error) {
	if err := KnownAgent(agent); err != nil {
		return format{}, err
	}
	if isSQLite(br) {
		return format{}, ErrSQLite
	}
	if (agent == "" || agent == "gemini-cli") && isGeminiJSON(br) {
		return format{document: parseGeminiJSON}, nil // before 0.39.0
	}
	if agent != "" {
		return formats[agent], nil
	}
	if isOpencodeExport(br) {
		return formats["opencode"], nil
	}
	return format{}, nil
}

var errNotRecord = errors.New("not a JSON record")

// detect tells a JSONL format from the first line that is one of its
// records: Gemini CLI's chats begin with their metadata {"sessionId",
// "projectHash",…} (no type); pi's sessions with their header
// {"type":"session","version":N,…}; Codex's rollouts wrap every record as
// {"timestamp","type","payload"}; any other JSON object with a type is
// read as Claude Code's. Until such a line comes (a half-written first
// line), there is none.
func detect(s *Session, line []byte) lineParser {
	if isGeminiFirst(line) {
		return formats["gemini-cli"].lines(s)
	}
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
	return formats[agent].lines(s)
}
