//go:build !unix

package audit_test

import "time"

// cpuTime is unknown here: the benchmark then reports 0 CPU seconds.
func cpuTime() time.Duration { return 0 }
