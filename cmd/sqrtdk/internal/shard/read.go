package shard

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/internal/split"
	"github.com/sqrtdk/sqrtdk/rational"
)

// maxPairBits bounds the number of pairs of one width, as a power of 2.
const maxPairBits = 128

// MaxParts bounds the number of widths one shard file may hold; a shard
// run with more is refused before it starts.
const MaxParts = 1000

// maxTokenLetters bounds the tokens of an alphabet in a file: no more
// than an alphabet may have.
const maxTokenLetters = rational.MaxLetters

func unwrapPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Read reads one shard file and verifies it: the JSON must be exactly the
// format's (its keys in the order Write writes them, each once, spelled
// exactly), the checksum must match the contents, and the contents must
// be consistent with what the alphabets force (see forced.go): canonical
// alphabets, the q range of the stated slice, the score lattice of the
// alphabets, counts only at attainable scores and summing to the number
// of pairs in that range. The file is read as a stream, so that memory
// stays that of the counts a valid file holds, whatever the input; a
// file that is not the format is refused at its first wrong token, and
// the checksum is judged before the contents, so that a damaged file is
// called damaged. name is used in messages.
// Its counts may hold up to enumerate's default memory limit.
func Read(r io.Reader, name string) (*Result, error) {
	return ReadLimited(r, name, enumerate.DefaultMaxMemory)
}

// ReadLimited is Read with the counts held to maxBytes of memory: a file
// whose counts would pass it is refused while it is read, with an
// *enumerate.LimitError that estimates what they would hold.
func ReadLimited(r io.Reader, name string, maxBytes int64) (*Result, error) {
	res, err := read(r, name, maxBytes)
	var le *enumerate.LimitError
	if errors.As(err, &le) {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("shard file %s: %v", name, err)
	}
	return res, nil
}

// A streamReader reads a shard file token by token, computes its checksum
// as it goes, and keeps the first inconsistency it finds until the
// checksum has been judged.
type streamReader struct {
	dec   *json.Decoder
	input *countingReader
	canon canonical
	res   *Result
	// name is the file's name, and held the bytes its counts hold, at
	// most maxBytes.
	name           string
	held, maxBytes float64
	// bad is the first inconsistency in the contents; it is reported
	// only when the checksum matches, as an intact but wrong file.
	bad error
}

// A countingReader counts the bytes read, to refuse a file past
// MaxFileBytes while it streams.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	if c.n > MaxFileBytes {
		return n, errTooLarge
	}
	return n, err
}

var errTooLarge = fmt.Errorf("is larger than %d MiB, more than any shard holds", MaxFileBytes>>20)

// errFormat marks an error in the file's structure, reported at once.
type errFormat struct{ msg string }

func (e *errFormat) Error() string { return e.msg }

func formatErrorf(format string, args ...any) error {
	return &errFormat{msg: fmt.Sprintf(format, args...)}
}

func read(r io.Reader, name string, maxBytes int64) (*Result, error) {
	in := &countingReader{r: r}
	br := bufio.NewReaderSize(in, 64<<10)
	if blank, err := isBlank(br); err != nil {
		if errors.Is(err, errTooLarge) {
			return nil, err
		}
		return nil, fmt.Errorf("cannot be read: %v", unwrapPathError(err))
	} else if blank {
		return nil, fmt.Errorf("is empty (was the shard run interrupted?)")
	}
	s := &streamReader{dec: json.NewDecoder(br), input: in, canon: newCanonical(), res: &Result{}, name: name, maxBytes: float64(maxBytes)}
	s.dec.UseNumber()
	res, err := s.document()
	if err != nil {
		var le *enumerate.LimitError
		if errors.As(err, &le) {
			return nil, err
		}
		if errors.Is(err, errTooLarge) || in.n > MaxFileBytes {
			return nil, errTooLarge
		}
		var fe *errFormat
		if errors.As(err, &fe) {
			return nil, err
		}
		return nil, fmt.Errorf("is not a valid shard file (bad JSON: %v)", err)
	}
	return res, nil
}

// isBlank reports whether the rest of br is only white space, leaving
// the first other byte unread, or the error that stopped the reading.
func isBlank(br *bufio.Reader) (bool, error) {
	for {
		b, err := br.ReadByte()
		if err == io.EOF {
			return true, nil
		}
		if err != nil {
			return false, err
		}
		if !unicode.IsSpace(rune(b)) {
			br.UnreadByte()
			return false, nil
		}
	}
}

// keysDocument, keysShard and keysPart are the keys of each object, in
// the order Write writes them.
var (
	keysDocument = []string{"format", "tool", "command", "q", "k", "method", "shard", "parts", "sha256"}
	keysShard    = []string{"index", "count"}
	keysPart     = []string{"d", "q_lo", "q_hi", "q_total", "base", "step", "counts"}
)

// document reads the whole file.
func (s *streamReader) document() (*Result, error) {
	if err := s.delim('{', "a shard file is one JSON object"); err != nil {
		return nil, err
	}
	var stored string
	err := s.object(keysDocument, func(key string) error {
		switch key {
		case "format":
			v, err := s.str(key, 100)
			if err != nil {
				return err
			}
			if v != FormatName {
				return formatErrorf("is not a %s file (format %.40q)", FormatName, v)
			}
			s.canon.line("format", v)
		case "tool":
			v, err := s.str(key, 200)
			if err != nil {
				return err
			}
			s.res.Tool = v
			s.canon.line("tool", v)
			if v == "" || strings.IndexFunc(v, unicode.IsControl) >= 0 {
				s.inconsistent(fmt.Errorf("tool %.40q is not a version string", v))
			}
		case "command":
			v, err := s.str(key, 20)
			if err != nil {
				return err
			}
			s.res.Command = v
			s.canon.line("command", v)
			if v != "table" && v != "dist" {
				s.inconsistent(fmt.Errorf("command %.40q is neither table nor dist", v))
			}
		case "q", "k":
			tokens, err := s.strings(key, maxTokenLetters, 1000)
			if err != nil {
				return err
			}
			s.canon.line(key, strings.Join(tokens, ","))
			a, err := canonicalAlphabet(tokens)
			if err != nil {
				s.inconsistent(fmt.Errorf("%s: %v", key, err))
			}
			if key == "q" {
				s.res.Q = a
			} else {
				s.res.K = a
			}
		case "method":
			v, err := s.str(key, 20)
			if err != nil {
				return err
			}
			s.res.Method = enumerate.BruteForce
			s.canon.line("method", v)
			if v != enumerate.BruteForce.String() {
				s.inconsistent(fmt.Errorf("method %.40q is not brute", v))
			}
		case "shard":
			return s.slice()
		case "parts":
			return s.parts()
		case "sha256":
			v, err := s.str(key, 64)
			if err != nil {
				return err
			}
			stored = v
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if _, err := s.dec.Token(); err != io.EOF {
		if errors.Is(err, errTooLarge) {
			return nil, err
		}
		return nil, formatErrorf("is not a valid shard file (data after the JSON document)")
	}
	if stored == "" {
		return nil, formatErrorf("has no checksum")
	}
	if sum := s.canon.sum(); sum != stored {
		return nil, formatErrorf("is corrupted: its contents do not match its checksum (stored %.16s…, computed %.16s…)", stored, sum)
	}
	if s.bad != nil {
		return nil, formatErrorf("is inconsistent: %v", s.bad)
	}
	return s.res, nil
}

// inconsistent keeps the first inconsistency.
func (s *streamReader) inconsistent(err error) {
	if s.bad == nil {
		s.bad = err
	}
}

// token returns the next token.
func (s *streamReader) token() (json.Token, error) {
	return s.dec.Token()
}

// delim reads the delimiter want; what explains the expected shape.
func (s *streamReader) delim(want json.Delim, what string) error {
	t, err := s.token()
	if err != nil {
		return err
	}
	if d, ok := t.(json.Delim); !ok || d != want {
		return formatErrorf("is not a valid shard file (%s, not %s)", what, describeToken(t))
	}
	return nil
}

// describeToken names a token for a message, quoting at most 40
// characters of it.
func describeToken(t json.Token) string {
	switch v := t.(type) {
	case json.Delim:
		return fmt.Sprintf("%q", string(v))
	case string:
		return fmt.Sprintf("the string %.40q", v)
	case json.Number:
		return fmt.Sprintf("the number %.40s", string(v))
	case bool:
		return fmt.Sprintf("%v", v)
	case nil:
		return "null"
	}
	return fmt.Sprintf("%T", t)
}

// object reads the members of an object whose '{' was read, which must be
// exactly keys in that order, calling member for each after its key; it
// reads the closing '}'.
func (s *streamReader) object(keys []string, member func(key string) error) error {
	for i, want := range keys {
		t, err := s.token()
		if err != nil {
			return err
		}
		key, ok := t.(string)
		if !ok {
			return formatErrorf("is not a valid shard file (key %q is missing)", want)
		}
		if key != want {
			return wrongKey(key, want, keys[:i], keys)
		}
		if err := member(key); err != nil {
			return err
		}
	}
	t, err := s.token()
	if err != nil {
		return err
	}
	if key, ok := t.(string); ok {
		return wrongKey(key, "", keys, keys)
	}
	return nil
}

// wrongKey explains a key that is not the one expected: a second copy of
// an earlier one, another spelling of a known one, one out of order, or
// an unknown field.
func wrongKey(key, want string, seen, keys []string) error {
	for _, k := range seen {
		if k == key {
			return formatErrorf("is not a valid shard file (key %q appears twice)", key)
		}
	}
	for _, k := range keys {
		if k == key {
			return formatErrorf("is not a valid shard file (key %q comes before %q; the keys come in the order %s)", want, key, strings.Join(keys, ", "))
		}
		if strings.EqualFold(k, key) {
			return formatErrorf("is not a valid shard file (key %.40q is not %q: keys are lower-case)", key, k)
		}
	}
	return formatErrorf("is not a valid shard file (unknown field %.40q)", key)
}

// str reads a string of at most max bytes.
func (s *streamReader) str(key string, max int) (string, error) {
	t, err := s.token()
	if err != nil {
		return "", err
	}
	v, ok := t.(string)
	if !ok {
		return "", formatErrorf("is not a valid shard file (%s should be a string, not %s)", key, describeToken(t))
	}
	if len(v) > max {
		return "", formatErrorf("is not a valid shard file (%s is %d bytes long, more than the %d it can be)", key, len(v), max)
	}
	return v, nil
}

// strings reads an array of at most maxN strings of at most maxLen bytes.
func (s *streamReader) strings(key string, maxN, maxLen int) ([]string, error) {
	if err := s.delim('[', key+" should be an array"); err != nil {
		return nil, err
	}
	var out []string
	for s.dec.More() {
		if len(out) == maxN {
			return nil, formatErrorf("is not a valid shard file (%s has more than %d entries)", key, maxN)
		}
		v, err := s.str(key, maxLen)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	_, err := s.token()
	return out, err
}

// integer reads a JSON integer in canonical form from 0 to max.
func (s *streamReader) integer(key string, max int) (int, error) {
	t, err := s.token()
	if err != nil {
		return 0, err
	}
	n, ok := t.(json.Number)
	if !ok {
		return 0, formatErrorf("is not a valid shard file (%s should be a number, not %s)", key, describeToken(t))
	}
	v, err := strconv.Atoi(string(n))
	if err != nil || strconv.Itoa(v) != string(n) || v < 0 || v > max {
		return 0, formatErrorf("is not a valid shard file (%s %.40s is not an integer from 0 to %d)", key, string(n), max)
	}
	return v, nil
}

// slice reads the "shard" object.
func (s *streamReader) slice() error {
	if err := s.delim('{', "shard should be an object"); err != nil {
		return err
	}
	err := s.object(keysShard, func(key string) error {
		v, err := s.integer("shard."+key, math.MaxInt32)
		if key == "index" {
			s.res.Index = v
		} else {
			s.res.Count = v
		}
		return err
	})
	if err != nil {
		return err
	}
	s.canon.line("shard", fmt.Sprintf("%d/%d", s.res.Index, s.res.Count))
	if s.res.Count < 1 || s.res.Count > split.MaxSlices || s.res.Index >= s.res.Count {
		s.inconsistent(fmt.Errorf("slice %d/%d is not one of 0/N … (N−1)/N with 1 ≤ N ≤ %d", s.res.Index, s.res.Count, split.MaxSlices))
	}
	return nil
}

// parts reads the "parts" array.
func (s *streamReader) parts() error {
	if err := s.delim('[', "parts should be an array"); err != nil {
		return err
	}
	n := 0
	for s.dec.More() {
		if n == MaxParts {
			return formatErrorf("is not a valid shard file (more than %d widths)", MaxParts)
		}
		if err := s.part(); err != nil {
			return err
		}
		n++
	}
	if _, err := s.token(); err != nil {
		return err
	}
	switch {
	case n == 0:
		s.inconsistent(fmt.Errorf("it has no widths"))
	case s.res.Command == "dist" && n != 1:
		s.inconsistent(fmt.Errorf("a dist shard has one width, not %d", n))
	}
	return nil
}

// part reads one width's object; its counts are kept only while the part
// is consistent so far, so that memory stays that of a valid file.
func (s *streamReader) part() error {
	if err := s.delim('{', "each part should be an object"); err != nil {
		return err
	}
	var pd partDoc
	var check *partCheck
	err := s.object(keysPart, func(key string) error {
		var err error
		switch key {
		case "d":
			pd.D, err = s.integer("d", math.MaxInt32)
		case "q_lo":
			pd.QLo, err = s.str(key, 20)
		case "q_hi":
			pd.QHi, err = s.str(key, 20)
		case "q_total":
			pd.QTotal, err = s.str(key, 20)
		case "base":
			pd.Base, err = s.str(key, 1000)
		case "step":
			pd.Step, err = s.str(key, 1000)
			if err == nil {
				s.canon.partHead(pd)
				check = s.startPart(pd)
			}
		case "counts":
			err = s.counts(check)
		}
		return err
	})
	if err != nil {
		return err
	}
	s.canon.partEnd()
	if p, err := check.finish(); err != nil {
		s.inconsistent(fmt.Errorf("d_k = %d: %v", pd.D, err))
	} else if p != nil {
		s.res.Parts = append(s.res.Parts, *p)
	}
	return nil
}

// counts reads the counts array, hashing every count and keeping it for
// the part's check.
func (s *streamReader) counts(check *partCheck) error {
	if err := s.delim('[', "counts should be an array"); err != nil {
		return err
	}
	for i := 0; s.dec.More(); i++ {
		v, err := s.str(fmt.Sprintf("count %d", i), 1<<20)
		if err != nil {
			return err
		}
		s.canon.count(i, v)
		if err := check.add(i, v, s); err != nil {
			return err
		}
	}
	_, err := s.token()
	return err
}

// A partCheck checks one width's part as its counts stream in; a nil
// partCheck, or one with an error, checks nothing more.
type partCheck struct {
	part      Part
	forced    *forced
	want      *big.Int // pairs in the slice
	maxDigits int
	total     *big.Int
	err       error
	// fixed is the memory the file held when its counts began, the
	// array of this part's counts included.
	fixed float64
}

// startPart checks what precedes a part's counts; it returns nil when the
// file's alphabets or slice are already inconsistent.
func (s *streamReader) startPart(pd partDoc) *partCheck {
	if s.bad != nil {
		return nil
	}
	c := &partCheck{total: new(big.Int)}
	c.part, c.forced, c.want, c.err = s.res.checkHead(pd)
	if c.err == nil {
		c.maxDigits = len(c.want.String())
		s.held += float64(c.forced.size) * 8
		c.fixed = s.held
		if s.held > s.maxBytes {
			return c // add refuses it at the first count, before holding more
		}
		c.part.Hist.Counts = make([]*big.Int, 0, c.forced.size)
	}
	return c
}

// add checks and keeps count i, read as s from r's file; zero counts
// share one Int, and a count that would take the counts held past r's
// memory limit stops the reading with an *enumerate.LimitError, its
// estimate the memory held so far scaled to the whole lattice.
func (c *partCheck) add(i int, s string, r *streamReader) error {
	if c == nil || c.err != nil {
		return nil
	}
	if i >= c.forced.size {
		c.err = fmt.Errorf("more than the %d counts of the score lattice", c.forced.size)
		return nil
	}
	n, err := canonicalCount(s, c.maxDigits)
	if err != nil {
		c.err = fmt.Errorf("count %d: %v", i, err)
		return nil
	}
	c.total.Add(c.total, n)
	if n.Sign() == 0 {
		n = zeroCount
	} else {
		r.held += intBytes(n)
	}
	if r.held > r.maxBytes {
		// The estimate: what was held before the counts, and the counts
		// read so far in proportion to the whole lattice.
		read := float64(i+1) / float64(c.forced.size)
		return &enumerate.LimitError{
			What:   fmt.Sprintf("the counts of shard file %s at d_k = %d", r.name, c.part.D),
			Cost:   enumerate.Cost{Bytes: c.fixed + (r.held-c.fixed)/read},
			Limits: enumerate.Limits{MaxMemory: int64(r.maxBytes)},
		}
	}
	c.part.Hist.Counts = append(c.part.Hist.Counts, n)
	return nil
}

// zeroCount is the one Int every zero count of a file read shares: a
// lattice of millions of points is mostly zeros at its ends. It is never
// changed (Merge adds into a copy).
var zeroCount = new(big.Int)

// intBytes is the memory of a count: its words, its header and the
// pointer to it.
func intBytes(n *big.Int) float64 { return float64(len(n.Bits())*8 + 48) }

// finish checks the whole part and returns it, or nil and no error when
// there was nothing to check.
func (c *partCheck) finish() (*Part, error) {
	if c == nil {
		return nil, nil
	}
	if c.err != nil {
		return nil, c.err
	}
	if c.total.Cmp(c.want) != 0 {
		return nil, fmt.Errorf("the counts add up to %s, but the slice has %s pairs", shortCount(c.total), shortCount(c.want))
	}
	if err := c.forced.checkSlice(c.part.Hist); err != nil {
		return nil, err
	}
	return &c.part, nil
}

// checkHead checks a part's width, q range, lattice and step, and returns
// the part without counts, what the alphabets force at its width and the
// number of pairs in its slice. Its errors do not name the width: the one
// caller (through partCheck.finish) puts "d_k = N: " before every error of
// a part.
func (r *Result) checkHead(pd partDoc) (Part, *forced, *big.Int, error) {
	if pd.D < 1 || pd.D > enumerate.MaxD {
		return Part{}, nil, nil, fmt.Errorf("width out of range 1..%d", enumerate.MaxD)
	}
	wrap := func(err error) (Part, *forced, *big.Int, error) {
		return Part{}, nil, nil, err
	}
	// No enumeration covers 2^128 pairs; refusing them here also keeps
	// the exact arithmetic below small for any file.
	if float64(pd.D)*math.Log2(float64(r.Q.Size())*float64(r.K.Size())) > maxPairBits {
		return wrap(fmt.Errorf("more than 2^%d pairs, far beyond any enumeration", maxPairBits))
	}
	prob := enumerate.Problem{Q: r.Q, K: r.K, D: pd.D}
	f, err := newForced(prob)
	if err != nil {
		return wrap(err)
	}
	p := Part{D: pd.D}
	if p.Lo, err = canonicalUint(pd.QLo); err != nil {
		return wrap(fmt.Errorf("q_lo: %v", err))
	}
	if p.Hi, err = canonicalUint(pd.QHi); err != nil {
		return wrap(fmt.Errorf("q_hi: %v", err))
	}
	if p.QTotal, err = canonicalUint(pd.QTotal); err != nil {
		return wrap(fmt.Errorf("q_total: %v", err))
	}
	if nq, ok := split.QCount(prob.Q, prob.D); !ok || nq != p.QTotal {
		return wrap(fmt.Errorf("q_total %d is not the number of q vectors the run enumerates, %d", p.QTotal, nq))
	}
	lo, hi, err := split.Range(prob.Q, prob.D, r.Index, r.Count)
	if err != nil {
		return wrap(err)
	}
	if lo != p.Lo || hi != p.Hi {
		return wrap(fmt.Errorf("it claims q indices [%d, %d), but %s covers [%d, %d)", p.Lo, p.Hi, r.Name(), lo, hi))
	}
	h := &rational.Histogram{}
	if h.Base, err = canonicalRat(pd.Base); err != nil {
		return wrap(fmt.Errorf("base: %v", err))
	}
	if h.Step, err = canonicalRat(pd.Step); err != nil {
		return wrap(fmt.Errorf("step: %v", err))
	}
	if h.Step.Sign() <= 0 {
		return wrap(fmt.Errorf("step %s is not positive", pd.Step))
	}
	if h.Base.Cmp(f.base) != 0 || h.Step.Cmp(f.step) != 0 {
		return wrap(fmt.Errorf("its score lattice (base %.40s, step %.40s) is not the one these alphabets give (base %s, step %s)",
			pd.Base, pd.Step, f.base.RatString(), f.step.RatString()))
	}
	p.Hist = h
	return p, f, split.Pairs(prob.Q, prob.K, prob.D, p.Lo, p.Hi), nil
}

func canonicalAlphabet(tokens []string) (rational.Alphabet, error) {
	if len(tokens) == 0 {
		return rational.Alphabet{}, fmt.Errorf("empty alphabet")
	}
	a, err := rational.ParseAlphabet(strings.Join(tokens, ","))
	if err != nil {
		return a, err
	}
	if !slices.Equal(a.Tokens(), tokens) {
		return a, fmt.Errorf("alphabet %.60q is not in canonical form %.60q", strings.Join(tokens, ","), a.String())
	}
	return a, nil
}

func canonicalUint(s string) (uint64, error) {
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil || strconv.FormatUint(n, 10) != s {
		return 0, fmt.Errorf("%.30q is not a non-negative integer below 2^64 in canonical form", s)
	}
	return n, nil
}

func canonicalRat(s string) (*big.Rat, error) {
	r, err := rational.ParseRat(s)
	if err != nil || r.RatString() != s {
		return nil, fmt.Errorf("%.40q is not an exact rational in canonical form", s)
	}
	return r, nil
}

func canonicalCount(s string, maxDigits int) (*big.Int, error) {
	if s == "" || len(s) > maxDigits || (len(s) > 1 && s[0] == '0') || strings.Trim(s, "0123456789") != "" {
		return nil, fmt.Errorf("%.30q is not a count in canonical form", s)
	}
	n, _ := new(big.Int).SetString(s, 10)
	return n, nil
}
