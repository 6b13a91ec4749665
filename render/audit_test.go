package render

import (
	"testing"

	"github.com/readlens/readlens/reader/audit"
	"github.com/readlens/readlens/reader/compare"
)

// TestAuditFinding: each kind in readlens's words, the tool's own after
// them; a size cap claims nothing of what the tool asks for (Claude Code
// asks for offset and limit, pi asks for nothing), its words say it.
func TestAuditFinding(t *testing.T) {
	for _, c := range []struct {
		x    audit.Finding
		want string
	}{
		{audit.Finding{Kind: audit.KindCut, Cap: compare.CapLines, FirstLine: 1, LastLine: 2000, TotalLines: 3000, TotalKnown: true, Tokens: 12345, Tokenizer: "cl100k_base"},
			"cut by its lines cap · shows lines 1–2,000 of 3,000 · first call 12,345 tok"},
		// Codex's harness: the head, then the tail it keeps.
		{audit.Finding{Kind: audit.KindCut, Cap: compare.CapTokens, FirstLine: 1, LastLine: 322, Resumes: 1690, Ends: 2000, TotalLines: 3000, TotalKnown: true},
			"cut by its tokens cap · shows lines 1–322 and 1,690–2,000 of 3,000"},
		{audit.Finding{Kind: audit.KindCut, Cap: compare.CapSize, Message: "File size (107374182400) is greater than 2 GiB"},
			"cut by its size cap: nothing shown · “File size (107374182400) is greater than 2 GiB”"},
		{audit.Finding{Kind: audit.KindRefused, Cap: compare.ReasonBinary, Message: "Cannot read binary file"},
			"refused: binary · “Cannot read binary file”"},
		{audit.Finding{Kind: audit.KindError, Cap: compare.ReasonNoAnswer, Note: "a FIFO"},
			"error: the agent would never return · readlens: a FIFO"},
		{audit.Finding{Kind: audit.KindUnseen, Unseen: compare.Unseen{LinesCut: 2, CharsLost: 1500, CRLFToLF: 1}},
			"unseen: 2 lines cut by the per-line cap (1,500 chars lost), 1 CRLF line shown as LF"},
	} {
		if got := AuditFinding(c.x); got != c.want {
			t.Errorf("AuditFinding(%+v)\n = %q\nwant %q", c.x, got, c.want)
		}
	}
}
