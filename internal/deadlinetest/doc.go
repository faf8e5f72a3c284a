// Package deadlinetest gives tests deadlines that scale with how busy the
// machine is: a test that asks for a stop within 2 s asks for it within
// 2 s times Factor, so that a laptop busy with other work is asked what
// an idle one is, and a slow stop still fails.
//
// Factor is measured once per test binary: the wall time over the CPU
// time of 50 ms of work on one thread (1 on an idle machine; on two cores
// beside two CPU-bound processes about 2), at least 1 and at most 10.
// Only tests import this package.
package deadlinetest
