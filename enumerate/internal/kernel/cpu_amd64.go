//go:build amd64

package kernel

import "golang.org/x/sys/cpu"

//go:generate go run gen_amd64.go -out kernels_amd64.s

// hasAVX512 reports whether this CPU runs the AVX-512 kernels: they need
// the foundation (VPTERNLOGQ, embedded broadcasts), VPOPCNTDQ, and BMI1 and
// POPCNT in the scalar code around them.
var hasAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512VPOPCNTDQ && cpu.X86.HasBMI1 && cpu.X86.HasPOPCNT

// hasAVX2 reports whether this CPU runs the AVX2 kernel.
var hasAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasBMI1
