// Package costtest holds a run's cost estimate, made before any work,
// against what the work measures, for tests only.
//
// Every computation sqrtdk plans is estimated as a time and a peak
// memory (enumerate.Cost) so that a run over its limits is refused before
// it starts. A calibration test runs generated cases of one estimator
// (widths, answer lengths, class sizes, claim kinds) and hands each
// estimate and measurement to a Table, which requires them within Factor
// of each other where the measurement is above the noise: MinSeconds of
// CPU time, MinBytes of live heap. Time is CPU time of the whole process
// (not wall time: the machine is shared) with the work on one P (a
// second P runs idle mark workers and spins during collections, CPU time
// that varies by half between runs and lengthens no run), the least of
// three runs for a run shorter than a second (the collector and the
// scheduler add to one run's CPU time, never take from it). Memory is the
// largest live heap the collector marked during the run or held after
// it, above what was live before it, with the process's usual Ps, as the
// command runs, the least of two runs (objects allocated while a
// collection marks count as live until the next one).
package costtest
