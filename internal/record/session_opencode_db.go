package main

import (
	"database/sql"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	_ "modernc.org/sqlite" // the same pure-Go driver readlens reads opencode.db with
)

// keepOpencodeDB writes the opencode.db the run left, with the export's
// paths put back the same way, as testdata/sessions/opencode/<name>/
// opencode.db: the database the export was printed from.
//
// opencode leaves the database in WAL mode, its newest pages possibly in
// opencode.db-wal only: the two files are copied together, and SQLite,
// opening the copy, applies the WAL's committed frames. The paths are
// replaced in every text column by SQL on that copy, which is then
// checkpointed into one file and vacuumed, so that no page of it keeps
// the run's temporary paths. It returns what the run left, for the
// recording's notes.
func keepOpencodeDB(dataDir, name string, replace [][2]string) (map[string]any, error) {
	work, err := os.MkdirTemp("", "readlens-opencode-db-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	left := map[string]any{}
	for _, suffix := range []string{"", "-wal", "-shm"} {
		st, err := os.Stat(filepath.Join(dataDir, "opencode.db"+suffix))
		if err != nil {
			continue
		}
		left["opencode.db"+suffix] = st.Size()
		if suffix == "-shm" { // SQLite rebuilds the index from the WAL
			continue
		}
		if err := copyFile(filepath.Join(dataDir, "opencode.db"+suffix), filepath.Join(work, "opencode.db"+suffix)); err != nil {
			return nil, err
		}
	}
	db, err := sql.Open("sqlite", "file:"+filepath.Join(work, "opencode.db"))
	if err != nil {
		return nil, err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	tables, err := textColumns(db)
	if err != nil {
		return nil, err
	}
	for table, cols := range tables {
		for _, col := range cols {
			expr := `"` + col + `"`
			for _, r := range replace {
				expr = fmt.Sprintf("replace(%s, %s, %s)", expr, sqlString(r[0]), sqlString(r[1]))
			}
			if _, err := db.Exec(fmt.Sprintf(`UPDATE "%s" SET "%s" = %s WHERE typeof("%s") = 'text'`, table, col, expr, col)); err != nil {
				return nil, fmt.Errorf("%s.%s: %v", table, col, err)
			}
		}
	}
	for _, stmt := range []string{"PRAGMA wal_checkpoint(TRUNCATE)", "PRAGMA journal_mode=DELETE", "VACUUM"} {
		if _, err := db.Exec(stmt); err != nil {
			return nil, fmt.Errorf("%s: %v", stmt, err)
		}
	}
	if err := db.Close(); err != nil {
		return nil, err
	}
	dir := filepath.Join("testdata", "sessions", "opencode", name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	out := filepath.Join(dir, "opencode.db")
	if err := copyFile(filepath.Join(work, "opencode.db"), out); err != nil {
		return nil, err
	}
	fmt.Printf("wrote %s\n", out)
	return left, nil
}

// textColumns are the columns of every table declared TEXT (or with no
// type, which SQLite lets hold text), by table.
func textColumns(db *sql.DB) (map[string][]string, error) {
	rows, err := db.Query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
	if err != nil {
		return nil, err
	}
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		names = append(names, n)
	}
	rows.Close()
	out := map[string][]string{}
	for _, t := range names {
		cols, err := db.Query(fmt.Sprintf(`SELECT name, type FROM pragma_table_info('%s')`, t))
		if err != nil {
			return nil, err
		}
		for cols.Next() {
			var n, typ string
			if err := cols.Scan(&n, &typ); err != nil {
				return nil, err
			}
			if typ = strings.ToUpper(typ); typ == "" || strings.Contains(typ, "TEXT") || strings.Contains(typ, "CHAR") || strings.Contains(typ, "CLOB") {
				out[t] = append(out[t], n)
			}
		}
		cols.Close()
	}
	return out, nil
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// sqlString is s as an SQL string literal.
func sqlString(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }
