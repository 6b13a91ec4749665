package session

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strings"
)

// What more than one format's results hold: apply_patch's patches (Codex,
// opencode) and images as data: URLs (Codex, opencode).

// patchFiles are the files an apply_patch patch adds, updates, deletes or
// moves to: Codex's apply_patch and opencode's, which takes its format.
func patchFiles(patch string) []string {
	var files []string
	for _, l := range strings.Split(patch, "\n") {
		for _, h := range []string{"*** Add File: ", "*** Update File: ", "*** Delete File: ", "*** Move to: "} {
			if f, ok := strings.CutPrefix(l, h); ok && strings.TrimSpace(f) != "" {
				files = append(files, strings.TrimSpace(f))
			}
		}
	}
	return files
}

// dataURL is the attachment a data: URL holds.
func dataURL(u string) Attachment {
	mime, data, _ := strings.Cut(strings.TrimPrefix(u, "data:"), ",")
	mime = strings.TrimSuffix(mime, ";base64")
	b, _ := base64.StdEncoding.DecodeString(data)
	sum := sha256.Sum256(b)
	return Attachment{Mime: mime, Size: int64(len(b)), SHA256: hex.EncodeToString(sum[:])}
}
