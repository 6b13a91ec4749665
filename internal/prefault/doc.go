// Package prefault maps in, as the process starts, the pages it would
// otherwise fault in one at a time: the program's code, and the chunk the
// Go heap starts in. Importing it is all it takes; its init does the work,
// and it imports only syscall and unsafe, so the runtime runs that init
// among the first, before the heavy initializers of the packages that
// import more.
//
// On the 2-vCPU VM scripts/bench.sh measures on, a page fault costs about
// 15 µs, and `readlens --version` took 620 of them: 9 of its 21 ms of CPU.
// One madvise(MADV_POPULATE_READ) maps the code's pages for about 0.2 µs
// each, and MADV_POPULATE_WRITE zeroes and maps the heap's for about 0.7
// µs, so mapping the 9 MB of code and the heap's first 4 MiB chunk at once
// costs less than the faults it saves (figures in the README's Performance
// section). Where faults are cheap the calls cost a millisecond at most,
// and a kernel older than Linux 5.14, which does not know these advices,
// refuses them and nothing changes.
//
// The populated pages are what the run would touch anyway, or zeroes the
// runtime hands out next: the process holds at most a few MiB more.
package prefault
