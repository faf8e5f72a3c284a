package grade

// Kind returns the kind of claim the part asks about, as its key line
// names it: "number", "variance", "std", "count", "share", "softmax",
// "trend", "law", "distribution", ….
func (p *Part) Kind() string { return p.claim.Kind }

// TakesDecimals reports whether an answer to the part may be a decimal,
// which its precision rule (Decimals, Digits) then judges: false for a
// trend, a law of d or a distribution, whose answers are words, formulas
// or exact counts.
func (p *Part) TakesDecimals() bool {
	switch p.claim.Kind {
	case "trend", "law", "distribution":
		return false
	}
	return true
}
