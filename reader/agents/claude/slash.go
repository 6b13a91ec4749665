package claude

import (
	"strings"

	"github.com/readlens/readlens/reader"
)

// ccTrailingSlash is what Claude Code 2.1.330 makes of an absolute path
// that ends in a slash (path.normalize keeps one), as a differential run
// against it showed: a file, reached through links or not, is read as if
// the slash were not there (Linux would answer ENOTDIR); a directory is
// named in its EISDIR error with the slash doubled, unless a symbolic link
// on the way leads to it, when it is named as given. It returns the path
// to read and, for a directory, the name its error gives.
func ccTrailingSlash(fsys reader.FS, path string) (read, eisdir string) {
	if path == "/" || !strings.HasSuffix(path, "/") {
		return path, ""
	}
	bare := strings.TrimSuffix(path, "/")
	st, err := fsys.Stat(bare)
	switch {
	case err != nil:
		return path, "" // missing, or unreachable: the path as given answers
	case !st.IsDir():
		return bare, ""
	}
	if real, ok := reader.RealPath(fsys, bare); ok && real != bare {
		return path, path
	}
	return path, path + "/"
}
