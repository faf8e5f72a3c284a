package kernel

// supersetMobius turns f, where f[S] is the number of lanes whose value
// has every bit of S (f[0] all lanes), into n with n[v] the number of lanes
// whose value is v: n[v] = Σ_{S ⊇ v} (−1)^|S∖v|·f[S]. len(f) must be a
// power of two. Each n[v] is a count, so computing modulo 2^64 (wrapping
// uint64) gives it exactly even where partial sums go negative.
func supersetMobius(f []uint64) {
	for bit := 1; bit < len(f); bit <<= 1 {
		for s := range f {
			if s&bit == 0 {
				f[s] -= f[s|bit]
			}
		}
	}
}
