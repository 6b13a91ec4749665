package crush

import (
	"path/filepath"
	"strings"
	"sync/atomic"

	"github.com/readlens/readlens/reader"
)

// crSkillLimit is the line limit view.go gives a skill file when the call
// names none: "effectively no limit". A skill file has no section cap
// either, and is read without asking even outside the working directory.
const crSkillLimit = 1000000

// crSkillsSubdirs are the project directories crush finds skills in
// (config.projectSkillSubdirs), under the working directory and under the
// git worktree's root.
var crSkillsSubdirs = []string{".agents/skills", ".crush/skills", ".claude/skills", ".cursor/skills"}

// crSkillsDirs are the skills directories of crush's default configuration:
// config.GlobalSkillsDirs (its XDG_CONFIG_HOME taken to be ~/.config, and
// no CRUSH_SKILLS_DIR), then config.ProjectSkillsDir. A crush.json's own
// skills_paths are not known here.
func crSkillsDirs(env reader.Env) []string {
	// The same for every call of a run: the last answer is kept.
	k := crSkillsKey{env.Home, env.Cwd, env.Worktree}
	if last := crSkillsLast.Load(); last != nil && last.key == k {
		return last.dirs
	}
	dirs := crSkillsDirsOf(env)
	crSkillsLast.Store(&crSkillsAnswer{k, dirs})
	return dirs
}

type crSkillsKey struct{ home, cwd, worktree string }

type crSkillsAnswer struct {
	key  crSkillsKey
	dirs []string // never changed once kept
}

var crSkillsLast atomic.Pointer[crSkillsAnswer]

func crSkillsDirsOf(env reader.Env) []string {
	var dirs []string
	if env.Home != "" {
		config := filepath.Join(env.Home, ".config")
		dirs = append(dirs, filepath.Join(config, "crush", "skills"), filepath.Join(config, "agents", "skills"),
			filepath.Join(env.Home, ".agents", "skills"), filepath.Join(env.Home, ".claude", "skills"))
	}
	roots := []string{env.Cwd}
	if env.Worktree != "" && env.Worktree != env.Cwd {
		roots = append(roots, env.Worktree)
	}
	for _, root := range roots {
		for _, sub := range crSkillsSubdirs {
			dirs = append(dirs, filepath.Join(root, sub))
		}
	}
	return dirs
}

// crSkillFile is view.go's isInSkillsPath: the file, its links resolved,
// lies in a skills directory, its links resolved too. Either must exist.
func crSkillFile(env reader.Env, path string) bool {
	file, ok := reader.RealPath(env.FS, path)
	if !ok {
		return false
	}
	for _, dir := range crSkillsDirs(env) {
		// Most of them are absent: one stat says so, where resolving
		// each step of the name took a plan's every call a dozen.
		if _, err := env.FS.Stat(dir); err != nil {
			continue
		}
		real, ok := reader.RealPath(env.FS, dir)
		if !ok {
			continue
		}
		// The tool's test: a name that starts with ".." is outside too.
		if rel, err := filepath.Rel(real, file); err == nil && !strings.HasPrefix(rel, "..") {
			return true
		}
	}
	return false
}
