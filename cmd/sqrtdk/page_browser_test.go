package main

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"
)

func TestSmokePage(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "page")
	_, stderr, status := runCLI(t, "exercise", "--key", "../../exercises/lesson.key", "--student", "ada", "--format", "html", "-o", dir)
	require.Equal(t, 0, status, stderr)
	ctx := newBrowser(t, 1000, 900)
	step := func(name string, a ...chromedp.Action[chromedp.Void]) {
		c, cancel := context.WithTimeout(ctx, 15*time.Second)
		defer cancel()
		t0 := time.Now()
		err := chromedp.Do(c, a...)
		t.Log(name, err, time.Since(t0))
	}
	step("nav", chromedp.Navigate("file://"+filepath.Join(dir, "index.html")))
	title, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.title + ' ' + document.getElementById('status').textContent`))
	t.Log(title, err)
	step("keys", chromedp.SendKeys(chromedp.CSS(`#a-1\.cases`), "65536"))
	step("keys2", chromedp.SendKeys(chromedp.CSS(`#a-p2\.std`), "4096"))
	time.Sleep(8 * time.Second)
	got, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]any](`({a: document.querySelector('#v-1\\.cases').textContent, b: document.querySelector('#v-p2\\.std').textContent, m: window.sqrtdkMetrics, s: document.getElementById('status').textContent})`))
	t.Log(got, err)
}
