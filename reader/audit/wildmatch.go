package audit

import "strings"

// wildmatch matches text against a pattern as git's wildmatch() does with
// WM_PATHNAME, which is how git-config(1) matches the patterns of
// includeIf's gitdir: and onbranch: conditions: "?", "*" and a class never
// match a "/"; "**" between slashes (or at an end) matches any number of
// directories, "**/" none too; elsewhere "**" is one "*"; "\" takes the
// next character as it is. fold is gitdir/i:'s case-insensitive match.
func wildmatch(pattern, text string, fold bool) bool {
	if fold {
		pattern, text = strings.ToLower(pattern), strings.ToLower(text)
	}
	return wild(pattern, 0, text)
}

// wild matches pattern[i:] against text; i tells whether "**" starts a
// path element.
func wild(pattern string, i int, text string) bool {
	for ; i < len(pattern); i++ {
		c := pattern[i]
		switch c {
		case '\\':
			if i+1 < len(pattern) {
				i++
			}
			if text == "" || text[0] != pattern[i] {
				return false
			}
			text = text[1:]
		case '?':
			if text == "" || text[0] == '/' {
				return false
			}
			text = text[1:]
		case '*':
			atStart := i == 0 || pattern[i-1] == '/'
			stars := i
			for i < len(pattern) && pattern[i] == '*' {
				i++
			}
			if i-stars >= 2 && atStart && (i == len(pattern) || pattern[i] == '/') {
				if i == len(pattern) {
					return true // a trailing "/**": everything below
				}
				// "**/": no directory, or any number of them.
				if wild(pattern, i+1, text) {
					return true
				}
				for j := 0; j < len(text); j++ {
					if text[j] == '/' && wild(pattern, i+1, text[j+1:]) {
						return true
					}
				}
				return false
			}
			// One "*": any run with no slash.
			for j := 0; j <= len(text); j++ {
				if wild(pattern, i, text[j:]) {
					return true
				}
				if j < len(text) && text[j] == '/' {
					return false
				}
			}
			return false
		case '[':
			if text == "" || text[0] == '/' {
				return false
			}
			end, ok := matchClass(pattern, i, text[0])
			if end < 0 || !ok {
				return false
			}
			i = end
			text = text[1:]
		default:
			if text == "" || text[0] != c {
				return false
			}
			text = text[1:]
		}
	}
	return text == ""
}

// matchClass reads the class that opens at pattern[i] and says whether ch
// is in it; end is the index of its "]", or -1 when it is not closed (git
// then matches nothing).
func matchClass(pattern string, i int, ch byte) (end int, ok bool) {
	i++
	negate := i < len(pattern) && (pattern[i] == '!' || pattern[i] == '^')
	if negate {
		i++
	}
	matched := false
	for first := true; i < len(pattern); first = false {
		c := pattern[i]
		if c == ']' && !first {
			return i, matched != negate
		}
		if c == '[' && i+1 < len(pattern) && pattern[i+1] == ':' {
			if close := strings.Index(pattern[i+2:], ":]"); close >= 0 {
				matched = matched || inNamedClass(pattern[i+2:i+2+close], ch)
				i += close + 4
				continue
			}
		}
		if c == '\\' && i+1 < len(pattern) {
			i++
			c = pattern[i]
		}
		lo, hi := c, c
		if i+2 < len(pattern) && pattern[i+1] == '-' && pattern[i+2] != ']' {
			j := i + 2
			if pattern[j] == '\\' && j+1 < len(pattern) {
				j++
			}
			hi, i = pattern[j], j
		}
		matched = matched || (lo <= ch && ch <= hi)
		i++
	}
	return -1, false
}

// inNamedClass is a POSIX class such as [:alpha:], over ASCII as git's.
func inNamedClass(name string, c byte) bool {
	lower, upper, digit := 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9'
	switch name {
	case "alnum":
		return lower || upper || digit
	case "alpha":
		return lower || upper
	case "blank":
		return c == ' ' || c == '\t'
	case "cntrl":
		return c < 0x20 || c == 0x7f
	case "digit":
		return digit
	case "graph":
		return c > 0x20 && c < 0x7f
	case "lower":
		return lower
	case "print":
		return c >= 0x20 && c < 0x7f
	case "punct":
		return c > 0x20 && c < 0x7f && !lower && !upper && !digit
	case "space":
		return c == ' ' || (c >= '\t' && c <= '\r')
	case "upper":
		return upper
	case "xdigit":
		return digit || ('a' <= c && c <= 'f') || ('A' <= c && c <= 'F')
	}
	return false
}
