package fang

import (
	"bytes"
	"context"
	"errors"
	"io"
	"testing"

	"github.com/spf13/cobra"
)

// TestErrorsDoNotAskTheBackground: help asks WithDarkBackground's function
// for its colours; an error is printed without asking (fang v1.0.0 asked
// the terminal on every error exit: readlens issue 16).
func TestErrorsDoNotAskTheBackground(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		asks int
		err  string
	}{
		{"help", []string{"--help"}, 1, ""},
		{"run error", nil, 0, "boom"},
		{"flag error", []string{"--nope"}, 0, "unknown flag: --nope"},
		{"args error", []string{"sub", "x"}, 0, `unknown command "x" for "app sub"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			root := &cobra.Command{Use: "app", RunE: func(*cobra.Command, []string) error { return errors.New("boom") }}
			root.AddCommand(&cobra.Command{Use: "sub", Args: cobra.NoArgs, Run: func(*cobra.Command, []string) {}})
			root.SetArgs(c.args)
			var out, errOut bytes.Buffer
			root.SetOut(&out)
			root.SetErr(&errOut)
			asked := 0
			var handled error
			err := Execute(context.Background(), root,
				WithDarkBackground(func() bool { asked++; return true }),
				WithErrorHandler(func(_ io.Writer, _ Styles, err error) { handled = err }))
			if asked != c.asks {
				t.Errorf("asked %d times, want %d", asked, c.asks)
			}
			switch {
			case c.err == "" && (err != nil || handled != nil || out.Len() == 0):
				t.Errorf("err %v, handled %v, help %q", err, handled, out.String())
			case c.err != "" && (err == nil || err.Error() != c.err || handled != err):
				t.Errorf("err %v, handled %v, want %q", err, handled, c.err)
			}
		})
	}
}
