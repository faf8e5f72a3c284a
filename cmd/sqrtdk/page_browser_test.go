package main

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sqrtdk/sqrtdk/cmd/sqrtdk/internal/pages/app"
)

// The browser tests drive the pages in a real headless chromium: they type
// into them, press keys, download the answer file and compare everything
// with the command line. They also measure the pages (sizes and times,
// logged, and written as JSON to $SQRTDK_PAGE_METRICS when set) and take
// the screenshots of docs/pages/ when $SQRTDK_SCREENSHOTS names the
// directory to write them to (so that CI leaves the tree alone).

// pageURL returns the file:// URL of a page's index.html.
func pageURL(dir string) string {
	abs, err := filepath.Abs(filepath.Join(dir, "index.html"))
	if err != nil {
		panic(err)
	}
	return "file://" + abs
}

// byID selects the element with an id, whatever characters the id has.
func byID(id string) chromedp.CSS {
	return chromedp.CSS(fmt.Sprintf(`[id=%q]`, id))
}

// waitFor polls a JavaScript expression until it is truthy, for at most
// timeout times the machine's load factor (a busy laptop compiles the
// module and proves more slowly, and nothing else is wrong).
func waitFor(t *testing.T, ctx context.Context, expr string, timeout time.Duration) {
	t.Helper()
	_, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(scaled(timeout)), chromedp.WithPollingInterval(10*time.Millisecond)))
	if err != nil {
		state, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.getElementById('status') || {}).textContent + ' | ' + JSON.stringify(window.sqrtdkMetrics)`))
		t.Fatalf("waiting for %s: %v; the page says: %s", expr, err, state)
	}
}

func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	require.NoError(t, err, expr)
	return v
}

// shownVerdict is what the page shows for one part.
type shownVerdict struct {
	ID       string `json:"id"`
	Verdict  string `json:"verdict"`
	Points   string `json:"points"`
	Mistake  string `json:"mistake"`
	Feedback string `json:"feedback"`
	Text     string `json:"text"`
}

const readVerdicts = `[...document.querySelectorAll('.part')].map((d) => {
  const v = d.querySelector('.verdict'), f = v.querySelector('.feedback');
  return {id: d.querySelector('input').name, verdict: v.dataset.verdict || '', points: v.dataset.points || '',
    mistake: v.dataset.mistake || '', feedback: f ? (f.dataset.text ?? f.textContent) : (v.dataset.text ?? v.textContent),
    text: v.dataset.text ?? v.textContent};
})`

// metrics are what the page measured (see sqrtdk.js).
type metrics struct {
	LoadStart      float64 `json:"loadStart"`
	ModuleCompiled float64 `json:"moduleCompiled"`
	InstantiateMS  float64 `json:"instantiate_ms"`
	GoStartMS      float64 `json:"go_start_ms"`
	InitMS         float64 `json:"init_ms"`
	ModuleReady    float64 `json:"moduleReady"`
	FirstVerdict   float64 `json:"firstVerdict"`
	Verdicts       []struct {
		ID           string  `json:"id"`
		ModuleMS     float64 `json:"module_ms"`
		RoundTripMS  float64 `json:"round_trip_ms"`
		SinceInputMS float64 `json:"since_input_ms"`
	} `json:"verdicts"`
}

// allowDownloads sends the tab's downloads to dir, named as the page names
// them.
func allowDownloads(t *testing.T, ctx context.Context, dir string) {
	t.Helper()
	_, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir, EventsEnabled: new(true)})
	require.NoError(t, err)
}

// download presses the page's download button from the keyboard and
// returns the file it saved in dir.
func download(t *testing.T, ctx context.Context, dir, name string) []byte {
	t.Helper()
	progress := chromedp.BrowserEvents(ctx, browser.DownloadProgress)
	require.NoError(t, chromedp.Do(ctx, chromedp.Focus(byID("download")), chromedp.KeyEvent(kb.Enter)))
	for ev, err := range progress {
		require.NoError(t, err)
		if ev.State == browser.DownloadProgressStateCompleted {
			break
		}
		require.NotEqual(t, browser.DownloadProgressStateCanceled, ev.State)
	}
	data, err := os.ReadFile(filepath.Join(dir, name))
	require.NoError(t, err)
	require.NoError(t, os.Remove(filepath.Join(dir, name)))
	return data
}

// TestBrowserExercisePage types the shipped right and mistaken answer files
// into an exercise page, key by key, and checks every verdict, point,
// named mistake and feedback against sqrtdk grade, on the shipped file and
// on the answer file the page downloads; then the keyboard alone, the
// phone-width layout and the labels.
func TestBrowserExercisePage(t *testing.T) {
	t.Parallel() // a browser each: they wait on their pages more than they compute
	ctx := newBrowser(t, 1100, 900)
	downloads := t.TempDir()
	allowDownloads(t, ctx, downloads)
	key := "../../exercises/lesson.key"
	var all metrics
	for _, file := range []string{"right.answers", "mistakes.answers"} {
		t.Run(file, func(t *testing.T) {
			shipped := filepath.Join("../../exercises", file)
			texts := answerTexts(t, key, shipped, nil)
			student := ""
			for _, l := range strings.Split(readFile(t, shipped), "\n") {
				if s, ok := strings.CutPrefix(l, "student "); ok {
					student = strings.TrimSpace(s)
				}
			}
			dir, d := writeExercisePage(t, "--key", key, "--student", student)
			require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(pageURL(dir))))
			for _, p := range d.Parts {
				if texts[p.ID] != "" {
					require.NoError(t, chromedp.Do(ctx, chromedp.SendKeys(byID("a-"+p.ID), texts[p.ID])))
				}
			}
			waitFor(t, ctx, `window.sqrtdkIdle && sqrtdkIdle()`, 60*time.Second)
			shown := eval[[]shownVerdict](t, ctx, readVerdicts)
			got := download(t, ctx, downloads, d.File)
			path := filepath.Join(t.TempDir(), d.File)
			require.NoError(t, os.WriteFile(path, got, 0o644))
			assert.Equal(t, strings.Join(answerFile(d, texts), "\n")+"\n", string(got), "the downloaded answer file")
			for name, want := range map[string]gradeJSON{"the downloaded file": gradeJSONFile(t, key, path), "the shipped file": gradeJSONFile(t, key, shipped)} {
				require.Len(t, shown, len(want.Answers))
				for i, w := range want.Answers {
					s := shown[i]
					require.Equal(t, w.ID, s.ID)
					if w.Verdict == "no answer" {
						assert.Empty(t, s.Verdict, "part %s was not answered", w.ID)
						continue
					}
					msg := fmt.Sprintf("%s, part %s", name, w.ID)
					assert.Equal(t, w.Verdict, s.Verdict, msg)
					assert.Equal(t, w.Points.String(), s.Points, msg)
					assert.Equal(t, w.Mistake, s.Mistake, msg)
					assert.Equal(t, app.ForStudent(w.Feedback), s.Feedback, msg)
				}
				total := eval[string](t, ctx, `document.getElementById('total').textContent`)
				assert.Contains(t, total, "Checked so far: "+want.Score.String()+" of 15 points", name)
			}
			m := eval[metrics](t, ctx, `window.sqrtdkMetrics`)
			all.Verdicts = append(all.Verdicts, m.Verdicts...)
			if file == "mistakes.answers" {
				require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(1000, 1500)))
				eval[chromedp.Void](t, ctx, `window.scrollTo(0, 0)`)
				screenshotViewport(t, ctx, "exercise.png")
				require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(1100, 900)))
			}
		})
	}
	verdictTimes(t, "exercise page, typed as fast as keys go", all)

	t.Run("keyboard", func(t *testing.T) {
		// Another student: the page keeps a student's answers in the
		// browser's storage, and ada's are there from the tests above.
		dir, d := writeExercisePage(t, "--key", key, "--student", "kim")
		require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(pageURL(dir)), chromedp.Focus(byID("a-"+d.Parts[0].ID))))
		// Type each answer and press Enter: the focus moves to the next box,
		// and after the last to the download button, which Enter presses.
		for i, p := range d.Parts {
			require.Equal(t, "a-"+p.ID, eval[string](t, ctx, `document.activeElement.id`), "the focus at part %d", i)
			require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("1"+kb.Enter)))
		}
		require.Equal(t, "download", eval[string](t, ctx, `document.activeElement.id`))
		got := download(t, ctx, downloads, d.File)
		assert.Equal(t, strings.Join(answerFile(d, awkwardSet(d, []string{"1"})), "\n")+"\n", string(got))
		waitFor(t, ctx, `window.sqrtdkIdle && sqrtdkIdle()`, 60*time.Second)
		shown := eval[[]shownVerdict](t, ctx, readVerdicts)
		for _, s := range shown {
			assert.NotEmpty(t, s.Verdict, "part %s has no verdict", s.ID)
		}

		// The answers stay in the browser: a reload shows and checks them.
		require.NoError(t, chromedp.Do(ctx, chromedp.Reload()))
		waitFor(t, ctx, `window.sqrtdkIdle && sqrtdkIdle() && document.getElementById('v-p4').dataset.verdict`, 60*time.Second)
		assert.Equal(t, "1", eval[string](t, ctx, `document.getElementById('a-p4').value`))
		assert.Equal(t, "wrong", eval[string](t, ctx, `document.getElementById('v-p4').dataset.verdict`))
	})

	t.Run("labels and phone width", func(t *testing.T) {
		dir, _ := writeExercisePage(t, "--key", key, "--student", "ada")
		// Answers that bring the longest messages: could not read, too few
		// places, wrong with a named mistake.
		checkLayout(t, ctx, pageURL(dir), "exercise-phone.png", `(() => { const texts = ['grows like d_k^(1/4), then shrinks', '0.1', '2*sqrt(2)', '1,5', 'sqrt(8)', '64'];
		  [...document.querySelectorAll('.part input')].forEach((e, i) => { e.value = texts[i % texts.length]; e.dispatchEvent(new Event('input')); }); })()`)
	})
}

// phoneWidth is the width of a phone's window in CSS pixels (an iPhone
// 12 to 15), at which the pages must not scroll sideways.
const phoneWidth = 390

// checkLayout opens a page at a phone's width, runs prepare (JavaScript
// that fills it in) and waits for the page to be idle: nothing is wider
// than the window (the document, and no element past its edge or
// scrolling sideways inside it), every target a finger presses is at
// least 44 px each way, every control has a label a screen reader reads,
// and all the page says is for the student.
func checkLayout(t *testing.T, ctx context.Context, url, shot, prepare string) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(phoneWidth, 800, chromedp.EmulateMobile), chromedp.Navigate(url)))
	defer chromedp.Do(ctx, chromedp.EmulateViewport(1100, 900))
	waitFor(t, ctx, `window.sqrtdkMetrics.moduleReady !== null`, 60*time.Second)
	if prepare != "" {
		eval[chromedp.Void](t, ctx, prepare)
	}
	waitFor(t, ctx, `window.sqrtdkIdle ? sqrtdkIdle() : (document.getElementById('verdict').dataset.exit !== undefined && !document.getElementById('run').disabled)`, 60*time.Second)
	if shot != "" {
		// The lab's results, or the top of the exercise page.
		eval[chromedp.Void](t, ctx, `(() => { const s = document.getElementById('verdict'); if (s) s.scrollIntoView(); else window.scrollTo(0, 0); })()`)
		screenshotViewport(t, ctx, shot)
	}
	width := eval[int](t, ctx, `document.documentElement.scrollWidth`)
	assert.LessOrEqual(t, width, phoneWidth, "the page scrolls sideways at a phone's width")
	wide := eval[[]string](t, ctx, `[...document.querySelectorAll('body *')].filter((e) => {
	    const r = e.getBoundingClientRect();
	    if (r.width === 0 || r.height === 0) return false;
	    const scrolls = ['auto', 'scroll'].includes(getComputedStyle(e).overflowX) && e.scrollWidth > e.clientWidth + 1;
	    return r.right > innerWidth + 0.5 || r.left < -0.5 || scrolls;
	  }).map((e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + ' ' + Math.round(e.getBoundingClientRect().right) + '/' + e.scrollWidth)`)
	assert.Empty(t, wide, "elements past the window's edge or scrolling sideways at %d px", phoneWidth)
	small := eval[[]string](t, ctx, `[...document.querySelectorAll('button, input[type=text], select, summary, a, fieldset label')].filter((e) => {
	    const r = e.getBoundingClientRect();
	    return r.width > 0 && (r.height < 44 || r.width < 44);
	  }).map((e) => (e.id || e.tagName.toLowerCase() + ' ' + e.textContent.trim().slice(0, 30)) + ': ' + Math.round(e.getBoundingClientRect().width) + 'x' + Math.round(e.getBoundingClientRect().height))`)
	assert.Empty(t, small, "targets smaller than 44 px")
	unlabelled := eval[[]string](t, ctx, `[...document.querySelectorAll('input, select, button, textarea')].filter((e) =>
	  !(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !(e.tagName === 'BUTTON' && e.textContent.trim())).map((e) => e.outerHTML)`)
	assert.Empty(t, unlabelled, "controls without a label")
	described := eval[[]string](t, ctx, `[...document.querySelectorAll('[aria-describedby]')].filter((e) =>
	  !document.getElementById(e.getAttribute('aria-describedby'))).map((e) => e.id)`)
	assert.Empty(t, described, "aria-describedby names no element")
	assertSpeaksToStudent(t, ctx)
	// Mathematics is drawn as MathML, natively: each <math> has a size.
	drawn := eval[[]float64](t, ctx, `[...document.querySelectorAll('math')].map((m) => m.getBoundingClientRect().width)`)
	require.NotEmpty(t, drawn, "no mathematics as MathML")
	for _, w := range drawn {
		assert.Greater(t, w, 0.0, "a <math> element that is not drawn")
	}
}

// assertSpeaksToStudent checks all a page says (but the answer file it
// shows and the lab's command line, which are files and commands, not
// messages) for the command line's words.
func assertSpeaksToStudent(t *testing.T, ctx context.Context) {
	t.Helper()
	said := eval[string](t, ctx, `(() => { const b = document.body.cloneNode(true);
	  for (const e of b.querySelectorAll('#file, #command, script, noscript')) e.remove();
	  return b.textContent; })()`)
	for _, line := range strings.Split(said, "\n") {
		assert.True(t, app.SpeaksToStudent(line), "the page says: %s", strings.TrimSpace(line))
	}
}

// TestBrowserUnreadableAndHostile: an unreadable answer gets sqrtdk grade's
// message, and nothing typed hangs the page: every answer gets its
// verdict, the page answers while the module computes, and a line too long
// for an answer file is said so, as the command line says it.
func TestBrowserUnreadableAndHostile(t *testing.T) {
	t.Parallel() // a browser each: they wait on their pages more than they compute
	ctx := newBrowser(t, 1100, 900)
	key := "../../exercises/lesson.key"
	dir, d := writeExercisePage(t, "--key", key, "--student", "ada")
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(pageURL(dir))))
	waitFor(t, ctx, `window.sqrtdkIdle && sqrtdkIdle()`, 60*time.Second)
	hostile := append([]string{}, awkwardAnswers...)
	hostile = append(hostile, strings.Repeat("(", 3000)+"1"+strings.Repeat(")", 3000), strings.Repeat("9", 4090), "\u0000\u0001\u007f", "😀", strings.Repeat("1,", 1000))
	for i := 0; i < len(hostile); i += len(d.Parts) {
		texts := awkwardSet(d, hostile[i:min(i+len(d.Parts), len(hostile))])
		set, err := json.Marshal(texts)
		require.NoError(t, err)
		start := time.Now()
		eval[chromedp.Void](t, ctx, `(() => { const texts = `+string(set)+`;
		  for (const [id, text] of Object.entries(texts)) {
		    const input = document.getElementById('a-' + id);
		    input.value = text;
		    input.dispatchEvent(new Event('input'));
		  } })()`)
		// The page's own thread stays free while the module computes.
		assert.Equal(t, 2, eval[int](t, ctx, `1 + 1`))
		waitFor(t, ctx, `window.sqrtdkIdle && sqrtdkIdle()`, 30*time.Second)
		t.Logf("%d answers graded in %v", len(texts), time.Since(start))
		shown := eval[[]shownVerdict](t, ctx, readVerdicts)
		values := eval[map[string]string](t, ctx, `Object.fromEntries([...document.querySelectorAll('.part input')].map((e) => [e.name, e.value]))`)
		lines := answerFile(d, values)
		path := filepath.Join(t.TempDir(), d.File)
		require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
		stdout, stderr, status := runBin(t, "grade", "--format", "json", "--key", key, path)
		if status == 2 {
			// A line sqrtdk grade cannot read: the page says the same.
			said := strings.TrimSpace(strings.ReplaceAll(stderr, filepath.Dir(path)+string(filepath.Separator), ""))
			found := false
			for _, s := range shown {
				found = found || (s.Verdict == "error" && s.Text == app.ForStudent(said))
			}
			assert.True(t, found, "the page does not say what sqrtdk grade says: %s", stderr)
			assert.Contains(t, eval[string](t, ctx, `document.getElementById('download-note').textContent`), "longer than 4096 bytes")
			continue
		}
		var want gradeJSON
		require.NoError(t, json.Unmarshal([]byte(stdout), &want))
		for i, w := range want.Answers {
			if w.Verdict == "no answer" {
				continue
			}
			assert.Equal(t, w.Verdict, shown[i].Verdict, "part %s answered %q", w.ID, values[w.ID])
			assert.Equal(t, app.ForStudent(w.Feedback), shown[i].Feedback, "part %s answered %q", w.ID, values[w.ID])
		}
		assertSpeaksToStudent(t, ctx)
	}
}

// TestBrowserHiddenAndNoFeedback: a hidden part shows nothing when
// answered, a page without feedback checks nothing, and both download an
// answer file that sqrtdk grade grades.
func TestBrowserHiddenAndNoFeedback(t *testing.T) {
	t.Parallel() // a browser each: they wait on their pages more than they compute
	ctx := newBrowser(t, 1100, 900)
	downloads := t.TempDir()
	allowDownloads(t, ctx, downloads)
	kf := readFile(t, "../../exercises/lesson.key")
	key := filepath.Join(t.TempDir(), "hidden.key")
	require.NoError(t, os.WriteFile(key, []byte(strings.Replace(kf, "answer p4 std d=64 values=-2,2 scale=sqrt", "answer p4 std d=64 values=-2,2 scale=sqrt visibility=hidden", 1)), 0o644))
	for i, extra := range [][]string{nil, {"--no-feedback"}} {
		// A student each: the page keeps a student's answers in the browser.
		dir, d := writeExercisePage(t, append([]string{"--key", key, "--student", []string{"ada", "bob"}[i]}, extra...)...)
		require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(pageURL(dir)),
			chromedp.SendKeys(byID("a-p4"), "1"), chromedp.SendKeys(byID("a-p3.zero"), "1/2")))
		if extra == nil {
			waitFor(t, ctx, `window.sqrtdkIdle && sqrtdkIdle()`, 60*time.Second)
			assert.Equal(t, "right", eval[string](t, ctx, `document.getElementById('v-p3.zero').dataset.verdict`))
		} else {
			time.Sleep(300 * time.Millisecond)
			assert.Empty(t, eval[string](t, ctx, `document.getElementById('v-p3.zero').textContent`))
		}
		assert.Empty(t, eval[string](t, ctx, `document.getElementById('v-p4').dataset.verdict || ''`), "a hidden part reveals nothing")
		got := download(t, ctx, downloads, d.File)
		path := filepath.Join(t.TempDir(), d.File)
		require.NoError(t, os.WriteFile(path, got, 0o644))
		g := gradeJSONFile(t, key, path)
		assert.Equal(t, "1", g.Score.String(), "p3.zero right, p4 wrong: %s", got)
	}
}

// TestBrowserProofLab proves the default space, breaks a hypothesis from
// the keyboard (k = q) and finds the failing step, refuses what the command
// line refuses, and stops a long proof without the page hanging; each
// result is compared with sqrtdk prove's.
func TestBrowserProofLab(t *testing.T) {
	t.Parallel() // a browser each: they wait on their pages more than they compute
	ctx := newBrowser(t, 1100, 1000)
	dir := filepath.Join(t.TempDir(), "lab")
	_, stderr, status := runBin(t, "prove", "--format", "html", "-o", dir)
	require.Equal(t, 0, status, stderr)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(pageURL(dir))))
	type labShown struct {
		Command, Transcript, Verdict, Status string
		Exit                                 string
		Failing                              []string
	}
	const readLab = `({command: document.getElementById('command').textContent, transcript: document.getElementById('transcript').textContent,
	  verdict: document.getElementById('verdict').dataset.text || '', status: document.getElementById('status').textContent,
	  exit: document.getElementById('verdict').dataset.exit || '',
	  failing: [...document.querySelectorAll('#failures li.fails')].map((e) => 'd_k = ' + e.dataset.d + ': Step ' + e.dataset.step)})`
	bin := sharedBinary(t)
	compare := func(s labShown) {
		t.Helper()
		args := strings.Fields(strings.TrimPrefix(s.Command, "sqrtdk prove "))
		status, stdout, stderr := execSqrtdk(t, bin, append([]string{"prove"}, args...)...)
		assert.Equal(t, stdout, s.Transcript, s.Command)
		assert.Equal(t, fmt.Sprint(status), s.Exit, s.Command)
		assert.True(t, app.SpeaksToStudent(s.Verdict+" "+s.Status), "%s: %s %s", s.Command, s.Verdict, s.Status)
		switch status {
		case 1:
			assert.Contains(t, s.Verdict, app.ForStudent(strings.TrimSpace(stderr)), s.Command)
		case 2:
			// Not proved: what to change, in the form, and no time beside
			// an empty transcript.
			assert.Contains(t, s.Verdict, "Change “", s.Command)
			assert.Empty(t, s.Status, s.Command)
			assert.Equal(t, 1, eval[int](t, ctx, `document.querySelectorAll('#lab [aria-invalid=true]').length`), "the field to change is marked: %s", s.Command)
		}
	}
	// The page proves prove's default space as soon as it is ready.
	waitFor(t, ctx, `document.getElementById('verdict').dataset.exit !== undefined`, 60*time.Second)
	first := eval[metrics](t, ctx, `window.sqrtdkMetrics`)
	s := eval[labShown](t, ctx, readLab)
	assert.Equal(t, "sqrtdk prove --values -1,1 --d 1,2,3,4", s.Command)
	assert.Equal(t, "0", s.Exit)
	assert.Empty(t, s.Failing)
	compare(s)

	// k = q, from the keyboard: the arrow keys choose in the radio group,
	// Enter in a text box proves.
	require.NoError(t, chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(`input[name=k][value=""]`)), chromedp.KeyEvent(kb.ArrowDown),
		chromedp.Focus(byID("d")), chromedp.KeyEvent(kb.Enter)))
	waitFor(t, ctx, `document.getElementById('command').textContent.includes('--k-from q') && !document.getElementById('run').disabled`, 60*time.Second)
	s = eval[labShown](t, ctx, readLab)
	assert.Equal(t, "1", s.Exit)
	require.NotEmpty(t, s.Failing)
	assert.Equal(t, "d_k = 1: Step 1", s.Failing[0], "the first failing step: Step 1, independence, at d_k = 1")
	assert.Equal(t, 5*4, eval[int](t, ctx, `document.querySelectorAll('#steps td.fails').length`), "every step fails at every width")
	assert.Contains(t, s.Verdict, "smallest counterexample: d_k = 1, Step 1")
	compare(s)
	eval[chromedp.Void](t, ctx, `window.scrollTo(0, 0)`)
	screenshotViewport(t, ctx, "lab.png")

	// What the command line refuses, the lab refuses with its words.
	for _, form := range []map[string]string{
		{"values": "1,x"},
		{"values": "-2,-1,0,1,2", "d": "30", "tie": "q"},
		{"values": "-2,-1,0,1,2", "d": "30000"},
		{"values": "-1,1", "d": "0"},
		{"values": "-1,1", "scale": "d^x", "d": "2"},
	} {
		full := map[string]string{"values": "-1,1", "d": "1,2", "tie": "none", "scale": "sqrt"}
		for k, v := range form {
			full[k] = v
		}
		set, err := json.Marshal(full)
		require.NoError(t, err)
		eval[chromedp.Void](t, ctx, `(() => { const f = `+string(set)+`; for (const [k, v] of Object.entries(f)) document.getElementById(k).value = v;
		  document.querySelector('input[name=k][value=""]').checked = true; document.getElementById('lab').requestSubmit(); })()`)
		waitFor(t, ctx, `document.getElementById('verdict').dataset.exit === '2' && !document.getElementById('run').disabled`, 60*time.Second)
		s = eval[labShown](t, ctx, readLab)
		compare(s)
	}

	// A long proof: the page answers meanwhile, and Stop ends it.
	eval[chromedp.Void](t, ctx, `(() => { document.getElementById('values').value = '-2,-1,0,1,2'; document.getElementById('d').value = '8';
	  document.getElementById('tie').value = 'q'; document.getElementById('scale').value = 'sqrt'; document.getElementById('lab').requestSubmit(); })()`)
	waitFor(t, ctx, `!document.getElementById('stop').hidden && document.getElementById('status').textContent.startsWith('Proving')`, 60*time.Second)
	start := time.Now()
	assert.Equal(t, 2, eval[int](t, ctx, `1 + 1`))
	assert.Less(t, time.Since(start), scaled(time.Second), "the page's thread is free while it proves (load factor %.1f)", loadFactor())
	require.True(t, eval[bool](t, ctx, `!document.getElementById('stop').hidden && document.getElementById('status').textContent.startsWith('Proving')`),
		"the long proof is still running")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(byID("stop"))))
	waitFor(t, ctx, `document.getElementById('status').textContent.startsWith('Stopped')`, 5*time.Second)
	eval[chromedp.Void](t, ctx, `(() => { document.getElementById('values').value = '-1,1'; document.getElementById('d').value = '1,2';
	  document.getElementById('tie').value = 'none'; document.getElementById('lab').requestSubmit(); })()`)
	waitFor(t, ctx, `document.getElementById('verdict').dataset.exit === '0' && document.getElementById('command').textContent.endsWith('--d 1,2')`, 60*time.Second)
	verdictTimes(t, "proof lab, the default proof", first)

	t.Run("labels and phone width", func(t *testing.T) {
		// The proof that fails everywhere, whose transcript has the
		// longest lines, and every width the form shows by default.
		checkLayout(t, ctx, pageURL(dir), "lab-phone.png", `(() => { document.querySelector('input[name=k][value=q]').checked = true;
		  document.getElementById('values').value = '-2,-1:3,0,1:3,2'; document.getElementById('lab').requestSubmit(); })()`)
	})
}

// TestBrowserPagesOverHTTP serves both pages as a static server does, gzip
// included, and measures what a student waits for: the bytes transferred,
// the time from loading to the first verdict (three loads; with -short,
// one load of the exercise page only), and the time of each verdict (not
// with -short).
func TestBrowserPagesOverHTTP(t *testing.T) {
	t.Parallel() // a browser each: they wait on their pages more than they compute
	root := t.TempDir()
	key := "../../exercises/lesson.key"
	_, stderr, status := runBin(t, "exercise", "--key", key, "--student", "ada", "--format", "html", "-o", filepath.Join(root, "exercise"))
	require.Equal(t, 0, status, stderr)
	_, stderr, status = runBin(t, "prove", "--format", "html", "-o", filepath.Join(root, "lab"))
	require.Equal(t, 0, status, stderr)
	srv := httptest.NewServer(gzipHandler(http.FileServer(http.Dir(root))))
	defer srv.Close()

	ctx := newBrowser(t, 1100, 900)
	_, err := chromedp.Call(ctx, network.Enable, network.EnableParams{})
	require.NoError(t, err)
	_, err = chromedp.Call(ctx, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true})
	require.NoError(t, err)
	out := map[string]any{}
	pages := []string{"exercise", "lab"}
	if testing.Short() {
		pages = pages[:1] // the lab loads the same module: TestBrowserProofLab has it
	}
	for _, page := range pages {
		var sizes []float64
		var firsts []float64
		runs := 3
		if testing.Short() {
			runs = 1
		}
		for run := range runs {
			finished := chromedp.Events(ctx, network.LoadingFinished)
			require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"/"+page+"/")))
			if page == "exercise" {
				// A student who types at once: the first verdict waits for the module.
				eval[chromedp.Void](t, ctx, `(() => { const i = document.getElementById('a-1.cases'); i.value = '65536'; i.dispatchEvent(new Event('input')); })()`)
				waitFor(t, ctx, `window.sqrtdkMetrics.firstVerdict !== null`, 60*time.Second)
			} else {
				waitFor(t, ctx, `window.sqrtdkMetrics.firstVerdict !== null`, 60*time.Second)
			}
			m := eval[metrics](t, ctx, `window.sqrtdkMetrics`)
			firsts = append(firsts, m.FirstVerdict)
			var total float64
			files := 0
			for ev, err := range finished {
				require.NoError(t, err)
				total += ev.EncodedDataLength
				// Every file of the page but its manifest, which no page loads.
				if files++; files == len(slices.DeleteFunc(names(t, filepath.Join(root, page)), func(n string) bool { return n == manifestName })) {
					break
				}
			}
			sizes = append(sizes, total)
			t.Logf("%s, run %d: %.0f bytes transferred; script started at %.0f ms, module decoded and compiled in %.0f ms, instantiated in %.0f ms, Go started in %.0f ms, key read in %.0f ms: ready at %.0f ms, first verdict at %.0f ms",
				page, run+1, total, m.LoadStart, m.ModuleCompiled, m.InstantiateMS, m.GoStartMS, m.InitMS, m.ModuleReady, m.FirstVerdict)
		}
		if page == "exercise" && !testing.Short() {
			// A student who types an answer at a time into a page that has
			// computed its questions ahead: the time of each verdict.
			waitFor(t, ctx, `sqrtdkIdle() && sqrtdkWarmLeft() === 0`, 60*time.Second)
			eval[chromedp.Void](t, ctx, `sqrtdkMetrics.verdicts = []`)
			d := pageData{}
			html := readFile(t, filepath.Join(root, page, "index.html"))
			require.NoError(t, json.Unmarshal([]byte(pageDataPattern.FindStringSubmatch(html)[1]), &d))
			for _, file := range []string{"right.answers", "mistakes.answers"} {
				texts := answerTexts(t, key, filepath.Join("../../exercises", file), nil)
				for _, p := range d.Parts {
					set, _ := json.Marshal(map[string]string{"id": "a-" + p.ID, "text": texts[p.ID] + " "})
					eval[chromedp.Void](t, ctx, `(() => { const a = `+string(set)+`; const i = document.getElementById(a.id); i.value = a.text; i.dispatchEvent(new Event('input')); })()`)
					waitFor(t, ctx, `sqrtdkIdle()`, 60*time.Second)
				}
			}
			m := eval[metrics](t, ctx, `window.sqrtdkMetrics`)
			out["verdicts"] = verdictTimes(t, "exercise page, one answer at a time", m)
		}
		sort.Float64s(firsts)
		assert.LessOrEqual(t, sizes[0], 4e6, "the %s page is larger than 4 MB gzipped", page)
		out[page] = map[string]any{"transfer_bytes": sizes[0], "first_verdict_ms": firsts, "files": names(t, filepath.Join(root, page))}
	}
	writeMetrics(t, "http", out)
}

// gzipHandler compresses responses as static servers do (gzip, level 6),
// each file once, as servers that keep compressed files do, so that the
// times measured are the browser's, not this test server's.
func gzipHandler(h http.Handler) http.Handler {
	var mu sync.Mutex
	cache := map[string]*httptest.ResponseRecorder{}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			h.ServeHTTP(w, r)
			return
		}
		mu.Lock()
		rec, ok := cache[r.URL.Path]
		if !ok {
			plain := httptest.NewRecorder()
			h.ServeHTTP(plain, r)
			rec = httptest.NewRecorder()
			for k, v := range plain.Header() {
				rec.Header()[k] = v
			}
			rec.Header().Del("Content-Length")
			rec.Header().Set("Content-Encoding", "gzip")
			rec.Code = plain.Code
			zw, _ := gzip.NewWriterLevel(rec.Body, 6)
			zw.Write(plain.Body.Bytes())
			zw.Close()
			cache[r.URL.Path] = rec
		}
		mu.Unlock()
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.Code)
		w.Write(rec.Body.Bytes())
	})
}

// screenshotViewport writes what the window shows as a PNG into
// $SQRTDK_SCREENSHOTS, when it is set.
func screenshotViewport(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("SQRTDK_SCREENSHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, name), png, 0o644))
}

// verdictTimes logs the verdict times a page measured, median and
// largest, in the module and from the last keystroke to the verdict on
// screen, and returns them.
func verdictTimes(t *testing.T, what string, m metrics) map[string]any {
	t.Helper()
	var module, shown []float64
	for _, v := range m.Verdicts {
		module = append(module, v.ModuleMS)
		shown = append(shown, v.SinceInputMS)
	}
	if len(module) == 0 {
		return nil
	}
	sort.Float64s(module)
	sort.Float64s(shown)
	slowest := m.Verdicts[0]
	for _, v := range m.Verdicts {
		if v.SinceInputMS > slowest.SinceInputMS {
			slowest = v
		}
	}
	t.Logf("%s: %d verdicts, in the module median %.1f ms, largest %.1f ms; keystroke to verdict median %.1f ms, largest %.1f ms (part %s)",
		what, len(module), module[len(module)/2], module[len(module)-1], shown[len(shown)/2], shown[len(shown)-1], slowest.ID)
	return map[string]any{"verdicts": len(module), "module_ms_median": module[len(module)/2], "module_ms_max": module[len(module)-1],
		"keystroke_to_verdict_ms_median": shown[len(shown)/2], "keystroke_to_verdict_ms_max": shown[len(shown)-1]}
}

// writeMetrics adds one entry to the JSON file $SQRTDK_PAGE_METRICS names.
func writeMetrics(t *testing.T, name string, v any) {
	t.Helper()
	path := os.Getenv("SQRTDK_PAGE_METRICS")
	if path == "" {
		return
	}
	all := map[string]any{}
	if data, err := os.ReadFile(path); err == nil {
		json.Unmarshal(data, &all)
	}
	all[name] = v
	data, err := json.MarshalIndent(all, "", "  ")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, data, 0o644))
}

// TestBrowserClassPages writes a class's pages from a roster and opens
// them as a student does, from disk: the index lists every student by
// name, a student's page loads the module written once beside the index
// (../), checks an answer against the student's own variant as sqrtdk
// grade does, and both fit a phone.
func TestBrowserClassPages(t *testing.T) {
	ctx := newBrowser(t, 1100, 900)
	dir := filepath.Join(t.TempDir(), "class")
	roster := filepath.Join(t.TempDir(), "roster.csv")
	require.NoError(t, os.WriteFile(roster, []byte("id,name\nada,Ada Lovelace\nbob,\"Noyce, Bob\"\n"), 0o644))
	key := "../../exercises/variants.key"
	_, stderr, status := runCLI(t, "exercise", "--key", key, "--seed", "2026", "--roster", roster, "--format", "html", "-o", dir+"/")
	require.Equal(t, 0, status, stderr)
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(phoneWidth, 800, chromedp.EmulateMobile), chromedp.Navigate(pageURL(dir))))
	links := eval[[]string](t, ctx, `[...document.querySelectorAll('.class-list a')].map((a) => a.textContent)`)
	assert.Equal(t, []string{"ada Ada Lovelace", "bob Noyce, Bob"}, links)
	assert.LessOrEqual(t, eval[int](t, ctx, `document.documentElement.scrollWidth`), phoneWidth)
	assert.Empty(t, eval[[]string](t, ctx, `[...document.querySelectorAll('a')].filter((a) => a.getBoundingClientRect().height < 44).map((a) => a.textContent)`), "targets smaller than 44 px")
	// The link, followed as a browser follows it.
	href := eval[string](t, ctx, `document.querySelector('a[href="bob/index.html"]').href`)
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(1100, 900), chromedp.Navigate(href)))
	waitFor(t, ctx, `window.sqrtdkIdle && sqrtdkIdle()`, 60*time.Second)
	// bob's variant: the answer the key computes for him is right.
	html := readFile(t, filepath.Join(dir, "bob", "index.html"))
	var d pageData
	require.NoError(t, json.Unmarshal([]byte(pageDataPattern.FindStringSubmatch(html)[1]), &d))
	assert.Equal(t, "bob", d.Student)
	texts := map[string]string{d.Parts[0].ID: "1"}
	set, err := json.Marshal(texts)
	require.NoError(t, err)
	eval[chromedp.Void](t, ctx, `(() => { for (const [id, text] of Object.entries(`+string(set)+`)) {
	  const i = document.getElementById('a-' + id); i.value = text; i.dispatchEvent(new Event('input')); } })()`)
	waitFor(t, ctx, `sqrtdkIdle() && document.getElementById('v-' + `+fmt.Sprintf("%q", d.Parts[0].ID)+`).dataset.verdict`, 60*time.Second)
	shown := eval[[]shownVerdict](t, ctx, readVerdicts)
	path := filepath.Join(t.TempDir(), d.File)
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(answerFile(d, texts), "\n")+"\n"), 0o644))
	want := gradeJSONFile(t, key, path, "--seed", "2026")
	assert.Equal(t, want.Answers[0].Verdict, shown[0].Verdict)
	assert.Equal(t, app.ForStudent(want.Answers[0].Feedback), shown[0].Feedback)
}
