package cli

import (
	"strings"
	"testing"
)

// TestAuditTUIUsage: --tui needs a terminal, and refuses the flags of the
// printed forms rather than ignore them.
func TestAuditTUIUsage(t *testing.T) {
	auditProject(t, auditFiles...)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--tui"}, "--tui needs a terminal"},
		{[]string{"--tui", "--format", "json"}, "--format is for the printed forms"},
		{[]string{"--tui", "--fail-on", "cut"}, "--fail-on is for the printed forms"},
	} {
		code, out, stderr := cli(t, append([]string{"audit", "--cwd", "/project"}, c.args...)...)
		if code != exitUsage || out != "" || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", c.args, code, out, stderr)
		}
	}
}
