package crush

import (
	"slices"
	"strings"

	"github.com/readlens/readlens/reader"
)

// crBuiltinPrefix names the skill files built into crush
// (skills.BuiltinPrefix): view.go reads them from its embedded file
// system, never from the disk.
const crBuiltinPrefix = "crush://skills/"

// crBuiltin are the files crush 37f36e9 embeds under internal/skills/builtin.
// fs.ReadFile on the embedded tree opens only these exact names: a
// directory, "..", "." or a doubled slash is not found.
var crBuiltin = []string{"crush-config/SKILL.md", "crush-hooks/SKILL.md", "jq/SKILL.md"}

// crBuiltinFile answers a crush://skills/ path: crush's not-found error for
// a name it does not embed; for one it does, readlens's note that it does
// not hold crush's text (no answer, rather than a wrong one).
func crBuiltinFile(path string) *reader.Outcome {
	name := strings.TrimPrefix(path, crBuiltinPrefix)
	if !slices.Contains(crBuiltin, name) {
		return reader.Fail("Builtin file not found: " + path)
	}
	return &reader.Outcome{Note: "crush answers " + path + " from the skill file built into it, which readlens does not hold"}
}
