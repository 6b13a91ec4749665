package audit

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/go-git/gcfg"
	"github.com/go-git/go-git/v5/plumbing/format/config"
)

// gitSettings are what the listing takes from git's configuration.
type gitSettings struct {
	excludesFile string // "" for none
	ignoreCase   bool   // core.ignoreCase
}

// readGitSettings reads the system, global and repository configuration
// (and the work tree's config.worktree when extensions.worktreeConfig is
// on), the last value set winning, with [include] and [includeIf] sections
// followed in place (gitconfig_include.go).
//
// The excludes file is core.excludesFile, else $XDG_CONFIG_HOME/git/ignore,
// $HOME/.config/git/ignore when XDG_CONFIG_HOME is unset; set empty, it is
// none. A relative name is taken from top, where git runs once it has
// found the work tree.
func readGitSettings(top, gitDir, commonDir string) (gitSettings, error) {
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
	repoConfig := filepath.Join(commonDir, "config")
	files = append(files, repoConfig)
	if configBool(configValue(repoConfig, "extensions", "worktreeconfig")) {
		files = append(files, filepath.Join(gitDir, "config.worktree"))
	}
	var cfg gitSettings
	name, named := "", false
	cr := &configReader{files: files, gitDir: gitDir, home: home}
	cr.set = func(e configEntry) error {
		switch {
		case e.is("core", "excludesfile"):
			name, named = e.value, true
		case e.is("core", "ignorecase"):
			cfg.ignoreCase = e.blank || configBool(e.value)
		}
		return nil
	}
	if err := cr.readAll(); err != nil {
		return gitSettings{}, err
	}
	switch {
	case !named:
		if xdg != "" {
			cfg.excludesFile = filepath.Join(xdg, "git", "ignore")
		}
	case name != "":
		if expanded, ok := expandHome(name, home); ok {
			name = expanded
		}
		if !filepath.IsAbs(name) {
			name = filepath.Join(top, name)
		}
		cfg.excludesFile = name
	}
	return cfg, nil
}

// is says the entry is section.key, outside any subsection but a remote's
// (remote.<name>.url).
func (e configEntry) is(section, key string) bool {
	if (e.subsection != "") != strings.EqualFold(section, "remote") {
		return false
	}
	return strings.EqualFold(e.section, section) && strings.EqualFold(e.key, key)
}

// configReader reads git config files in order, following includes.
type configReader struct {
	files  []string // the system's, the user's, the repository's
	gitDir string   // the repository's, for includeIf "gitdir:"
	home   string
	set    func(e configEntry) error // each entry as it is read

	// hasconfig:remote.*.url: needs every remote URL first: a pass
	// over all the files that takes every such condition as true.
	urls          []string
	urlsRead      bool
	unconditional bool // this is that pass
}

func (cr *configReader) readAll() error {
	for _, f := range cr.files {
		if err := cr.read(f, 0); err != nil {
			return err
		}
	}
	return nil
}

// configEntry is one "key = value" line of a config file, in its section.
type configEntry struct {
	section, subsection, key, value string
	blank                           bool // a key with no "=": true
}

// parseConfig is a config file's entries in order, or none when the file
// is missing, unreadable or not one gcfg can parse (git would stop on it;
// the fallback reads it as empty, as it always has).
func parseConfig(file string) []configEntry {
	b, err := readSmall(file, patternFileMax)
	if err != nil {
		return nil
	}
	var entries []configEntry
	err = gcfg.ReadWithCallback(bytes.NewReader(b), func(s, ss, k, v string, blank bool) error {
		if k != "" {
			entries = append(entries, configEntry{s, ss, k, v, blank})
		}
		return nil
	})
	if err != nil {
		return nil
	}
	return entries
}

// maxIncludeDepth is git's MAX_INCLUDE_DEPTH: deeper, git dies, as it
// does on an include cycle.
const maxIncludeDepth = 10

// read reads file, depth includes down, setting each entry in order and
// reading each included file where its include line is.
func (cr *configReader) read(file string, depth int) error {
	for _, e := range parseConfig(file) {
		if err := cr.set(e); err != nil {
			return err
		}
		if !strings.EqualFold(e.key, "path") || e.blank {
			continue
		}
		forbid := false
		switch {
		case strings.EqualFold(e.section, "include") && e.subsection == "":
		case strings.EqualFold(e.section, "includeif"):
			ok, err := cr.condition(e.subsection, file)
			if err != nil {
				return err
			}
			if !ok {
				continue
			}
			// git's pass for the URLs forbids one in any file an
			// includeIf brings in.
			forbid = cr.unconditional
		default:
			continue
		}
		path, ok := expandHome(e.value, cr.home)
		if !ok {
			return fmt.Errorf("could not expand include path '%s'", e.value)
		}
		if !filepath.IsAbs(path) {
			path = filepath.Join(filepath.Dir(file), path)
		}
		// git skips a missing file, and stops on one it cannot read.
		if f, err := os.Open(path); errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
			continue
		} else if err != nil {
			return fmt.Errorf("unable to access '%s': %v", path, err)
		} else {
			f.Close()
		}
		if depth+1 > maxIncludeDepth {
			return fmt.Errorf("exceeded maximum include depth (%d) while including\n\t%s\nfrom\n\t%s\nThis might be due to circular includes.", maxIncludeDepth, path, file)
		}
		set := cr.set
		if forbid {
			cr.set = forbidRemoteURL
		}
		err := cr.read(path, depth+1)
		cr.set = set
		if err != nil {
			return err
		}
	}
	return nil
}

func forbidRemoteURL(e configEntry) error {
	if e.is("remote", "url") {
		return errors.New("remote URLs cannot be configured in file directly or indirectly included by includeIf.hasconfig:remote.*.url")
	}
	return nil
}

// expandHome expands a leading ~/ (the user's home) or ~user/ as git's
// interpolate_path does; false when it cannot.
func expandHome(path, home string) (string, bool) {
	rest, ok := strings.CutPrefix(path, "~")
	if !ok {
		return path, true
	}
	name, tail, _ := strings.Cut(rest, "/")
	if name == "" {
		if home == "" {
			return "", false
		}
		return home + "/" + tail, true
	}
	u, err := user.Lookup(name)
	if err != nil {
		return "", false
	}
	return u.HomeDir + "/" + tail, true
}

// configBool is git's reading of a boolean: true, yes, on, or a number
// other than 0.
func configBool(v string) bool {
	switch strings.ToLower(v) {
	case "true", "yes", "on":
		return true
	}
	n, err := strconv.ParseInt(v, 0, 64)
	return err == nil && n != 0
}

// configValue is the last value of section.key in a git config file, or
// "" when the file is missing, unreadable or does not set it. It follows
// no include, as git reads the repository format (extensions.*) from the
// repository's config file alone.
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
