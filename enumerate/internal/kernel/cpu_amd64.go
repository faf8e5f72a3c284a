//go:build amd64

package kernel

import "golang.org/x/sys/cpu"

// The assembly and its Go declarations are written by the avo program in
// _asm, a module of its own (so that this module does not require avo):
//go:generate go -C _asm run . -out ../kernels_amd64.s -stubs ../kernels_stub_amd64.go -pkg kernel

// hasAVX512 reports whether this CPU runs the AVX-512 kernels: they need
// the foundation (VPTERNLOGQ, embedded broadcasts), VPOPCNTDQ, and BMI1 and
// POPCNT in the scalar code around them.
var hasAVX512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512VPOPCNTDQ && cpu.X86.HasBMI1 && cpu.X86.HasPOPCNT

// hasAVX2 reports whether this CPU runs the AVX2 kernels.
var hasAVX2 = cpu.X86.HasAVX2
