//go:build unix

package reader

import (
	"os"
	"syscall"
)

// OpenNoFollow opens name as Open does, but fails (ELOOP) on a symbolic
// link in its place.
func (OS) OpenNoFollow(name string) (File, error) {
	f, err := os.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC|syscall.O_NOCTTY|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return nil, err
	}
	return f, nil
}
