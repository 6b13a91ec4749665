package sessiontest

import (
	"database/sql"
	"os"
	"path/filepath"
	"testing"

	"github.com/readlens/readlens/internal/oracle"
	_ "modernc.org/sqlite" // the driver readlens reads opencode.db with
)

// OpencodeDB is the recorded opencode.db (testdata/sessions/opencode/
// sqlite/), its one session's id, and when that session began.
const (
	OpencodeDB      = "opencode/sqlite/opencode.db"
	OpencodeSession = "ses_df9f4112affedStbBoOhm19YUz"
)

// PlaceOpencodeDB copies the recorded opencode.db to dataHome/opencode/
// opencode.db (dataHome is XDG_DATA_HOME, ~/.local/share by default), as
// a session of cwd: its $ROOT becomes cwd in every row, as Place does to
// the files.
func PlaceOpencodeDB(t testing.TB, dataHome, cwd string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(oracle.Testdata(), "sessions", OpencodeDB))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dataHome, "opencode", "opencode.db")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []string{
		`UPDATE session SET directory = replace(directory, '$ROOT', ?)`,
		`UPDATE message SET data = replace(data, '$ROOT', ?)`,
		`UPDATE part SET data = replace(data, '$ROOT', ?)`,
	} {
		if _, err := db.Exec(q, cwd); err != nil {
			t.Fatal(err)
		}
	}
	return path
}
