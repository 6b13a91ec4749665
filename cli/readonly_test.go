package cli

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/readlens/readlens/internal/fixtures"
	"github.com/readlens/readlens/reader/agents/all"
	"github.com/readlens/readlens/tui"
)

// treeDigest fingerprints every entry under root: its name, type, mode,
// size, modification time and content (or link target).
func treeDigest(t *testing.T, root string) string {
	t.Helper()
	var lines []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		st, err := os.Lstat(p)
		if err != nil {
			return err
		}
		line := fmt.Sprintf("%s %v %d %d", p, st.Mode(), st.Size(), st.ModTime().UnixNano())
		switch {
		case st.Mode()&fs.ModeSymlink != 0:
			target, _ := os.Readlink(p)
			line += " -> " + target
		case st.Mode().IsRegular():
			f, err := os.Open(p)
			if err != nil {
				return err
			}
			h := sha256.New()
			io.Copy(h, f)
			f.Close()
			line += " " + hex.EncodeToString(h.Sum(nil))
		}
		lines = append(lines, line)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(lines)
	h := sha256.New()
	for _, l := range lines {
		fmt.Fprintln(h, l)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// pump delivers a message and every message its commands produce.
func pump(m tea.Model, msg tea.Msg) {
	queue := []tea.Msg{msg}
	for len(queue) > 0 {
		msg := queue[0]
		queue = queue[1:]
		if b, ok := msg.(tea.BatchMsg); ok {
			for _, c := range b {
				if c != nil {
					queue = append(queue, c())
				}
			}
			continue
		}
		if msg == nil {
			continue
		}
		if _, cmd := m.Update(msg); cmd != nil {
			queue = append(queue, cmd())
		}
	}
}

// TestReadOnly runs a whole session over a tree (every profile on every
// entry, as text, JSON and a rendered card, then the inspector picking and
// reading) and checks that not one byte, mode or timestamp changed.
func TestReadOnly(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the whole fixture tree with every profile")
	}
	root := filepath.Join(t.TempDir(), "root")
	if err := fixtures.Copy(root, filepath.Join("..", "testdata", "fixtures")); err != nil {
		t.Fatal(err)
	}
	if err := fixtures.Dynamic(root); err != nil {
		t.Fatal(err)
	}
	before := treeDigest(t, root)

	var paths []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && filepath.Dir(p) != filepath.Join(root, "bigdir") {
			paths = append(paths, p)
		}
		return nil
	})
	for _, profile := range all.Names() {
		for _, p := range paths {
			for _, mode := range [][]string{nil, {"--json"}, {"--render", "--expanded", "--view", "pretty"}} {
				cli(t, append([]string{"read", p, "--profile", profile, "--cwd", root}, mode...)...)
			}
		}
	}
	m := tui.New(tui.Options{Dir: root, Cwd: root, Worktree: root})
	pump(m, tea.WindowSizeMsg{Width: 100, Height: 30})
	pump(m, m.Init()())
	for _, k := range "small" {
		pump(m, tea.KeyPressMsg{Code: k, Text: string(k)})
	}
	for _, k := range []tea.KeyPressMsg{{Code: tea.KeyEnter}, {Code: 'v', Text: "v"}, {Code: 'p', Text: "p"}, {Code: 'e', Mod: tea.ModCtrl}} {
		pump(m, k)
		m.View()
	}

	if after := treeDigest(t, root); after != before {
		t.Fatal("the tree changed during a session of reads")
	}
}
