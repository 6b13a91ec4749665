package session

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Files are the session files a directory holds, as each agent lays them
// out, newest first: Gemini CLI's chats/session-*.jsonl or .json (the project's
// folder or its chats folder), Claude Code's <session id>.jsonl (a
// project's folder), pi's <time>_<id>.jsonl (a --<cwd>-- folder), Codex's
// rollout-*.jsonl (a day's folder). opencode keeps its sessions in a
// database: a folder holding opencode.db gives that one file, which Open
// reads.
func Files(dir string) ([]string, error) {
	if db := filepath.Join(dir, "opencode.db"); IsSQLite(db) {
		return []string{db}, nil
	}
	var found []string
	// Gemini CLI's chats are .jsonl since 0.39.0, .json before: a folder
	// may hold both.
	for _, group := range [][]string{
		{"session-*.jsonl", "session-*.json"},
		{filepath.Join("chats", "session-*.jsonl"), filepath.Join("chats", "session-*.json")},
		{"*.jsonl"},
	} {
		for _, pattern := range group {
			m, _ := filepath.Glob(filepath.Join(dir, pattern))
			for _, f := range m {
				if st, err := os.Stat(f); err == nil && st.Mode().IsRegular() {
					found = append(found, f)
				}
			}
		}
		if len(found) > 0 {
			break
		}
	}
	if len(found) == 0 {
		return nil, fmt.Errorf("%s holds no session file readlens knows (Claude Code's <id>.jsonl, pi's <time>_<id>.jsonl, Codex's rollout-*.jsonl, Gemini CLI's chats/session-*.jsonl or .json, opencode's opencode.db)", dir)
	}
	mtime := map[string]int64{}
	for _, f := range found {
		if st, err := os.Stat(f); err == nil {
			mtime[f] = st.ModTime().UnixNano()
		}
	}
	sort.SliceStable(found, func(i, j int) bool {
		if mtime[found[i]] != mtime[found[j]] {
			return mtime[found[i]] > mtime[found[j]]
		}
		return found[i] > found[j]
	})
	return found, nil
}

// File is the one session file a directory holds; with several, the
// error names the newest few.
func File(dir string) (string, error) {
	files, err := Files(dir)
	if err != nil {
		return "", err
	}
	if len(files) == 1 {
		return files[0], nil
	}
	shown := files[:min(len(files), 5)]
	more := ""
	if len(files) > len(shown) {
		more = fmt.Sprintf(" and %d more", len(files)-len(shown))
	}
	return "", fmt.Errorf("%s holds %d sessions: give one of them (newest first: %s%s)", dir, len(files), strings.Join(shown, ", "), more)
}
