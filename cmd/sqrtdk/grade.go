package main

import (
	"bytes"
	"context"
	"debug/elf"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/autograder"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/guard"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/render"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/spec"
	"github.com/sqrtdk/sqrtdk/enumerate"
	"github.com/sqrtdk/sqrtdk/grade"
	"github.com/sqrtdk/sqrtdk/internal/numwords"
)

// keyFlags say which key: --key, and for a key that draws values the
// --seed its variants were made with and the --student to draw for.
type keyFlags struct {
	key, seed, student string
}

func (k *keyFlags) register(fs *flag.FlagSet, studentUsage string) {
	fs.StringVar(&k.key, "key", "", "the answer key `FILE` (sqrtdk help keys)")
	fs.StringVar(&k.seed, "seed", "", "for a key that draws values: the seed its variants are made with")
	fs.StringVar(&k.student, "student", "", studentUsage)
}

// read parses the key file.
func (k *keyFlags) read(ctx context.Context, files *guard.Files) (*grade.Key, error) {
	if k.key == "" {
		return nil, fmt.Errorf("--key: name the answer key")
	}
	return readKey(ctx, files, k.key)
}

// readKey parses a key file, read through the run's guard.
func readKey(ctx context.Context, files *guard.Files, path string) (*grade.Key, error) {
	in, err := files.Open(ctx, keyInput, path)
	if err != nil {
		return nil, err
	}
	defer in.Close()
	key, err := grade.ParseKey(in.Name, in)
	return key, in.Err(err)
}

// gradeRun is one run of sqrtdk grade: its flags and what it has read.
type gradeRun struct {
	keys         keyFlags
	key          *grade.Key
	roster       *roster
	metadata     string // the Gradescope submitter's id
	groupOthers  []string
	decimalComma bool
	limits       enumerate.Limits
}

func runGrade(ctx context.Context, files *guard.Files, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("grade", "ANSWERS... (- reads one answer file from standard input)", stderr)
	var run gradeRun
	run.keys.register(fs, "the student `ID` of one answer file (default: the roster, the metadata or the file's student line)")
	var format choiceFormatFlag
	format.register(fs, "text", "text", "json", "csv", "gradescope", "canvas", "moodle")
	var classReport, outPath, lint, rosterPath, metadataPath string
	fs.StringVar(&classReport, "class-report", "", "also write one CSV row per answer file to `FILE.csv`; standard output then gets the item analysis")
	fs.StringVar(&outPath, "o", "", "write the result to `FILE` instead of standard output; the file appears only when the result is complete")
	fs.StringVar(&lint, "lint", "", "check the key `FILE` and list what is likely not meant; grade nothing")
	fs.StringVar(&rosterPath, "roster", "", "the class `FILE`: CSV lines id,name[,seed]; an answer file is its student's by its name (ID.answers)")
	fs.StringVar(&metadataPath, "metadata", "", "Gradescope's submission_metadata.json `FILE`: the submitter's sid (or email) is the student")
	fs.BoolVar(&run.decimalComma, "decimal-comma", false, "read a comma between digits as a decimal point (1,5 is 1.5) in every answer")
	var zipPath, zipBinary string
	fs.StringVar(&zipPath, "gradescope-zip", "", "write the Gradescope autograder `FILE.zip` for --key (and --seed): setup.sh, run_autograder, the key and sqrtdk; grade nothing")
	fs.StringVar(&zipBinary, "gradescope-binary", "", "the sqrtdk `FILE` built for Linux amd64 to put in the zip (default: this one, when it is)")
	var lim limitFlags
	lim.register(fs)
	names, err := parseFlagsAndArgs(fs, args)
	if err != nil {
		return err
	}
	limits, err := lim.parse(ctx)
	if err != nil {
		return usageErrorf("%v", err)
	}
	run.limits = limits
	if lint != "" {
		if len(names) > 0 || run.keys.key != "" {
			return usageErrorf("--lint checks a key alone: give no --key and no answer files")
		}
		return runLint(ctx, files, lint, limits, stdout)
	}
	if zipPath != "" {
		if len(names) > 0 || rosterPath != "" || metadataPath != "" || classReport != "" || outPath != "" || run.keys.student != "" {
			return usageErrorf("--gradescope-zip builds the autograder from --key and --seed alone: give no answer files, --roster, --metadata, --student, --class-report or -o")
		}
		return writeAutograderZip(ctx, files, run.keys, zipPath, zipBinary, stdout)
	}
	if zipBinary != "" {
		return usageErrorf("--gradescope-binary goes with --gradescope-zip")
	}
	if len(names) == 0 && rosterPath == "" {
		return flagUsageError(fs, "name at least one answer file")
	}
	f, err := format.parse()
	if err != nil {
		return err
	}
	if err := oneStdin(names); err != nil {
		return err
	}
	class := len(names) > 1 || classReport != "" || rosterPath != ""
	if f == "gradescope" && class {
		return usageErrorf("--format gradescope writes the results of one answer file")
	}
	if run.keys.student != "" && len(names) > 1 {
		return usageErrorf("--student names the student of one answer file; several files name theirs on a student line or by the roster")
	}
	if metadataPath != "" && class {
		return usageErrorf("--metadata names the submitter of one answer file")
	}
	files.Declare(answersInput, names...)
	if rosterPath != "" {
		files.Declare(rosterInput, rosterPath)
	}
	if metadataPath != "" {
		files.Declare(metadataInput, metadataPath)
	}
	if run.key, err = run.keys.read(ctx, files); err != nil {
		if f == "gradescope" {
			// The key is the teacher's: the student sees only that grading failed.
			if werr := writeGradescopeFailure(files, stdout, outPath, "", errors.New("the autograder's key could not be read; your teacher has been told")); werr != nil {
				return werr
			}
		}
		return err
	}
	key := run.key
	if !key.IsTemplate() && run.keys.seed != "" {
		return usageErrorf("--seed: %s draws no values", key.Name)
	}
	if rosterPath != "" {
		if run.roster, err = readRoster(ctx, files, rosterPath); err != nil {
			return err
		}
	}
	if key.IsTemplate() && run.keys.seed == "" && !run.roster.seedsAll() {
		return usageErrorf("--seed: %s draws values (a variant per student): give the seed the sheets were made with", key.Name)
	}
	if metadataPath != "" {
		if run.metadata, run.groupOthers, err = readMetadata(ctx, files, metadataPath); err != nil {
			return err
		}
	}
	out, err := openOutput(files, "-o", outPath)
	if err != nil {
		return err
	}
	var report *output
	if classReport != "" {
		if report, err = openOutput(files, "--class-report", classReport); err != nil {
			return err
		}
	}

	// The work is planned before any is done, then the key is linted.
	g := grade.NewGrader(grade.Options{DecimalComma: run.decimalComma, Limits: limits})
	if err := g.Plan(key); err != nil {
		return spec.AdviseRefusal(err, "grade a key with smaller widths")
	}
	warnings, err := g.Lint(ctx, key)
	if err != nil {
		return err
	}
	if len(warnings) > 0 {
		fmt.Fprintln(stderr, errorLine(fmt.Sprintf("sqrtdk grade: warning: %s: %s (sqrtdk grade --lint %s lists them)", key.Name, numwords.Count(len(warnings), "lint warning"), key.Name)))
	}
	started := time.Now()
	results, err := run.gradeAll(ctx, files, g, names)
	if err != nil {
		return err
	}
	if class {
		grade.Compare(results)
	} else if results[0].Err != nil && f != render.Gradescope {
		return results[0].Err // one file: nothing to print but why
	}

	if report != nil {
		if err := report.write(stdout, func(w io.Writer) error { return render.WriteClass(w, results, render.CSV, run.roster.names()) }); err != nil {
			return err
		}
	}
	err = out.write(stdout, func(w io.Writer) error {
		switch {
		case classReport != "" && f != render.Canvas && f != render.Moodle:
			return render.WriteItems(w, results, f, run.roster.names())
		case class || f == render.CSV || f == render.Canvas || f == render.Moodle:
			return render.WriteClass(w, results, f, run.roster.names())
		case f == render.Gradescope:
			return render.WriteGradescope(w, results[0], time.Since(started))
		}
		return render.WriteResult(w, results[0], f)
	})
	if err != nil {
		return err
	}
	var rejected []*grade.Result
	notRight := 0
	for _, r := range results {
		switch {
		case r.Err != nil:
			rejected = append(rejected, r)
		case !r.AllRight():
			notRight++
		}
	}
	if len(rejected) > 0 {
		if !class {
			return rejected[0].Err
		}
		// The class is graded and every output written; the rows that
		// were not graded are for the teacher to review.
		var absent []string
		unread := 0
		for _, r := range rejected {
			if errors.Is(r.Err, errAbsent) {
				absent = append(absent, r.Student)
				continue
			}
			unread++
			fmt.Fprintln(stderr, errorLine("sqrtdk grade: "+r.Err.Error()))
		}
		var says []string
		if unread > 0 {
			says = append(says, fmt.Sprintf("%d of %s could not be graded (listed above)", unread, numwords.Count(len(results)-len(absent), "answer file")))
		}
		if len(absent) > 0 {
			says = append(says, fmt.Sprintf("%d of the roster's %s handed in nothing (absent: %s)", len(absent), numwords.Count(len(run.roster.entries), "student"), strings.Join(absent, ", ")))
		}
		return &needsReview{msg: strings.Join(says, "; ") + "; each has its row, flagged: review them"}
	}
	if notRight > 0 {
		if len(results) == 1 {
			return &checkFailed{msg: fmt.Sprintf("%s: %s", results[0].Student, render.ScoreWords(results[0].Score, results[0].Max))}
		}
		return &checkFailed{msg: fmt.Sprintf("%d of %s %s not all right", notRight, numwords.Count(len(results), "answer file"), numwords.Agree(notRight, "is", "are"))}
	}
	return nil
}

// gradeAll grades every answer file in order, each once (a file named
// twice, by any path, is graded once and flagged), then gives each roster
// student without a file a row of their own. A file that cannot be read
// gets a rejected row; only the key or a computation stops the run. The
// class is planned before work (planClass): once from the files' sizes,
// before they are read, and again from their answers, before any is
// judged.
func (run *gradeRun) gradeAll(ctx context.Context, files *guard.Files, g *grade.Grader, names []string) ([]*grade.Result, error) {
	sizes := make([]int64, len(names))
	for i, name := range names {
		if info, err := os.Stat(name); err == nil && name != "-" && info.Mode().IsRegular() {
			sizes[i] = info.Size()
		}
	}
	if err := run.planClass(sizes, nil); err != nil {
		return nil, err
	}
	// The files are read first, each once, their answers kept.
	type answerFile struct {
		name string
		a    *grade.Answers
		err  error
		dup  int // the index of the same file named before, or -1
	}
	read := make([]answerFile, len(names))
	var infos []os.FileInfo
	var done atomic.Int64
	var grading atomic.Bool
	setProgress(ctx, func() string {
		verb := "reading"
		if grading.Load() {
			verb = "grading"
		}
		return fmt.Sprintf("was %s answer file %d of %d", verb, done.Load(), len(names))
	})
	for i, name := range names {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		done.Add(1)
		read[i] = answerFile{name: name, dup: -1}
		if info, err := os.Stat(name); err == nil && name != "-" {
			for j, seen := range infos {
				if seen != nil && os.SameFile(seen, info) {
					read[i].dup = j
				}
			}
			infos = append(infos, info)
		} else {
			infos = append(infos, nil)
		}
		if read[i].dup < 0 {
			read[i].a, read[i].err = run.readAnswers(ctx, files, name)
		}
	}
	answers := make([]*grade.Answers, len(read))
	for i, f := range read {
		answers[i] = f.a
		if f.dup >= 0 {
			sizes[i] = 0 // graded once, as the file named before
		}
	}
	if err := run.planClass(sizes, answers); err != nil {
		return nil, err
	}
	var results []*grade.Result
	byFile := make([]*grade.Result, len(read))
	handedIn := map[string]bool{}
	done.Store(0)
	grading.Store(true)
	for i, f := range read {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		done.Add(1)
		if f.dup >= 0 {
			first := byFile[f.dup]
			first.Flags = append(first.Flags, grade.Flag{Name: "same-file",
				Says: fmt.Sprintf("The file is named twice on the command line (%s and %s); it is graded once.", first.Answers.Name, f.name)})
			byFile[i] = first
			continue
		}
		r, err := f.a, f.err
		var res *grade.Result
		if err == nil {
			res, err = run.gradeFile(ctx, g, f.name, r)
		}
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			var refused *enumerate.LimitError
			if errors.As(err, &refused) {
				return nil, spec.AdviseRefusal(err, "grade a key with smaller widths")
			}
			var se *grade.SyntaxError
			if errors.As(err, &se) && se.File == run.key.Name {
				return nil, err // the key: nothing can be graded
			}
			res = grade.Rejected(run.key, f.name, run.studentOf(f.name, ""), err)
		}
		byFile[i] = res
		handedIn[res.Student] = true
		results = append(results, res)
	}
	if run.roster != nil {
		for _, e := range run.roster.entries {
			if !handedIn[e.id] {
				results = append(results, absentResult(run.key, e.id))
			}
		}
	}
	return results, nil
}

// The command's own share of grading a class, beyond grade.ClassCost:
// opening each answer file through the run's guard and writing its row.
// Measured on 2026-12-03 by profiling grade of 3,000 answer files (load
// 6-9): 55 µs a file opening, reading and checking it, 53 µs writing its
// text row (the grid of a class report), of which grade.ClassCost counts
// the reading; each row's text and grid cells about 2 KB while written.
const (
	classRowSeconds = 80e-6
	classRowBytes   = 2 << 10
)

// planClass refuses, before work, a class whose grading the estimate
// (grade.ClassCost) puts over the run's limits: from the files' sizes
// before they are read (answers nil), from their answers before any is
// judged.
func (run *gradeRun) planClass(sizes []int64, answers []*grade.Answers) error {
	b := enumerate.NewBudget(run.limits)
	what := fmt.Sprintf("grading %d answer files", len(sizes))
	if len(sizes) == 1 {
		what = "grading the answer file"
	}
	// Beside the grading, each file's row of the report is written while
	// every result is held.
	c := grade.ClassCost(run.key, sizes, answers)
	n := float64(len(sizes))
	c.Seconds += n * classRowSeconds
	c.Bytes += n * classRowBytes
	b.Add(what, c)
	if err := b.Check(); err != nil {
		instead := "grade the class in smaller groups"
		if len(sizes) == 1 {
			instead = "shorten its answers"
		}
		return spec.AdviseRefusal(err, instead)
	}
	return nil
}

// studentOf returns the student an answer file is bound to from outside
// it: --student, the Gradescope metadata, or the roster by the file's
// name; "" when nothing outside the file says.
func (run *gradeRun) studentOf(name, line string) string {
	switch {
	case run.keys.student != "":
		return run.keys.student
	case run.metadata != "":
		return run.metadata
	}
	if e, ok := run.roster.ofFile(name); ok {
		return e.id
	}
	return ""
}

// readAnswers reads one answer file's answers (the template's ids, the
// same in every variant), judging none.
func (run *gradeRun) readAnswers(ctx context.Context, files *guard.Files, name string) (*grade.Answers, error) {
	in, err := files.Open(ctx, answersInput, name)
	if err != nil {
		return nil, err
	}
	defer in.Close()
	a, err := grade.ParseAnswers(in.Name, in, run.key)
	if err != nil {
		return nil, in.Err(err)
	}
	return a, nil
}

// gradeFile binds one answer file's answers to its student and grades
// them against the key, or the student's variant of it.
func (run *gradeRun) gradeFile(ctx context.Context, g *grade.Grader, name string, a *grade.Answers) (*grade.Result, error) {
	shown := a.Name
	line := a.Student
	student := run.studentOf(name, line)
	var flags []grade.Flag
	bound := "the roster"
	switch {
	case run.keys.student != "":
		bound = "--student"
	case run.metadata != "":
		bound = "Gradescope's metadata"
	}
	switch {
	case student != "" && line != "" && line != student:
		flags = append(flags, grade.Flag{Name: "student-line", Says: fmt.Sprintf("The answer file's student line names %s, but the file is %s's by %s; it is graded as %s's.", line, student, bound, student)})
	case student == "":
		student = line
		if run.roster != nil {
			if _, ok := run.roster.lookup(line); !ok {
				who := "no student line"
				if line != "" {
					who = "its student line names " + line
				}
				flags = append(flags, grade.Flag{Name: "not-on-roster", Says: fmt.Sprintf("The file's name names no student of the roster, and %s, who is not on it either.", who)})
			}
		}
	}
	if len(run.groupOthers) > 0 {
		flags = append(flags, grade.Flag{Name: "group", Says: fmt.Sprintf("A group submission: also %s; it is graded as %s's.", strings.Join(run.groupOthers, ", "), student)})
	}
	a.Student = student
	k := run.key
	if k.IsTemplate() {
		if student == "" {
			return nil, &grade.SyntaxError{File: shown, Line: 1, Msg: fmt.Sprintf("%s draws a variant per student: the answer file needs a line \"student ID\" (or give --student or --roster)", run.key.Name)}
		}
		seed := run.keys.seed
		if e, ok := run.roster.lookup(student); ok && e.seed != "" {
			seed = e.seed
		}
		var err error
		if k, err = run.key.Variant(seed, student); err != nil {
			var bad *grade.StudentIDError
			if errors.As(err, &bad) {
				return nil, usageErrorf("--student: %v", err)
			}
			return nil, err
		}
		if err := g.Plan(k); err != nil {
			return nil, err
		}
	}
	res, err := g.Grade(ctx, k, a)
	if err != nil {
		return nil, err
	}
	res.Flags = append(flags, res.Flags...)
	return res, nil
}

// seedsAll reports whether the roster gives every student a seed.
func (r *roster) seedsAll() bool {
	if r == nil {
		return false
	}
	for _, e := range r.entries {
		if e.seed == "" {
			return false
		}
	}
	return true
}

// runLint checks a key and lists what is likely not meant, one line each,
// "FILE:LINE: warning: …"; exit status 1 when there is any.
func runLint(ctx context.Context, files *guard.Files, path string, limits enumerate.Limits, stdout io.Writer) error {
	key, err := readKey(ctx, files, path)
	if err != nil {
		return usageErrorf("--lint: %s", strings.TrimPrefix(err.Error(), "--key: "))
	}
	g := grade.NewGrader(grade.Options{Limits: limits})
	if err := g.Plan(key); err != nil {
		return spec.AdviseRefusal(err, "lint a key with smaller widths")
	}
	warnings, err := g.Lint(ctx, key)
	if err != nil {
		return err
	}
	var b strings.Builder
	for _, w := range warnings {
		fmt.Fprintf(&b, "%s:%d: warning: %s\n", w.File, w.Line, w.Msg)
	}
	parts := len(key.Parts())
	summary := fmt.Sprintf("%s: %s, %s", key.Name, numwords.Count(parts, "part"), render.PointsWords(key.MaxScore()))
	if key.IsTemplate() {
		summary += fmt.Sprintf(", %s variants (%s)", key.VariantCount(), drawsWords(key))
	}
	fmt.Fprintf(&b, "%s; %s\n", summary, numwords.Count(len(warnings), "warning"))
	if _, err := io.WriteString(stdout, b.String()); err != nil {
		return err
	}
	if len(warnings) > 0 {
		return &checkFailed{msg: fmt.Sprintf("%s: %s", key.Name, numwords.Count(len(warnings), "lint warning"))}
	}
	return nil
}

func drawsWords(k *grade.Key) string {
	var parts []string
	for _, d := range k.Draws {
		parts = append(parts, fmt.Sprintf("%s: %s", d.Name, numwords.Count(len(d.Choices), "choice")))
	}
	return strings.Join(parts, ", ")
}

// writeGradescopeFailure writes the results.json of a submission that
// could not be graded, to -o or standard output.
func writeGradescopeFailure(files *guard.Files, stdout io.Writer, outPath, file string, problem error) error {
	out, err := openOutput(files, "-o", outPath)
	if err != nil {
		return err
	}
	if err := out.write(stdout, func(w io.Writer) error { return render.WriteGradescopeFailure(w, file, problem) }); err != nil {
		return err
	}
	// The run fails, but the student must see why: results.json stays.
	return out.keep()
}

// writeAutograderZip writes the Gradescope autograder's zip for a key
// (autograder.Bundle): the key is read and checked first, and the binary
// must be sqrtdk for Linux amd64, the machine Gradescope runs.
func writeAutograderZip(ctx context.Context, files *guard.Files, keys keyFlags, path, binary string, stdout io.Writer) error {
	key, err := keys.read(ctx, files)
	if err != nil {
		return err
	}
	switch {
	case !key.IsTemplate() && keys.seed != "":
		return usageErrorf("--seed: %s draws no values", key.Name)
	case key.IsTemplate() && keys.seed == "":
		return usageErrorf("--seed: %s draws values (a variant per student): give the seed the sheets were made with", key.Name)
	case strings.ContainsAny(keys.seed, "\n\r"):
		return usageErrorf("--seed: a seed is one line")
	}
	if key.IsTemplate() {
		if _, err := key.Variant(keys.seed, "student"); err != nil {
			return err
		}
	}
	keyText, err := os.ReadFile(keys.key)
	if err != nil {
		return fmt.Errorf("--key: %v", err)
	}
	if binary == "" {
		if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
			return usageErrorf("--gradescope-binary: Gradescope runs Linux amd64 and this sqrtdk is for %s/%s: build one (GOOS=linux GOARCH=amd64 go build ./cmd/sqrtdk) and name it", runtime.GOOS, runtime.GOARCH)
		}
		if binary, err = os.Executable(); err != nil {
			return fmt.Errorf("--gradescope-binary: cannot find this sqrtdk (%v): name it", err)
		}
	}
	bin, err := os.ReadFile(binary)
	if err != nil {
		return usageErrorf("--gradescope-binary: %v", err)
	}
	if ef, err := elf.NewFile(bytes.NewReader(bin)); err != nil || ef.Machine != elf.EM_X86_64 {
		return usageErrorf("--gradescope-binary: %s is not a program for Linux amd64, which Gradescope runs", binary)
	}
	name := filepath.Base(keys.key)
	if !strings.HasSuffix(name, ".key") {
		name += ".key"
	}
	out, err := openOutput(files, "--gradescope-zip", path)
	if err != nil {
		return err
	}
	return out.write(stdout, autograder.Bundle{KeyName: name, Key: keyText, Seed: keys.seed, Binary: bin}.WriteZip)
}
