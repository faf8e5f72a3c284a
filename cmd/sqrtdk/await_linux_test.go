package main

// rusageThread is RUSAGE_THREAD: the calling thread's own CPU time.
const rusageThread = 1
