package session

// A session read as a stream can be shown before its end: Options.Until
// sees it after each line, and what it copies there is the reader's to
// keep while the parsing goes on.

// Clone is a copy of c that the records after it do not change. Its
// Result and Args are c's: every format's parser makes a new Result when
// a later record gives another form of it, and changes a Result only
// while reading the line that made it, so a Result seen by Until is never
// changed again; Args are set when the call is made. Sharing them keeps a
// long session's batches from holding each call twice.
func (c *Call) Clone() *Call {
	d := *c
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
