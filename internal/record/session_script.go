package main

import (
	"fmt"
	"os"
	"sync"
)

// script is what the session recorders' fake model APIs share: the
// scripted steps, the requests seen, and how far the conversation got.
type script struct {
	root  string
	steps []sessionStep

	mu   sync.Mutex
	log  []string
	done map[int]bool // steps whose meanwhile has run
	max  int          // steps answered
}

// seen logs a request.
func (s *script) seen(request string) {
	s.mu.Lock()
	s.log = append(s.log, request)
	s.mu.Unlock()
}

func (s *script) requests() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.log...)
}

func (s *script) served() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.max
}

// enter is step being answered: its meanwhile (a person changing a file)
// runs once, however often the request is retried, and the step counts
// as served.
func (s *script) enter(step int) {
	s.mu.Lock()
	if s.done == nil {
		s.done = map[int]bool{}
	}
	var err error
	if st := s.steps[step]; st.meanwhile != nil && !s.done[step] {
		err = st.meanwhile(s.root)
	}
	s.done[step] = true
	s.max = max(s.max, step+1)
	s.mu.Unlock()
	if err != nil {
		fmt.Fprintln(os.Stderr, "meanwhile:", err)
	}
}
