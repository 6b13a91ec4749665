// Package hugeheap asks Linux to back the Go heap with transparent huge
// pages, for runs that allocate much and live briefly.
//
// Where the system's setting is "madvise" (a common default, and the
// machine's the budgets are measured on), the heap gets 4 KiB pages, and each
// is faulted in on first touch. A compare of every agent on a 100 KB file
// writes about 10 MB of outputs once, so half its faults, about 1,500, were
// its own heap's; on the 2-vCPU VM of scripts/bench.sh a fault costs 15 µs,
// a quarter of the run. A huge page is one fault for 2 MiB.
//
// The runtime maps its heap in 4 MiB chunks as it grows, and a mapping
// made after the advice does not carry it. So Advise grows the heap by a
// reserve at once, advises it and what lies below it, and lets a
// collection free the reserve: the allocations that follow land in it.
//
// Go's runtime advised its own heap so during Go 1.21 and stopped
// (golang/go#61718, #64332): where THP's defrag setting is "madvise", the
// default, a fault in advised memory may compact memory first, and
// long-lived servers saw stalls and more memory held. A run of readlens
// advises at most 64 MiB, keeps little alive and exits;
// GODEBUG=disablethp=1, the runtime's own switch, turns the advice off.
package hugeheap
