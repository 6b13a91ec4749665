package gemini

import (
	"fmt"
	"io/fs"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/node"
)

// gmResolve is the tool's path handling: resolveDefensiveToolPath (a
// leading "@" dropped when the literal path does not exist), resolved
// against the workspace, URI-decoded, then robustRealpath.
func gmResolve(env reader.Env, raw string) (string, error) {
	return gmRealpath(env, gmDecodeURI(gmSanitize(env, raw)))
}

// gmDecodeURI is decodeURIComponent; a malformed escape or bad UTF-8
// leaves the path as it was.
func gmDecodeURI(p string) string {
	if u, err := url.PathUnescape(p); err == nil && utf8.ValidString(u) {
		return u
	}
	return p
}

// gmSanitize is resolveDefensiveToolPath, resolved against the workspace:
// an "@" the model put in front of a path that does not exist is dropped.
func gmSanitize(env reader.Env, raw string) string {
	exists := func(p string) bool { _, err := env.FS.Stat(p); return err == nil }
	clean := raw
	if !exists(node.Resolve(env.Cwd, raw)) && strings.HasPrefix(raw, "@") && len(raw) > 1 {
		stripped := strings.TrimLeft(raw[1:], "/\\")
		switch {
		case strings.HasPrefix(raw, "@/") || strings.HasPrefix(raw, "@\\"):
			if stripped != "" {
				clean = stripped
			}
		default:
			first := strings.FieldsFunc(stripped, func(r rune) bool { return r == '/' || r == '\\' })
			if len(first) > 0 && stripped[0] != '/' && stripped[0] != '\\' {
				if !exists(node.Resolve(env.Cwd, "@"+first[0])) {
					clean = stripped
				}
			}
		}
	}
	return node.Resolve(env.Cwd, clean)
}

// gmRealpath is resolveToRealPath, in Gemini CLI's words when it fails.
func gmRealpath(env reader.Env, p string) (string, error) {
	r, err := reader.RobustRealpath(env.FS, node.Resolve("/", p), map[string]bool{})
	if err == reader.ErrRealpathLoop {
		return "", fmt.Errorf("Infinite recursion detected in robustRealpath: %s", p)
	}
	if err != nil {
		op, path := "lstat", p
		if pe, ok := err.(*fs.PathError); ok {
			op = pe.Op
			if op == "readlink" {
				path = pe.Path // realpathSync names the link it was reading
			}
		}
		return "", fmt.Errorf("%s", node.Error(err, op, path))
	}
	return r, nil
}

// gmWorkspace is Config.validatePathAccess for a read: the path must be in
// the workspace or in the project's temp directory under ~/.gemini/tmp.
// within is the one that holds p, "" when neither does; refusal is the
// check's answer to a path outside. It is also the answer when p, checked
// inside, leads out by the time it is opened (a link swapped in): at that
// moment p does resolve outside.
func gmWorkspace(env reader.Env, p string) (within string, refusal gmRefusal) {
	in := func(root string) bool { return p == root || strings.HasPrefix(p, strings.TrimSuffix(root, "/")+"/") }
	root, _ := reader.RobustRealpath(env.FS, env.Cwd, map[string]bool{})
	if root == "" {
		root = env.Cwd
	}
	tmp := node.Join(env.Home, ".gemini/tmp/"+gmProjectSlug(env.Cwd))
	refusal = gmRefusal{p, root, tmp}
	switch {
	case in(root):
		return root, refusal
	case in(tmp):
		return tmp, refusal
	}
	return "", refusal
}

// gmRefusal is the workspace check's refusal of a path, worded only when a
// call is refused: nearly every call of an audit passes.
type gmRefusal struct{ path, root, tmp string }

func (r gmRefusal) String() string {
	return fmt.Sprintf("Path not in workspace: Attempted path %q resolves outside the allowed workspace directories: %s or the project temp directory: %s", r.path, r.root, r.tmp)
}

func gmProjectSlug(root string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(node.Basename(root)) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') || r == '-' || r == '_' || r == '.' {
			b.WriteRune(r)
		} else {
			b.WriteByte('-')
		}
	}
	return b.String()
}
