package grade

import "github.com/sqrtdk/sqrtdk/internal/mistake"

// A MistakeKind is one known mistake of the catalogue (Catalogue): a way
// of getting the scale of q·k, or a quantity around it, wrong. Its String
// is the stable name feedback, JSON and item analyses use (such as
// "divided-by-d"), Title names it in words and Does says what it does; the
// zero MistakeKind is no mistake. The catalogue is the one list both the
// grading of answers and the sqrtdk command's diagnosis of a measured
// score std name mistakes from.
type MistakeKind = mistake.Kind

// Catalogue returns every MistakeKind, in the order grading tries them.
func Catalogue() []MistakeKind { return mistake.Catalogue() }
