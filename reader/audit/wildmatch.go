package audit

import "strings"

// wildmatch matches text against a pattern as git's wildmatch() does with
// WM_PATHNAME, which is how git-config(1) matches the patterns of
// includeIf's gitdir: and onbranch: conditions: "?", "*" and a class never
// match a "/"; "**" between slashes (or at an end) matches any number of
// directories, "**/" none too; elsewhere "**" is one "*"; "\" takes the
// next character as it is. fold is gitdir/i:'s case-insensitive match.
func wildmatch(pattern, text string, fold bool) bool {
	flags := wmPathname
	if fold {
		flags |= wmCasefold
	}
	return dowild(pattern, text, flags) == wmMatch
}

// The flags of git's wildmatch(): WM_PATHNAME and WM_CASEFOLD. The ignore
// rules match a pattern without "/" against a name with neither, a path
// with WM_PATHNAME, and add WM_CASEFOLD under core.ignoreCase.
const (
	wmPathname = 1 << iota
	wmCasefold
)

// What dowild answers. The two aborts end the search early where no other
// way of matching the stars could succeed; both are no match.
type wmResult int

const (
	wmMatch wmResult = iota
	wmNoMatch
	wmAbortAll
	wmAbortToStarStar
)

// dowild takes git's dowild() step by step, so that every odd pattern (a
// trailing "\", a class left open, an unknown [:name:], folding that leaves
// the letters of a class as written) answers as git's does. Past its end a
// string reads as 0, as a C string does; a name holds no 0.
func dowild(p, text string, flags int) wmResult {
	fold := flags&wmCasefold != 0
	ti := 0
	for pi := 0; pi < len(p); pi, ti = pi+1, ti+1 {
		pch := p[pi]
		if ti >= len(text) && pch != '*' {
			return wmAbortAll
		}
		tch := at(text, ti)
		if fold {
			tch, pch = lowerASCII(tch), lowerASCII(pch)
		}
		switch pch {
		case '\\':
			// The next character as written, unfolded; a trailing "\"
			// matches nothing.
			pi++
			if tch != at(p, pi) {
				return wmNoMatch
			}
		case '?':
			if flags&wmPathname != 0 && tch == '/' {
				return wmNoMatch
			}
		case '*':
			pi++
			matchSlash := flags&wmPathname == 0 // without WM_PATHNAME, "*" is "**"
			if at(p, pi) == '*' {
				startsElement := pi < 2 || p[pi-2] == '/'
				for at(p, pi) == '*' {
					pi++
				}
				c := at(p, pi)
				if startsElement && (c == 0 || c == '/' || c == '\\' && at(p, pi+1) == '/') {
					// "**/": no directory at all first.
					if c == '/' && dowild(p[pi+1:], text[ti:], flags) == wmMatch {
						return wmMatch
					}
					matchSlash = true
				} else {
					matchSlash = false
				}
			}
			if pi == len(p) {
				// A trailing "**" matches everything; a trailing "*"
				// whatever holds no "/".
				if !matchSlash && strings.IndexByte(text[ti:], '/') >= 0 {
					return wmNoMatch
				}
				return wmMatch
			}
			if !matchSlash && p[pi] == '/' {
				// One "*" and a "/": the rest of this directory's name.
				slash := strings.IndexByte(text[ti:], '/')
				if slash < 0 {
					return wmNoMatch
				}
				ti += slash // the loop steps over both slashes
				continue
			}
			return starRest(p[pi:], text, ti, flags, matchSlash)
		case '[':
			end, matched, ok := matchClass(p, pi, tch, fold)
			if !ok {
				return wmAbortAll
			}
			if !matched || flags&wmPathname != 0 && tch == '/' {
				return wmNoMatch
			}
			pi = end
		default:
			if tch != pch {
				return wmNoMatch
			}
		}
	}
	if ti < len(text) {
		return wmNoMatch
	}
	return wmMatch
}

// starRest matches rest, which follows a star, against text from ti on,
// the star taking ever more of it; matchSlash lets the star take a "/".
func starRest(rest, text string, ti, flags int, matchSlash bool) wmResult {
	fold := flags&wmCasefold != 0
	for ti < len(text) {
		tch := at(text, ti)
		if !isGlobSpecial(rest[0]) {
			// A literal next: step to where it stands.
			want := rest[0]
			if fold {
				want = lowerASCII(want)
			}
			for ; ti < len(text); ti++ {
				tch = text[ti]
				if fold {
					tch = lowerASCII(tch)
				}
				if !matchSlash && tch == '/' || tch == want {
					break
				}
			}
			if tch != want || ti >= len(text) {
				return wmNoMatch
			}
		}
		switch r := dowild(rest, text[ti:], flags); {
		case r == wmNoMatch:
			if !matchSlash && tch == '/' {
				return wmAbortToStarStar
			}
		case !matchSlash || r != wmAbortToStarStar:
			return r
		}
		ti++
	}
	return wmAbortAll
}

// matchClass reads the class that opens at p[i] and says whether tch (the
// text's character, folded when fold) is in it; end is the index of its
// "]". ok is false where git gives up on the whole match: a class or a
// [:name:] not closed, a name it does not know.
func matchClass(p string, i int, tch byte, fold bool) (end int, matched, ok bool) {
	i++
	pch := at(p, i)
	if pch == '^' {
		pch = '!'
	}
	negated := pch == '!'
	if negated {
		i++
		pch = at(p, i)
	}
	var prev byte
	for {
		if pch == 0 {
			return 0, false, false
		}
		switch {
		case pch == '\\':
			i++
			if pch = at(p, i); pch == 0 {
				return 0, false, false
			}
			matched = matched || tch == pch
		case pch == '-' && prev != 0 && at(p, i+1) != 0 && at(p, i+1) != ']':
			i++
			pch = p[i]
			if pch == '\\' {
				i++
				if pch = at(p, i); pch == 0 {
					return 0, false, false
				}
			}
			switch {
			case prev <= tch && tch <= pch:
				matched = true
			case fold && 'a' <= tch && tch <= 'z':
				if u := tch - 'a' + 'A'; prev <= u && u <= pch {
					matched = true
				}
			}
			pch = 0 // a range starts no range
		case pch == '[' && at(p, i+1) == ':':
			s := i + 2
			j := s
			for j < len(p) && p[j] != ']' {
				j++
			}
			if j >= len(p) {
				return 0, false, false
			}
			if j-s-1 < 0 || p[j-1] != ':' {
				// No ":]": the "[" is a character of the class.
				matched = matched || tch == '['
				break
			}
			in, known := inNamedClass(p[s:j-1], tch, fold)
			if !known {
				return 0, false, false
			}
			matched = matched || in
			i, pch = j, 0
		default:
			matched = matched || tch == pch
		}
		prev = pch
		i++
		if pch = at(p, i); pch == ']' {
			return i, matched != negated, true
		}
	}
}

// inNamedClass is a POSIX class such as [:alpha:], over ASCII as git's;
// known is false for a name git does not know. Under fold c is lower case
// already, and [:upper:] takes lower-case letters too, as git's does.
func inNamedClass(name string, c byte, fold bool) (in, known bool) {
	lower, upper, digit := 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9'
	switch name {
	case "alnum":
		return lower || upper || digit, true
	case "alpha":
		return lower || upper, true
	case "blank":
		return c == ' ' || c == '\t', true
	case "cntrl":
		return c < 0x20 || c == 0x7f, true
	case "digit":
		return digit, true
	case "graph":
		return c > 0x20 && c < 0x7f, true
	case "lower":
		return lower, true
	case "print":
		return c >= 0x20 && c < 0x7f, true
	case "punct":
		return c > 0x20 && c < 0x7f && !lower && !upper && !digit, true
	case "space":
		// git's own ctype: no \v or \f.
		return c == ' ' || c == '\t' || c == '\n' || c == '\r', true
	case "upper":
		return upper || fold && lower, true
	case "xdigit":
		return digit || ('a' <= c && c <= 'f') || ('A' <= c && c <= 'F'), true
	}
	return false, false
}

func isGlobSpecial(c byte) bool { return c == '*' || c == '?' || c == '[' || c == '\\' }

// at is s[i], or 0 past its end.
func at(s string, i int) byte {
	if i < len(s) {
		return s[i]
	}
	return 0
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
