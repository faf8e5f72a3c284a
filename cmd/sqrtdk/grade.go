package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/guard"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/render"
	"github.com/sqrtdk/sqrtdk/grade"
)

// keyFlags say which key: --key, and for a key that draws values the
// --seed its variants were made with and the --student to draw for.
type keyFlags struct {
	key, seed, student string
}

func (k *keyFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&k.key, "key", "", "the answer key `FILE` (go doc ./grade)")
	fs.StringVar(&k.seed, "seed", "", "for a key that draws values: the seed its variants are made with")
	fs.StringVar(&k.student, "student", "", "the student `ID` (default: the answer file's student line)")
}

// read parses the key file.
func (k *keyFlags) read(ctx context.Context, files *guard.Files) (*grade.Key, error) {
	if k.key == "" {
		return nil, fmt.Errorf("--key: name the answer key")
	}
	in, err := files.Open(ctx, keyInput, k.key)
	if err != nil {
		return nil, err
	}
	defer in.Close()
	key, err := grade.ParseKey(in.Name, in)
	return key, in.Err(err)
}

func runGrade(ctx context.Context, files *guard.Files, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("grade", "ANSWERS... (- reads one answer file from standard input)", stderr)
	var keys keyFlags
	keys.register(fs)
	var format choiceFormatFlag
	format.register(fs, "text", "text", "json", "csv", "gradescope")
	var classReport, outPath string
	fs.StringVar(&classReport, "class-report", "", "also write one CSV row per answer file to `FILE.csv`; standard output then gets the item analysis")
	fs.StringVar(&outPath, "o", "", "write the result to `FILE` instead of standard output; the file appears only when the result is complete")
	names, err := parseFlagsAndArgs(fs, args)
	if err != nil {
		return err
	}
	if len(names) == 0 {
		return flagUsageError(fs, "name at least one answer file")
	}
	f, err := format.parse()
	if err != nil {
		return err
	}
	if err := oneStdin(names); err != nil {
		return err
	}
	class := len(names) > 1 || classReport != ""
	if f == "gradescope" && class {
		return usageErrorf("--format gradescope writes the results of one answer file")
	}
	if keys.student != "" && len(names) > 1 {
		return usageErrorf("--student names the student of one answer file; several files name theirs on a student line")
	}
	files.Declare(answersInput, names...)
	key, err := keys.read(ctx, files)
	if err != nil {
		return err
	}
	if !key.IsTemplate() && keys.seed != "" {
		return usageErrorf("--seed: %s draws no values", key.Name)
	}
	if key.IsTemplate() && keys.seed == "" {
		return usageErrorf("--seed: %s draws values (a variant per student): give the seed the sheets were made with", key.Name)
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

	g := grade.NewGrader()
	var results []*grade.Result
	var malformed []error
	for _, name := range names {
		r, err := gradeFile(ctx, files, g, key, keys, name)
		if err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			var se *grade.SyntaxError
			if !errors.As(err, &se) || se.File == key.Name {
				return err // the key or the computation: nothing can be graded
			}
			if f == "gradescope" {
				// The student sees why nothing was graded.
				if werr := out.write(stdout, func(w io.Writer) error { return render.WriteGradescopeError(w, key, err) }); werr != nil {
					return werr
				}
				if kerr := out.keep(); kerr != nil {
					return kerr
				}
				return err
			}
			if !class {
				return err
			}
			malformed = append(malformed, err)
			fmt.Fprintln(stderr, errorLine("sqrtdk grade: "+err.Error()))
			continue
		}
		results = append(results, r)
	}

	if report != nil {
		if err := report.write(stdout, func(w io.Writer) error { return render.WriteClass(w, results, render.CSV) }); err != nil {
			return err
		}
	}
	err = out.write(stdout, func(w io.Writer) error {
		switch {
		case classReport != "":
			return render.WriteItems(w, results, f)
		case class || f == render.CSV:
			return render.WriteClass(w, results, f)
		}
		return render.WriteResult(w, results[0], f)
	})
	if err != nil {
		return err
	}
	if len(malformed) > 0 {
		return usageErrorf("%d of %d answer files could not be read (listed above)", len(malformed), len(names))
	}
	notRight := 0
	for _, r := range results {
		if !r.AllRight() {
			notRight++
		}
	}
	if notRight > 0 {
		if len(results) == 1 {
			return &checkFailed{msg: fmt.Sprintf("%s: %s of %s points", results[0].Student, render.Points(results[0].Score), render.Points(results[0].Max))}
		}
		return &checkFailed{msg: fmt.Sprintf("%d of %d answer files are not all right", notRight, len(results))}
	}
	return nil
}

// gradeFile reads one answer file and grades it against the key, or the
// student's variant of it.
func gradeFile(ctx context.Context, files *guard.Files, g *grade.Grader, key *grade.Key, keys keyFlags, name string) (*grade.Result, error) {
	in, err := files.Open(ctx, answersInput, name)
	if err != nil {
		return nil, err
	}
	defer in.Close()
	shown := in.Name
	// Answer ids are the same in every variant, so the template reads them.
	a, err := grade.ParseAnswers(shown, in, key)
	if err != nil {
		return nil, in.Err(err)
	}
	k := key
	student := a.Student
	if keys.student != "" {
		if student != "" && student != keys.student {
			return nil, usageErrorf("%s names student %s, not --student %s", shown, student, keys.student)
		}
		student = keys.student
		a.Student = student
	}
	if key.IsTemplate() {
		if student == "" {
			return nil, &grade.SyntaxError{File: shown, Line: 1, Msg: fmt.Sprintf("%s draws a variant per student: the answer file needs a line \"student ID\" (or give --student)", key.Name)}
		}
		if k, err = key.Variant(keys.seed, student); err != nil {
			if errors.As(err, new(*grade.StudentIDError)) {
				return nil, usageErrorf("--student: %v", err)
			}
			return nil, err
		}
	}
	return g.Grade(ctx, k, a)
}
