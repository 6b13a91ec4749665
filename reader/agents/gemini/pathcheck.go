package gemini

import (
	"fmt"
	"strings"
	"unicode/utf16"
)

// Gemini CLI's pre-flight limits on a path (utils/path-validator.js), in
// JavaScript's characters: UTF-16 code units.
const (
	gmMaxPath      = 4096
	gmMaxComponent = 255
)

// gmLogMarkers are the starts of test-runner output that Gemini CLI takes
// for a log the model misread as a path, at the start of the path or of
// any of its components.
var gmLogMarkers = []string{"AssertionError:", "FAIL ", "✓ ", "× ", "TestingLibraryElementError:"}

// gmValidatePath is validatePath, which validatePathAccess asks of the
// resolved path before the workspace check: "" when the path passes,
// else the reason validatePathAccess words as "Invalid path: " + reason.
func gmValidatePath(p string) string {
	if strings.ContainsAny(p, "\n\r\x00\t") {
		return "Path contains invalid characters (newlines or control characters)."
	}
	for _, m := range gmLogMarkers {
		if strings.HasPrefix(p, m) || strings.Contains(p, "/"+m) || strings.Contains(p, `\`+m) {
			return "Path appears to be a misinterpreted log fragment."
		}
	}
	if (strings.Contains(p, `"`) || strings.Contains(p, "...")) && jsLength(p) > 20 {
		return "Path contains suspicious characters (double quotes or ellipses) and is too long to be a simple filename."
	}
	if jsLength(p) > gmMaxPath {
		return fmt.Sprintf("Path is too long (maximum %d characters).", gmMaxPath)
	}
	for _, c := range strings.FieldsFunc(p, func(r rune) bool { return r == '/' || r == '\\' }) {
		if jsLength(c) > gmMaxComponent {
			return fmt.Sprintf("Path component \"%s...\" is too long (maximum %d characters).", jsPrefix(c, 20), gmMaxComponent)
		}
	}
	return ""
}

// jsLength is a string's length in JavaScript: its UTF-16 code units.
func jsLength(s string) int {
	n := 0
	for _, r := range s {
		n += utf16.RuneLen(r)
	}
	return n
}

// jsPrefix is s.substring(0, n). A surrogate pair it splits leaves half a
// character, which reaches the model as U+FFFD.
func jsPrefix(s string, n int) string {
	u := utf16.Encode([]rune(s))
	return string(utf16.Decode(u[:min(n, len(u))]))
}
