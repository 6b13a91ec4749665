package session

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// How a JSONL session's lines are read: one at a time through a bounded
// buffer, each decoded as a record, the first ones asked for the
// session's time.

// lineReader hands out one line at a time, holding at most max bytes of
// it: the rest of a longer line is read and dropped.
type lineReader struct {
	r   *bufio.Reader
	max int
	buf []byte
}

// next returns the line without its newline; ended says a newline ended
// it; long says it was longer than max and is dropped (line is nil).
func (l *lineReader) next() (line []byte, ended, long bool, err error) {
	l.buf = l.buf[:0]
	for {
		chunk, err := l.r.ReadSlice('\n')
		if !long {
			if len(l.buf)+len(chunk) > l.max+1 { // +1: the newline
				long = true
				l.buf = l.buf[:0]
			} else {
				l.buf = append(l.buf, chunk...)
			}
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err != nil && (len(l.buf) > 0 || long):
			if long {
				return nil, false, true, err
			}
			return l.buf, false, false, err
		case err != nil:
			return nil, false, false, err
		}
		if long {
			return nil, true, true, nil
		}
		return bytes.TrimSuffix(l.buf, []byte("\n")), true, false, nil
	}
}

// decodeRecord unmarshals one line's JSON object into r, saying why a line
// is not one. embedded names a struct r embeds, whose name the decoder's
// errors put before its fields' names: it is left out of the error.
func decodeRecord(b []byte, r any, embedded string) error {
	if b = bytes.TrimSpace(b); b[0] != '{' {
		if json.Valid(b) {
			return errors.New("not a JSON object")
		}
		return errors.New("not JSON")
	}
	if err := json.Unmarshal(b, r); err != nil {
		var typ *json.UnmarshalTypeError
		if errors.As(err, &typ) {
			field := typ.Field
			if embedded != "" {
				field = strings.TrimPrefix(field, embedded+".")
			}
			return fmt.Errorf("not a record: %q is a %s", field, typ.Value)
		}
		return errors.New("not JSON")
	}
	return nil
}

// recordTime is the time a JSONL record gives, as each format stores it
// on its first records: Claude Code's, pi's and Codex's "timestamp",
// Gemini CLI's metadata's "startTime"; zero when it gives none.
func recordTime(line []byte) time.Time {
	var r struct {
		Timestamp string `json:"timestamp"`
		StartTime string `json:"startTime"`
	}
	_ = json.Unmarshal(line, &r)
	for _, v := range []string{r.Timestamp, r.StartTime} {
		if t, err := time.Parse(time.RFC3339Nano, v); err == nil {
			return t.UTC()
		}
	}
	return time.Time{}
}
