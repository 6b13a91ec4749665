package session

import "fmt"

// opencode lists the sessions of opencode's database whose directory is
// one of dirs or below, each read no further than the budget: their
// parts' data, in the order the export gives them.
func (l *Listing) opencode(path string, opt ListOptions, dirs []string) {
	var found []Listed
	var skipped []string
	err := readOpencodeDB(path, func(o *opencodeDB) error {
		found, skipped = nil, nil
		rows, err := o.sessions("")
		if err != nil {
			return err
		}
		for _, r := range rows {
			if !under(r.Directory, dirs) {
				continue
			}
			ref := path + "#" + r.ID
			s, partial, err := o.parse(r.ID, opt.Budget)
			if err != nil {
				skipped = append(skipped, fmt.Sprintf("%s: %v", ref, err))
				continue
			}
			found = append(found, Listed{Agent: s.Agent, AgentName: s.AgentName, File: ref, Modified: r.Updated,
				Time: r.Created, TimeFrom: "session", ID: r.ID, Version: s.Version, Cwd: s.Cwd, Prompt: s.Prompt,
				Reads: len(s.Reads()), Partial: partial})
		}
		return nil
	})
	if err != nil {
		l.Skipped = append(l.Skipped, fmt.Sprintf("%s: %v", path, err))
		return
	}
	l.Sessions = append(l.Sessions, found...)
	l.Skipped = append(l.Skipped, skipped...)
}
