package claude

import (
	"strconv"
	"strings"

	"github.com/readlens/readlens/internal/lazyregexp"
	"github.com/readlens/readlens/reader"
	"github.com/readlens/readlens/reader/node"
)

// Claude Code 2.1.330's path and extension rules, as its bundle has them.

// ccResolve is the tool's path expansion: surrounding white space trimmed,
// "" is the working directory, "~" and "~/" the home directory, a relative
// path resolved against the working directory. A path that ends in white
// space once "." and ".." are resolved is refused.
func ccResolve(env reader.Env, raw string) (string, string) {
	resolve := func(s string) string {
		r := strings.TrimFunc(s, node.IsSpace)
		switch {
		case r == "":
			return node.Resolve("/", env.Cwd)
		case r == "~":
			return node.Resolve("/", env.Home)
		case strings.HasPrefix(r, "~/"):
			return node.Join(env.Home, r[2:])
		case node.IsAbs(r):
			// path.normalize keeps a trailing slash
			if n := node.Resolve("/", r); n != "/" && strings.HasSuffix(r, "/") {
				return n + "/"
			} else {
				return n
			}
		}
		return node.Resolve(env.Cwd, r)
	}
	p := resolve(raw)
	if resolve(p) != p {
		return "", `Read file_path ends in white space once its "." and ".." are resolved, and Read refuses such a path. If the white space is not meant, send the path without it. Read cannot open a file whose own name ends in white space.`
	}
	return p, ""
}

// ccBinaryExts is the refused extension list (vLe), in its order.
var ccBinaryExts = strings.Fields(`.png .jpg .jpeg .gif .bmp .ico .webp .tiff .tif .heic .heif .avif
.mp4 .mov .avi .mkv .webm .wmv .flv .m4v .mpeg .mpg .mp3 .wav .ogg .flac .aac .m4a .wma .aiff .opus
.zip .tar .gz .bz2 .7z .rar .xz .z .tgz .iso .zst .lz4 .whl .exe .dll .so .dylib .bin .o .a .obj .lib
.app .msi .deb .rpm .dmg .apk .pdf .doc .docx .docm .dotx .dotm .xls .xlsx .xlsm .xlsb .xltx .xltm .ppt
.pptx .pptm .ppsx .ppsm .potx .potm .odt .ods .odp .numbers .epub .ttf .otf .woff .woff2 .eot .pyc .pyo
.class .jar .war .ear .node .wasm .rlib .sqlite .sqlite3 .db .mdb .idx .parquet .feather .npy .npz
.pickle .psd .ai .eps .sketch .fig .xd .blend .3ds .max .swf .fla .lockb .dat .data`)

var ccBinarySet = func() map[string]bool {
	m := map[string]bool{}
	for _, e := range ccBinaryExts {
		m[e] = true
	}
	return m
}()

// ccBinaryExt is vLe: the text from the path's last "." (anywhere in it,
// so a file named ".zip" counts), lower-cased.
func ccBinaryExt(path string) bool {
	i := strings.LastIndex(path, ".")
	if i < 0 {
		return false
	}
	return ccBinarySet[strings.ToLower(path[i:])]
}

// ccImageExt are the extensions read as images (mXe).
var ccImageExt = map[string]bool{"png": true, "jpg": true, "jpeg": true, "gif": true, "webp": true}

// ccMediaExt reports the extensions exempt from the binary refusal (Xdt).
func ccMediaExt(ext string) bool {
	e := strings.TrimPrefix(ext, ".")
	return ccImageExt[e] || e == "pdf"
}

// The device guard (tXe): paths under /proc and /dev that never end or
// block, judged by their spelling.
var (
	ccDevTree   = lazyregexp.New(`^/(?:proc|dev)(?:/|$)`)
	ccDevFiles  = map[string]bool{"/dev/zero": true, "/dev/random": true, "/dev/urandom": true, "/dev/full": true, "/dev/hwrng": true, "/dev/stdin": true, "/dev/tty": true, "/dev/console": true, "/proc/kmsg": true, "/dev/kmsg": true, "/proc/kcore": true, "/proc/vmcore": true, "/dev/core": true, "/dev/mem": true, "/dev/kmem": true, "/dev/port": true, "/dev/stdout": true, "/dev/stderr": true, "/dev/fd/0": true, "/dev/fd/1": true, "/dev/fd/2": true}
	ccDevRoot   = lazyregexp.New(`^/proc/[^/]+/root(/)`)
	ccDevTask   = lazyregexp.New(`^(/proc/[^/]+)/task/[^/]+(/)`)
	ccDevLinks  = lazyregexp.New(`^/proc/[^/]+/cwd/|^/proc/[^/]+/fd/\d+/|^/dev/fd/\d+/|^/dev/(?:stdin|stdout|stderr)/`)
	ccDevMaps   = lazyregexp.New(`^/proc/[^/]+/map_files(/|$)`)
	ccDevTTY    = lazyregexp.New(`^/dev/(?:pts/(?:\d+|ptmx)|ptmx|tty[^/]*)$`)
	ccDevProcFd = lazyregexp.New(`^/proc/[^/]+/fd/\d+$`)
	ccDevProc   = lazyregexp.New(`^/proc/[^/]+/(environ|cmdline|auxv|maps|smaps|smaps_rollup|numa_maps|pagemap|mem|stat|statm|status|syscall|stack)$`)
)

const ccDevLinkWords = "a path through a /proc or /dev link that this tool does not follow; give the file's own path"

// ccDeviceGuard words the refusal of a path that is or leads to a device or
// process file, quoting the path as the model sent it.
func ccDeviceGuard(filePath string, spellings []string) string {
	kinds := map[string]bool{}
	for _, s := range spellings {
		kinds[ccDeviceKind(s)] = true
	}
	switch {
	case kinds["file"]:
		return "Cannot read '" + ccEscape(filePath) + "': this path names a device or process file that this tool does not read."
	case kinds["links"]:
		return "Cannot read '" + ccEscape(filePath) + "': it is or leads to " + ccDevLinkWords + "."
	}
	return ""
}

// ccDeviceKind is iR: "file", "links" or "".
func ccDeviceKind(p string) string {
	if strings.HasPrefix(p, "/") && strings.Contains(p, "/..") {
		var stack []string
		for _, a := range strings.Split(p, "/") {
			switch {
			case a == "..":
				if len(stack) >= 2 && (stack[0] == "proc" || stack[0] == "dev" && stack[1] != "shm") {
					return "links"
				}
				if len(stack) > 0 {
					stack = stack[:len(stack)-1]
				}
			case a != "" && a != ".":
				stack = append(stack, a)
			}
		}
	}
	o := node.Resolve("/", p)
	for r := 0; ; r++ {
		if !ccDevTree.MatchString(o) {
			return ""
		}
		if ccDevLinks.MatchString(o) {
			return "links"
		}
		self := strings.HasPrefix(o, "/proc/self/")
		if ccDevFiles[o] || ccDevTTY.MatchString(o) || ccDevMaps.MatchString(o) || (!self && ccDevProcFd.MatchString(o)) || ccDevProc.MatchString(o) ||
			strings.HasPrefix(o, "/proc/") && (strings.HasSuffix(o, "/fd/0") || strings.HasSuffix(o, "/fd/1") || strings.HasSuffix(o, "/fd/2")) {
			return "file"
		}
		a := ccDevTask.ReplaceAllString(ccDevRoot.ReplaceAllString(o, "$1"), "$1$2")
		if a == o {
			return ""
		}
		if r >= 8 {
			return "links"
		}
		o = a
	}
}

// ccEscape is the tool's escaping of control characters in paths it quotes
// back (Iu): each becomes an HTML character reference.
func ccEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 0x20 || (r >= 0x7f && r <= 0x9f) || r == 0x2028 || r == 0x2029 {
			b.WriteString("&#" + strconv.Itoa(int(r)) + ";")
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// ccPageRange is a parsed pages argument; Last is 0 for an open range ("3-").
type ccPageRange struct{ First, Last int }

var ccPagesRE = lazyregexp.New(`^(\d{1,9})(?:\s*(-)\s*(\d{1,9})?)?$`)

// ccPages is Cjt: one page or one range, at most 20 pages.
func ccPages(s string) (ccPageRange, string) {
	m := ccPagesRE.FindStringSubmatch(strings.TrimFunc(s, node.IsSpace))
	invalid := `Invalid pages parameter: "` + s + `". Give one page ("3") or one range ("1-5"), not a list. To read several pages or ranges, read each one separately. Pages are 1-indexed.`
	if m == nil {
		return ccPageRange{}, invalid
	}
	first, _ := strconv.Atoi(m[1])
	last := first
	switch {
	case m[3] != "":
		last, _ = strconv.Atoi(m[3])
	case m[2] != "":
		last = 0
	}
	if first < 1 || (last != 0 && last < first) {
		return ccPageRange{}, invalid
	}
	n := ccPDFMaxPages + 1
	if last != 0 {
		n = last - first + 1
	}
	if n > ccPDFMaxPages {
		return ccPageRange{}, `Page range "` + s + `" exceeds maximum of 20 pages per request. Please use a smaller range.`
	}
	return ccPageRange{First: first, Last: last}, ""
}
