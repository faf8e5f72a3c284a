package figures

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"gonum.org/v1/plot/font"
)

// A Font is the typeface a figure's text is set in, chosen to match a
// book's: a TrueType or OpenType file, or an installed family. Figures
// use Liberation Sans unless given one.
type Font struct {
	// Family is the font's family name, as its name table gives it; an
	// SVG names it, a PDF embeds the font under its PostScript name.
	Family string
	// Path is the file the font was read from.
	Path string
	face *opentype.Font
	// cff is set for an OpenType font with PostScript (CFF) outlines,
	// which the PDF writer cannot embed.
	cff bool
}

// maxFontBytes bounds the size of a font file read for a figure.
const maxFontBytes = 64 << 20

// fontDirs are where installed fonts are looked for, in order.
func fontDirs() []string {
	dirs := []string{"/usr/share/fonts", "/usr/local/share/fonts"}
	if home, err := os.UserHomeDir(); err == nil {
		dirs = append(dirs, filepath.Join(home, ".local", "share", "fonts"), filepath.Join(home, ".fonts"))
	}
	return dirs
}

// LoadFont reads the font named by spec: the path of a .ttf or .otf file,
// or the family name of an installed font ("DejaVu Serif"), whose regular
// face is taken.
func LoadFont(spec string) (*Font, error) {
	if spec == "" {
		return nil, errors.New("no font named")
	}
	ext := strings.ToLower(filepath.Ext(spec))
	if ext == ".ttf" || ext == ".otf" || strings.ContainsRune(spec, os.PathSeparator) {
		return readFont(spec)
	}
	var candidates []*Font
	var families []string
	seen := map[string]bool{}
	for _, dir := range fontDirs() {
		_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			e := strings.ToLower(filepath.Ext(path))
			if e != ".ttf" && e != ".otf" {
				return nil
			}
			f, err := readFont(path)
			if err != nil {
				return nil
			}
			if !seen[f.Family] {
				seen[f.Family] = true
				families = append(families, f.Family)
			}
			if strings.EqualFold(f.Family, spec) {
				candidates = append(candidates, f)
			}
			return nil
		})
	}
	if len(candidates) == 0 {
		sort.Strings(families)
		if len(families) > 5 {
			families = append(families[:5], "…")
		}
		return nil, fmt.Errorf("no font file %q and no installed family of that name (installed: %s)", spec, strings.Join(families, ", "))
	}
	// The regular face: the one whose subfamily says so, else the first
	// in path order.
	sort.Slice(candidates, func(i, j int) bool { return candidates[i].Path < candidates[j].Path })
	for _, f := range candidates {
		if sub := f.subfamily(); sub == "Regular" || sub == "Book" || sub == "Roman" || sub == "Normal" {
			return f, nil
		}
	}
	return candidates[0], nil
}

// readFont reads and parses one font file.
func readFont(path string) (*Font, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("font %q: %v", path, errors.Unwrap(err))
	}
	if info.Size() > maxFontBytes {
		return nil, fmt.Errorf("font %q is %d MB, over the %d MB a font may have", path, info.Size()>>20, maxFontBytes>>20)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("font %q: %v", path, errors.Unwrap(err))
	}
	face, err := opentype.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%q is not a TrueType or OpenType font: %v", path, err)
	}
	var buf sfnt.Buffer
	family, err := face.Name(&buf, sfnt.NameIDFamily)
	if err != nil || family == "" {
		return nil, fmt.Errorf("font %q has no family name", path)
	}
	return &Font{Family: family, Path: path, face: face, cff: bytes.HasPrefix(data, []byte("OTTO"))}, nil
}

func (f *Font) subfamily() string {
	var buf sfnt.Buffer
	s, _ := f.face.Name(&buf, sfnt.NameIDSubfamily)
	return s
}

// cache returns a font cache that holds only this font.
func (f *Font) cache() (*font.Cache, font.Font) {
	fnt := font.Font{Typeface: font.Typeface(f.Family)}
	return font.NewCache(font.Collection{{Font: fnt, Face: f.face}}), fnt
}

// UseFont sets the figure's text in f: every title, tick label and legend
// entry, at the sizes the figure gives them.
func (fig *Figure) UseFont(f *Font) {
	h, ok := fig.Plot.TextHandler.(outlineText)
	if !ok || f == nil {
		return
	}
	h.cfg.fonts, h.cfg.family = f.cache()
	h.cfg.override = true
	h.cfg.font = f
}
