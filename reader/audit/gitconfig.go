package audit

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/config"
)

// excludesFile is the user's excludes file as git finds it: core.excludesFile
// from the system, global and repository configuration (the last one set
// wins), else $XDG_CONFIG_HOME/git/ignore, $HOME/.config/git/ignore when
// XDG_CONFIG_HOME is unset. A relative name is taken from top, where git
// runs once it has found the work tree. [include] sections are not
// followed: that is the one way this can miss a setting git would see.
func excludesFile(top, commonDir string) string {
	home, _ := os.UserHomeDir()
	xdg := os.Getenv("XDG_CONFIG_HOME")
	if xdg == "" && home != "" {
		xdg = filepath.Join(home, ".config")
	}
	var files []string
	if os.Getenv("GIT_CONFIG_NOSYSTEM") == "" {
		if f := os.Getenv("GIT_CONFIG_SYSTEM"); f != "" {
			files = append(files, f)
		} else {
			files = append(files, "/etc/gitconfig")
		}
	}
	if f := os.Getenv("GIT_CONFIG_GLOBAL"); f != "" {
		files = append(files, f)
	} else {
		if xdg != "" {
			files = append(files, filepath.Join(xdg, "git", "config"))
		}
		if home != "" {
			files = append(files, filepath.Join(home, ".gitconfig"))
		}
	}
	files = append(files, filepath.Join(commonDir, "config"))
	name := ""
	for _, f := range files {
		if v := configValue(f, "core", "excludesfile"); v != "" {
			name = v
		}
	}
	if name == "" {
		if xdg == "" {
			return ""
		}
		return filepath.Join(xdg, "git", "ignore")
	}
	if rest, ok := strings.CutPrefix(name, "~/"); ok && home != "" {
		name = filepath.Join(home, rest)
	}
	if !filepath.IsAbs(name) {
		name = filepath.Join(top, name)
	}
	return name
}

// configValue is the last value of section.key in a git config file, or
// "" when the file is missing, unreadable or does not set it.
func configValue(file, section, key string) string {
	b, err := readSmall(file, patternFileMax)
	if err != nil {
		return ""
	}
	c := config.New()
	if err := config.NewDecoder(bytes.NewReader(b)).Decode(c); err != nil {
		return ""
	}
	return c.Section(section).Options.Get(key)
}
