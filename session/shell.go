package session

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/readlens/readlens/internal/lazyregexp"
)

// Agents read through their shell too: Codex mostly with `sed -n '1,200p'
// file`, Claude Code and others at times with cat or head. A command that
// does nothing but print one file's lines is a read; anything more (a
// pipe, a redirection, a variable, a glob, two commands) is not, since its
// output is no longer the file's.

// shellRead recognises cat, nl, head and sed -n on one file, and returns
// the file and the lines printed.
func shellRead(command string) (path string, span Span, ok bool) {
	words, ok := shellWords(command)
	if !ok || len(words) < 2 {
		return "", Span{}, false
	}
	name, args := words[0], words[1:]
	var files []string
	switch name {
	case "cat", "nl":
		for i := 0; i < len(args); i++ {
			a := args[i]
			switch {
			case name == "cat" && a == "-n", name == "nl" && a == "-ba":
			case name == "nl" && a == "-b" && i+1 < len(args) && args[i+1] == "a":
				i++
			case strings.HasPrefix(a, "-") && a != "-":
				return "", Span{}, false
			default:
				files = append(files, a)
			}
		}
		span = Span{From: 1}
	case "head":
		n := 10
		for i := 0; i < len(args); i++ {
			a := args[i]
			switch {
			case a == "-n" && i+1 < len(args):
				i++
				a = args[i]
				fallthrough
			case isCount(a):
				v, err := strconv.Atoi(a)
				if err != nil {
					return "", Span{}, false
				}
				n = v
			case strings.HasPrefix(a, "-n") && isCount(a[2:]):
				n, _ = strconv.Atoi(a[2:])
			case strings.HasPrefix(a, "--lines="):
				v, err := strconv.Atoi(a[len("--lines="):])
				if err != nil {
					return "", Span{}, false
				}
				n = v
			case strings.HasPrefix(a, "-") && len(a) > 1 && isCount(a[1:]):
				n, _ = strconv.Atoi(a[1:])
			case strings.HasPrefix(a, "-") && a != "-":
				return "", Span{}, false
			default:
				files = append(files, a)
			}
		}
		if n < 1 {
			return "", Span{}, false
		}
		span = Span{From: 1, To: n}
	case "sed":
		if len(args) != 3 || args[0] != "-n" {
			return "", Span{}, false
		}
		m := sedPrint.FindStringSubmatch(args[1])
		if m == nil {
			return "", Span{}, false
		}
		from, _ := strconv.Atoi(m[1])
		to := from
		switch m[2] {
		case "":
		case "$":
			to = 0
		default:
			to, _ = strconv.Atoi(m[2])
		}
		if from < 1 || (to != 0 && to < from) {
			return "", Span{}, false
		}
		span, files = Span{From: from, To: to}, args[2:]
	default:
		return "", Span{}, false
	}
	if len(files) != 1 || files[0] == "-" {
		return "", Span{}, false
	}
	return files[0], span, true
}

var sedPrint = lazyregexp.New(`^([0-9]+)(?:,([0-9]+|\$))?p$`)

func isCount(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// shellWords splits a command line into words the way a POSIX shell
// would, for the plain commands shellRead accepts: quotes and backslashes
// are honoured; expansions, globs, operators and redirections make it
// refuse.
func shellWords(s string) ([]string, bool) {
	var words []string
	var w strings.Builder
	in := false // a word is being built
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			if in {
				words = append(words, w.String())
				w.Reset()
				in = false
			}
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, false
			}
			w.WriteString(s[i+1 : i+1+j])
			i += j + 1
			in = true
		case c == '"':
			j := i + 1
			for ; j < len(s) && s[j] != '"'; j++ {
				switch s[j] {
				case '$', '`', '\\':
					return nil, false
				}
			}
			if j == len(s) {
				return nil, false
			}
			w.WriteString(s[i+1 : j])
			i = j
			in = true
		case c == '\\':
			if i+1 == len(s) || s[i+1] == '\n' {
				return nil, false
			}
			i++
			w.WriteByte(s[i])
			in = true
		case strings.IndexByte("|&;<>()$`*?[]{}~!#\n\r", c) >= 0:
			return nil, false
		default:
			w.WriteByte(c)
			in = true
		}
	}
	if in {
		words = append(words, w.String())
	}
	return words, true
}

// spanKey is a shell read's lines, for telling repeats.
func spanKey(s Span) string { return fmt.Sprintf("%d-%d", s.From, s.To) }

// String is the span as a person reads it: "10-12", "1-2", "10-end", "whole".
func (s Span) String() string {
	switch {
	case s.From <= 1 && s.To == 0:
		return "whole"
	case s.To == 0:
		return fmt.Sprintf("%d-end", s.From)
	}
	return fmt.Sprintf("%d-%d", s.From, s.To)
}
