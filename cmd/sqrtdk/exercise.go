package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"path/filepath"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/guard"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/pages"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/render"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/spec"
	"github.com/sqrtdk/sqrtdk/grade"
)

func runExercise(ctx context.Context, files *guard.Files, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("exercise", "", stderr)
	var keys keyFlags
	keys.register(fs, "the student `ID` the sheet is for (a variant depends only on the seed and this id); a key that draws nothing needs none")
	var format choiceFormatFlag
	format.register(fs, "", "markdown", "latex", "html", "key")
	var answerKey, noFeedback, oneFile bool
	var output, rosterPath string
	fs.BoolVar(&answerKey, "answer-key", false, "print the variant's key with its solutions instead of the sheet")
	fs.BoolVar(&noFeedback, "no-feedback", false, "html: a page for graded work, which only collects the answers and holds no part of the key; without it the page is for practice: it checks each answer as it is typed and so contains the key's visible parts, which a student can read in its files")
	fs.StringVar(&output, "o", "", "write the result to `FILE` instead of standard output; the file appears only when the result is complete (html, or a --roster without --one-file: the DIR)")
	fs.StringVar(&rosterPath, "roster", "", "the class `FILE` (CSV lines id,name[,seed]): a sheet or page for every student, each of their own variant, in -o DIR (DIR/ID/ for a page, with DIR/index.html listing them; DIR/ID.md, .tex or .key for a sheet)")
	fs.BoolVar(&oneFile, "one-file", false, "with --roster: every student's sheet in one file (-o FILE or standard output), a page break between them (latex; a rule in markdown)")
	var limits limitFlags
	limits.register(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	lim, err := limits.parse(ctx)
	if err != nil {
		return err
	}
	if format.format == "" {
		format.format = "markdown"
		if answerKey {
			format.format = "key"
		}
	}
	f, err := format.parse()
	if err != nil {
		return err
	}
	if f == "key" && !answerKey {
		return usageErrorf("--format key prints a key: add --answer-key")
	}
	if f == "html" && answerKey {
		return usageErrorf("--format html writes the student's page, not the key: leave out --answer-key")
	}
	if noFeedback && f != "html" {
		return usageErrorf("--no-feedback is for --format html")
	}
	if f == "html" && output == "" {
		return usageErrorf("--format html writes a page, a directory of files: name it with -o DIR")
	}
	if oneFile && rosterPath == "" {
		return usageErrorf("--one-file puts a class's sheets in one file: name the class with --roster")
	}
	if oneFile && (f == "html" || f == "key") {
		return usageErrorf("--one-file is for sheets in markdown or latex; a class's pages or keys are a file each (-o DIR)")
	}
	if rosterPath != "" {
		if keys.student != "" {
			return usageErrorf("--student and --roster: give one student or the class, not both")
		}
		if !oneFile && output == "" {
			return usageErrorf("--roster writes a file per student: name their directory with -o DIR (or put them in one file with --one-file)")
		}
		files.Declare(rosterInput, rosterPath)
	}
	var dir *pageDir
	if f == "html" || rosterPath != "" && !oneFile {
		// Before any work: the page (or class) directory may hold nothing
		// but what sqrtdk wrote there, and not the key.
		files.Declare(keyInput, keys.key)
		if dir, err = preparePageDir(files, output); err != nil {
			return err
		}
	}
	key, err := keys.read(ctx, files)
	if err != nil {
		return err
	}
	if !key.IsTemplate() && keys.seed != "" {
		return usageErrorf("--seed: %s draws no values", key.Name)
	}
	var class *roster
	if rosterPath != "" {
		if class, err = readRoster(ctx, files, rosterPath); err != nil {
			return err
		}
	}
	if key.IsTemplate() {
		switch {
		case class == nil && keys.student == "":
			return usageErrorf("--student: %s draws values (a variant per student): name the student (--student ID) or the class (--roster FILE)", key.Name)
		case keys.seed == "" && !class.seedsAll():
			return usageErrorf("--seed: %s draws values (a variant per student): give the seed the variants were made with", key.Name)
		}
	}

	// The variants: one for --student, one per student of the roster, or
	// the key itself for anyone (a key that draws nothing).
	type sheet struct {
		variant *grade.Key
		name    string
	}
	var sheets []sheet
	variantOf := func(seed, student string) (*grade.Key, error) {
		if student == "" {
			return key, nil
		}
		v, err := key.Variant(seed, student)
		if errors.As(err, new(*grade.StudentIDError)) {
			return nil, usageErrorf("--student: %v", err)
		}
		return v, err
	}
	if class != nil {
		for _, e := range class.entries {
			seed := keys.seed
			if e.seed != "" && key.IsTemplate() {
				seed = e.seed
			}
			v, err := variantOf(seed, e.id)
			if err != nil {
				return err
			}
			sheets = append(sheets, sheet{v, e.name})
		}
	} else {
		v, err := variantOf(keys.seed, keys.student)
		if err != nil {
			return err
		}
		sheets = append(sheets, sheet{v, ""})
	}

	if f == "html" {
		var pageFiles []pages.File
		if class == nil {
			pageFiles, err = pages.Exercise{Key: sheets[0].variant, KeyName: filepath.Base(keys.key), Feedback: !noFeedback}.Files()
		} else {
			var ps []pages.Exercise
			for _, s := range sheets {
				ps = append(ps, pages.Exercise{Key: s.variant, KeyName: filepath.Base(keys.key), Feedback: !noFeedback, Name: s.name})
			}
			pageFiles, err = pages.ExerciseClass(key.Title, ps)
		}
		if err != nil {
			return err
		}
		return writePageDir(files, dir, pageFiles)
	}
	var g *grade.Grader
	if answerKey {
		g = grade.NewGrader(grade.Options{Limits: lim})
	}
	// write writes one student's sheet (or key) in format f.
	write := func(w io.Writer, v *grade.Key) error {
		var solutions []string
		if answerKey {
			if err := g.Plan(v); err != nil {
				return spec.AdviseRefusal(err, "print the key of a variant with smaller widths")
			}
			var err error
			if solutions, err = g.Solutions(ctx, v); err != nil {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				return spec.AdviseRefusal(err, "")
			}
		}
		if f == "key" {
			return render.WriteVariantKey(w, v, solutions)
		}
		return render.WriteSheet(w, v, f, solutions)
	}
	if class != nil && !oneFile {
		ext := map[string]string{"markdown": ".md", "latex": ".tex", "key": ".key"}[string(f)]
		var out []pages.File
		for _, s := range sheets {
			var b bytes.Buffer
			if err := write(&b, s.variant); err != nil {
				return err
			}
			out = append(out, pages.File{Name: s.variant.Student + ext, Data: b.Bytes()})
		}
		return writePageDir(files, dir, out)
	}
	out, err := openOutput(files, "-o", output)
	if err != nil {
		return err
	}
	return out.write(stdout, func(w io.Writer) error {
		if len(sheets) == 1 {
			return write(w, sheets[0].variant)
		}
		// One file for the class: each sheet whole, a page break between.
		var bodies [][]byte
		for _, s := range sheets {
			var b bytes.Buffer
			if err := write(&b, s.variant); err != nil {
				return err
			}
			bodies = append(bodies, b.Bytes())
		}
		return render.JoinSheets(w, bodies, f)
	})
}
