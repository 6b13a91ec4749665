package session

import "fmt"

// opencode lists the sessions of opencode's database whose directory is
// one of dirs or below, each read no further than the budget: their
// parts' data, in the order the export gives them.
func (l *Listing) opencode(path string, opt ListOptions, dirs []string) {
	o, err := openOpencodeDB(path)
	if err != nil {
		l.Skipped = append(l.Skipped, fmt.Sprintf("%s: %v", path, err))
		return
	}
	defer o.close()
	rows, err := o.sessions("")
	if err != nil {
		l.Skipped = append(l.Skipped, fmt.Sprintf("%s: %v", path, err))
		return
	}
	for _, r := range rows {
		if !under(r.Directory, dirs) {
			continue
		}
		ref := path + "#" + r.ID
		s, partial, err := o.parse(r.ID, opt.Budget)
		if err != nil {
			l.Skipped = append(l.Skipped, fmt.Sprintf("%s: %v", ref, err))
			continue
		}
		l.Sessions = append(l.Sessions, Listed{Agent: s.Agent, AgentName: s.AgentName, File: ref, Modified: r.Updated,
			Time: r.Created, TimeFrom: "session", ID: r.ID, Version: s.Version, Cwd: s.Cwd, Prompt: s.Prompt,
			Reads: len(s.Reads()), Partial: partial})
	}
}
