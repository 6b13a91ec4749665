package session

import "slices"

// A session read as a stream can be shown before its end: Options.Until
// sees it after each line, and what it copies there is the reader's to
// keep while the parsing goes on.

// Clone is a copy of c that the records after it do not change.
func (c *Call) Clone() *Call {
	d := *c
	d.Args = slices.Clone(c.Args)
	if c.Result != nil {
		r := *c.Result
		r.Attachments = slices.Clone(c.Result.Attachments)
		if c.Result.File != nil {
			f := *c.Result.File
			r.File = &f
		}
		d.Result = &r
	}
	return &d
}

// Settled is how many calls, from the first, are answered as far as a
// reader can tell: every read among them has its result. A later record
// may still replace a result (Claude Code's request form of it) or mark a
// repeat; the finished session has the last word.
func (s *Session) Settled() int {
	for i, c := range s.Calls {
		if c.Kind != KindOther && c.Result == nil {
			return i
		}
	}
	return len(s.Calls)
}
