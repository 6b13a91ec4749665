package reader

import "testing"

func TestBlockedName(t *testing.T) {
	for path, want := range map[string]string{
		"/p/app.exe": ".exe", "/p/APP.EXE": ".exe", "/p/lib.so": ".so", "/p/a.tar.gz": ".gz",
		"/p/data.sqlite3": ".sqlite3", "/p/x.parquet": ".parquet", "/p/song.Mp3": ".mp3", "/p/clip.mkv": ".mkv",
		"/p/.DS_Store": ".ds_store", "/p/Thumbs.db": ".db", "/p/.ds_store/": ".ds_store",
		"/p/pic.png": "", "/p/doc.pdf": "", "/p/main.go": "", "/p/exe": "", "/p/.exe": "",
		"/p/thumbs.db.txt": "", "/p/x.tar.gz.txt": "",
	} {
		if got := blockedName(path); got != want {
			t.Errorf("blockedName(%q) = %q, want %q", path, got, want)
		}
	}
}
