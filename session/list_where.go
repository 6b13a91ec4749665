package session

import (
	"path/filepath"
	"strings"
	"unicode/utf16"
)

// candidate is a file that may be a session of the listed directory.
type candidate struct{ agent, path string }

// candidates are the session files of every agent that may belong to one
// of dirs. Claude Code and pi name a session's folder after its working
// directory, each character for one: a folder whose name does not begin
// with a dir's is another project's and is not opened. Codex's and Gemini
// CLI's folders do not say, so each of their files is probed.
func candidates(opt ListOptions, dirs []string) []candidate {
	var out []candidate
	add := func(agent, pattern string, keep func(folder string) bool) {
		m, _ := filepath.Glob(pattern)
		for _, p := range m {
			if keep == nil || keep(filepath.Base(filepath.Dir(p))) {
				out = append(out, candidate{agent, p})
			}
		}
	}
	claude := opt.Getenv("CLAUDE_CONFIG_DIR")
	if claude == "" {
		claude = filepath.Join(opt.Home, ".claude")
	}
	add("claude-code", filepath.Join(claude, "projects", "*", "*.jsonl"), func(folder string) bool {
		// Claude Code shortens a name past 200 characters, adding a hash.
		return len(folder) > 200 || hasPrefixOf(folder, dirs, claudeFolder)
	})
	if dir := expandTilde(opt.Getenv("PI_CODING_AGENT_SESSION_DIR"), opt.Home); dir != "" {
		add("pi", filepath.Join(dir, "*.jsonl"), nil)
	} else {
		agent := expandTilde(opt.Getenv("PI_CODING_AGENT_DIR"), opt.Home)
		if agent == "" {
			agent = filepath.Join(opt.Home, ".pi", "agent")
		}
		add("pi", filepath.Join(agent, "sessions", "--*--", "*.jsonl"), func(folder string) bool {
			return hasPrefixOf(folder, dirs, piFolder)
		})
	}
	codex := opt.Getenv("CODEX_HOME")
	if codex == "" {
		codex = filepath.Join(opt.Home, ".codex")
	}
	add("codex", filepath.Join(codex, "sessions", "*", "*", "*", "rollout-*.jsonl"), nil)
	// codex archive moves a rollout into archived_sessions, by its name.
	add("codex", filepath.Join(codex, "archived_sessions", "rollout-*.jsonl"), nil)
	gemini := opt.Getenv("GEMINI_CLI_HOME")
	if gemini == "" {
		gemini = opt.Home
	}
	add("gemini-cli", filepath.Join(gemini, ".gemini", "tmp", "*", "chats", "session-*.jsonl"), nil)
	// Up to 0.38.2, one JSON document a chat.
	add("gemini-cli", filepath.Join(gemini, ".gemini", "tmp", "*", "chats", "session-*.json"), nil)
	return out
}

// hasPrefixOf reports whether a folder's name begins with the name the
// agent gives one of dirs: the folder of a directory at or below it.
func hasPrefixOf(folder string, dirs []string, name func(string) string) bool {
	for _, d := range dirs {
		if strings.HasPrefix(folder, name(d)) {
			return true
		}
	}
	return false
}

// claudeFolder is the start of the folder Claude Code names after dir:
// every character but an ASCII letter or digit becomes '-', one for each
// of its UTF-16 code units (JavaScript's replace(/[^a-zA-Z0-9]/g, "-")).
func claudeFolder(dir string) string {
	var b strings.Builder
	for _, c := range dir {
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
			b.WriteRune(c)
			continue
		}
		n := utf16.RuneLen(c)
		if n < 1 {
			n = 1
		}
		b.WriteString(strings.Repeat("-", n))
	}
	return b.String()
}

// piFolder is the start of the folder pi names after dir: "--", then dir
// without its leading slash, each / \ and : as '-' (its closing "--" is
// left out, so that the folders of directories below dir match too).
func piFolder(dir string) string {
	dir = strings.TrimPrefix(dir, "/")
	return "--" + strings.NewReplacer("/", "-", `\`, "-", ":", "-").Replace(dir)
}

// expandTilde is path with a leading ~ as home, as pi expands its variables.
func expandTilde(path, home string) string {
	if path == "~" {
		return home
	}
	if rest, ok := strings.CutPrefix(path, "~/"); ok {
		return filepath.Join(home, rest)
	}
	return path
}

// dataHome is where opencode keeps its data: $XDG_DATA_HOME, else
// ~/.local/share.
func dataHome(opt ListOptions) string {
	if d := opt.Getenv("XDG_DATA_HOME"); d != "" {
		return d
	}
	return filepath.Join(opt.Home, ".local", "share")
}
