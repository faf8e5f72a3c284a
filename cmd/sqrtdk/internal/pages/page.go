// Package pages writes sqrtdk's student pages: an exercise sheet that
// checks each answer as it is typed, and the proof lab. Both run sqrtdk's
// own Go code in the browser, as the WebAssembly module that go generate
// builds from ./wasm into this directory (sqrtdk.wasm.gz, with Go's
// wasm_exec.js); the two are committed, so that the sqrtdk binary writes a
// page without a Go toolchain. It is the render room's writer of pages.
package pages

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"html/template"
	"math/big"
	"strings"
	"unicode"

	"github.com/sqrtdk/sqrtdk/claims"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/pages/mathml"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/render"
	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/spec"
	"github.com/sqrtdk/sqrtdk/grade"
)

// CI checks that the module and wasm_exec.js are what go generate writes.
//go:generate go run ./build -o .

//go:embed exercise.html lab.html class.html sqrtdk.js sqrtdk.css wasm_exec.js sqrtdk.wasm.gz
var pageFS embed.FS

var pageTemplates = template.Must(template.ParseFS(pageFS, "exercise.html", "lab.html", "class.html"))

// A File is one file of a page's directory.
type File struct {
	Name string
	Data []byte
}

// The files of a page: index.html, its style and script, and for a page
// that computes, Go's wasm_exec.js and the module itself (sqrtdk-wasm.js:
// the gzipped module in base64, as a script, since a page opened from
// file:// may load scripts beside it but not fetch files).
const (
	pageIndex   = "index.html"
	pageStyle   = "sqrtdk.css"
	pageScript  = "sqrtdk.js"
	pageRuntime = "wasm_exec.js"
	pageModule  = "sqrtdk-wasm.js"
)

// FileNames lists every file a page may have, so that a directory holding
// only these is a page that may be replaced.
var FileNames = []string{pageIndex, pageStyle, pageScript, pageRuntime, pageModule}

// An Exercise is a student's exercise sheet as a page that checks each
// answer as it is typed (with Feedback) or only collects the answers, and
// writes the answer file sqrtdk grade reads.
type Exercise struct {
	// Key is the student's variant of the key (see grade.Key.Variant).
	Key *grade.Key
	// KeyName is how the answer file's header names the key to grade it
	// with, such as "lesson.key".
	KeyName string
	// Feedback makes a practice page, which holds the key's visible parts
	// (grade.Key.VisibleText) to check them; without it the page holds no
	// part of the key but the sheet.
	Feedback bool
	// Name is the student's name, shown beside the id; optional.
	Name string

	// assets is where index.html finds the shared files: "" beside it, or
	// "../" for a page of a class (ExerciseClass).
	assets string
}

// pagePart and pageQuestion are what the template shows; Asks and Ask
// are HTML, their mathematics as MathML (mathml.HTML).
type pagePart struct {
	ID, Points string
	Asks       template.HTML
	Hidden     bool
}

type pageQuestion struct {
	ID    string
	Ask   template.HTML
	Parts []pagePart
}

// exerciseData is what the page's script reads.
type exerciseData struct {
	Page         string     `json:"page"`
	Student      string     `json:"student"`
	File         string     `json:"file"`
	Header       []string   `json:"header"`
	KeyName      string     `json:"key_name,omitempty"`
	Key          string     `json:"key,omitempty"`
	Parts        []dataPart `json:"parts"`
	HiddenPoints string     `json:"hidden_points"`
	MaxLineBytes int        `json:"max_line_bytes"`
	StorageKey   string     `json:"storage_key"`
}

type dataPart struct {
	ID     string `json:"id"`
	Hidden bool   `json:"hidden"`
}

// Files returns the page's files.
func (p Exercise) Files() ([]File, error) {
	k := p.Key
	if k.IsTemplate() {
		return nil, fmt.Errorf("%s draws values: write the page of a student's variant", k.Name)
	}
	index, practice, err := p.index()
	if err != nil {
		return nil, err
	}
	return pageFiles(index, practice)
}

// index returns the page's index.html and whether it checks answers.
func (p Exercise) index() ([]byte, bool, error) {
	k := p.Key
	title := k.Title
	if title == "" {
		title = "Exercises"
	}
	// A key that draws nothing may be practised by anyone: the page then
	// names no student, and its answer file has no student line.
	file := "answers.txt"
	whose := "Your answers"
	if k.Student != "" {
		file = "answers-" + k.Student + ".txt"
		whose = k.Student + "'s answers"
	}
	// The key's name goes on a comment line of the answer file: nothing in
	// it may end the line.
	keyName := strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return '?'
		}
		return r
	}, p.KeyName)
	data := exerciseData{Page: "exercise", Student: k.Student, File: file, MaxLineBytes: claims.MaxLineBytes,
		Header: []string{
			"# " + whose + ", written by an sqrtdk exercise page.",
			"# To grade them: sqrtdk grade --key " + keyName + " " + file + seedNote(k),
		}}
	hiddenPoints := new(big.Rat)
	var questions []pageQuestion
	visible := 0
	for _, q := range k.Questions {
		pq := pageQuestion{ID: q.ID, Ask: template.HTML(mathml.HTML(q.Ask))}
		for _, part := range q.Parts {
			hidden := p.Feedback && part.Visibility != "visible"
			if hidden {
				hiddenPoints.Add(hiddenPoints, part.Points)
			} else {
				visible++
			}
			pq.Parts = append(pq.Parts, pagePart{ID: part.ID, Asks: template.HTML(mathml.HTML(grade.Describe(part) + render.PlacesNote(part))),
				Points: render.PointsWords(part.Points), Hidden: hidden})
			data.Parts = append(data.Parts, dataPart{ID: part.ID, Hidden: hidden})
		}
		questions = append(questions, pq)
	}
	data.HiddenPoints = render.Points(hiddenPoints)
	practice := p.Feedback && visible > 0
	if practice {
		text, err := k.VisibleText()
		if err != nil {
			return nil, false, err
		}
		data.KeyName, data.Key = keyName, text
	}
	id := sha256.Sum256([]byte(strings.Join([]string{keyName, title, k.Student, strings.Join(partIDs(k), " ")}, "\x00")))
	data.StorageKey = hex.EncodeToString(id[:8])
	var html bytes.Buffer
	err := pageTemplates.ExecuteTemplate(&html, "exercise.html", struct {
		Title, Student, Name, File, Assets string
		Heading                            template.HTML
		Practice                           bool
		Questions                          []pageQuestion
		Data                               exerciseData
	}{title, k.Student, p.Name, file, p.assets, template.HTML(mathml.HTML(title)), practice, questions, data})
	if err != nil {
		return nil, false, err
	}
	return html.Bytes(), practice, nil
}

// ExerciseClass returns the files of a class's pages, one Exercise per
// student (each of its own variant, with its own Student): an index.html
// listing the students with links to their pages, ID/index.html for each,
// and the style, script and module once, beside the index, for every
// page to load. The students' ids must be distinct directory names.
func ExerciseClass(title string, students []Exercise) ([]File, error) {
	type entry struct{ ID, Name string }
	var files []File
	var list []entry
	computes := false
	seen := map[string]bool{}
	for _, p := range students {
		id := p.Key.Student
		if id == "" || seen[id] || strings.ContainsAny(id, `/\`) || id == "." || id == ".." {
			return nil, fmt.Errorf("a class page needs a distinct student id for each page, not %q", id)
		}
		seen[id] = true
		if p.Key.IsTemplate() {
			return nil, fmt.Errorf("%s draws values: write the page of a student's variant", p.Key.Name)
		}
		p.assets = "../"
		index, practice, err := p.index()
		if err != nil {
			return nil, err
		}
		computes = computes || practice
		files = append(files, File{id + "/" + pageIndex, index})
		list = append(list, entry{id, p.Name})
	}
	if title == "" {
		title = "Exercises"
	}
	var html bytes.Buffer
	if err := pageTemplates.ExecuteTemplate(&html, "class.html", struct {
		Title    string
		Students []entry
	}{title, list}); err != nil {
		return nil, err
	}
	shared, err := pageFiles(html.Bytes(), computes)
	if err != nil {
		return nil, err
	}
	return append(shared, files...), nil
}

// seedNote reminds the grader of a template's seed, without giving it.
func seedNote(k *grade.Key) string {
	if len(k.Draws) > 0 {
		return " --seed SEED (the seed the sheets were made with)"
	}
	return ""
}

func partIDs(k *grade.Key) []string {
	var ids []string
	for _, p := range k.Parts() {
		ids = append(ids, p.ID)
	}
	return ids
}

// Lab returns the files of the proof lab, its form set to the space,
// scale and widths of s (prove's flags; a field left empty takes prove's
// default).
func Lab(s spec.Prove) ([]File, error) {
	d := spec.ProveDefaults
	or := func(v, def string) string {
		if strings.TrimSpace(v) == "" {
			return def
		}
		return v
	}
	form := struct {
		Values, KValues, KFrom, Tie, Scale, Widths string
		Data                                       map[string]string
	}{or(s.Values, d.Values), s.KValues, strings.TrimSpace(s.KFrom), or(s.Tie, d.Tie), or(s.Scale, d.Scale), or(s.Widths, spec.LabWidths),
		map[string]string{"page": "lab"}}
	if form.KFrom == "−q" {
		form.KFrom = "-q"
	}
	switch form.KFrom {
	case "", "q", "-q":
	default:
		return nil, fmt.Errorf("--k-from: %q is neither q nor -q", s.KFrom)
	}
	switch form.Tie {
	case "none", "q", "k", "both":
	default:
		return nil, fmt.Errorf("--tie: %q is none, q, k or both", s.Tie)
	}
	var html bytes.Buffer
	if err := pageTemplates.ExecuteTemplate(&html, "lab.html", form); err != nil {
		return nil, err
	}
	return pageFiles(html.Bytes(), true)
}

// pageFiles returns index.html with the files it loads.
func pageFiles(index []byte, computes bool) ([]File, error) {
	files := []File{{pageIndex, index}}
	names := []string{pageStyle, pageScript}
	if computes {
		names = append(names, pageRuntime)
	}
	for _, n := range names {
		data, err := pageFS.ReadFile(n)
		if err != nil {
			return nil, err
		}
		files = append(files, File{n, data})
	}
	if computes {
		gz, err := pageFS.ReadFile("sqrtdk.wasm.gz")
		if err != nil {
			return nil, err
		}
		var b bytes.Buffer
		b.WriteString("// sqrtdk's WebAssembly module (built from its Go code with GOOS=js GOARCH=wasm),\n")
		b.WriteString("// gzipped, in base64: a page opened from file:// can load this script, not fetch a .wasm file.\n")
		b.WriteString("window.sqrtdkWasm = \"")
		b.WriteString(base64.StdEncoding.EncodeToString(gz))
		b.WriteString("\";\n")
		files = append(files, File{pageModule, b.Bytes()})
	}
	return files, nil
}
