// The script of sqrtdk's student pages: the exercise page and the proof lab.
// Every answer and every proof is computed by sqrtdk's own Go code, compiled
// to WebAssembly (sqrtdk-wasm.js holds the module), in a Web Worker, so that
// the page answers the keyboard whatever is being computed. Written by
// "sqrtdk exercise --format html" or "sqrtdk prove --format html".
"use strict";

// sqrtdkWorkerMain runs in the worker, after Go's wasm_exec.js: it starts the
// module it is sent and answers each request with the module's sqrtdkHandle.
function sqrtdkWorkerMain() {
  let ready = null;
  self.sqrtdkReady = () => ready();
  self.onmessage = async (e) => {
    const m = e.data;
    if (m.module) {
      try {
        const t0 = performance.now();
        const go = new Go();
        const started = new Promise((resolve) => { ready = resolve; });
        const instance = await WebAssembly.instantiate(m.module, go.importObject);
        const t1 = performance.now();
        go.run(instance).then(() => self.postMessage({ exited: true }));
        await started;
        self.postMessage({ ready: true, instantiate_ms: t1 - t0, go_start_ms: performance.now() - t1 });
      } catch (err) {
        self.postMessage({ failed: String(err) });
      }
      return;
    }
    const t0 = performance.now();
    try {
      self.sqrtdkHandle(m.request, (out) => {
        self.postMessage({ seq: m.seq, response: JSON.parse(out), ms: performance.now() - t0 });
      });
    } catch (err) {
      console.error(err);
      self.postMessage({ seq: m.seq, response: { error: "The checker failed on this answer. Change it, or reload the page: your answers are kept." }, ms: performance.now() - t0 });
    }
  };
}

// Metrics the browser tests read: when the module was ready, and each
// verdict's time in the worker and from request to display.
const sqrtdkMetrics = { moduleReady: null, firstVerdict: null, verdicts: [], warm: [] };
window.sqrtdkMetrics = sqrtdkMetrics;

// loadModule decodes the embedded module (gzip, then base64) and compiles it.
async function loadModule() {
  const b64 = window.sqrtdkWasm;
  const gz = Uint8Array.fromBase64 ? Uint8Array.fromBase64(b64) : Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const raw = await new Response(new Blob([gz]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  return WebAssembly.compile(raw);
}

// A GoWorker runs the module in a Web Worker and sends it one request at a
// time; stop ends a computation that takes too long by ending the worker,
// and the next request starts a new one.
class GoWorker {
  constructor(module, init) {
    this.module = module;
    this.init = init; // the request that sets a new worker up, or null
    this.worker = null;
    this.seq = 0;
    this.pending = null;
  }

  start() {
    const source = "(" + sqrtdkGoRuntime + ")();\n(" + sqrtdkWorkerMain + ")();\n";
    const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    const w = new Worker(url); // the URL stays valid: the worker loads it later
    this.worker = w;
    this.starting = new Promise((resolve, reject) => {
      w.onmessage = (e) => {
        if (e.data.ready) {
          sqrtdkMetrics.instantiate_ms = e.data.instantiate_ms;
          sqrtdkMetrics.go_start_ms = e.data.go_start_ms;
          resolve();
          return;
        }
        if (e.data.failed) {
          reject(new Error(e.data.failed));
          return;
        }
        if (e.data.exited) {
          // The module ended (a panic, printed on the console): the next
          // call starts a new worker.
          w.terminate();
          if (this.worker === w) this.worker = null;
          if (this.pending) {
            const p = this.pending;
            this.pending = null;
            p.resolve({ response: { error: "The checker stopped. Change the answer to check it again, or reload the page: your answers are kept." }, ms: 0 });
          }
          return;
        }
        if (this.pending && e.data.seq === this.pending.seq) {
          const p = this.pending;
          this.pending = null;
          p.resolve({ response: e.data.response, ms: e.data.ms });
        }
      };
      w.onerror = (e) => {
        e.preventDefault();
        reject(new Error(e.message || "the worker failed"));
        if (this.pending) {
          const p = this.pending;
          this.pending = null;
          console.error(e.message);
          p.resolve({ response: { error: "The checker failed. Reload the page: your answers are kept." }, ms: 0 });
        }
      };
    });
    w.postMessage({ module: this.module });
    return this.starting.then(() => (this.init ? this.send(this.init) : null));
  }

  // call sends one request and resolves with {response, ms} (ms: the time
  // the module took). It must not be called while a call is pending.
  async call(request) {
    if (!this.worker) {
      await this.start();
    } else {
      await this.starting;
    }
    return this.send(request);
  }

  send(request) {
    const seq = ++this.seq;
    return new Promise((resolve) => {
      this.pending = { seq, resolve };
      this.worker.postMessage({ seq, request: JSON.stringify(request) });
    });
  }

  busy() {
    return this.pending !== null;
  }

  // stop ends the worker and whatever it computes; the pending call
  // resolves with {stopped: true}.
  stop() {
    if (this.worker) {
      this.worker.terminate();
      this.worker = null;
    }
    if (this.pending) {
      const p = this.pending;
      this.pending = null;
      p.resolve({ stopped: true });
    }
  }
}

function pageData() {
  return JSON.parse(document.getElementById("sqrtdk-data").textContent);
}

function plural(n, one, many) {
  return n === "1" ? one : many;
}

// ---- the exercise page ----

function exercisePage(data) {
  const parts = data.parts.map((p) => ({
    ...p,
    input: document.getElementById("a-" + p.id),
    out: document.getElementById("v-" + p.id),
    dirty: false,
  }));
  const fileView = document.getElementById("file");
  const total = document.getElementById("total");
  const downloadButton = document.getElementById("download");
  const downloadNote = document.getElementById("download-note");
  const storageKey = "sqrtdk-answers:" + data.storage_key;
  const encoder = new TextEncoder();

  // The answer file: the page's header, the student line (a page of a key
  // that draws nothing may name no student), then one line per part in key
  // order: "ID ANSWER", or "ID" alone for no answer.
  const studentLines = data.student ? ["student " + data.student] : [];
  function answerLine(p) {
    const v = p.input.value.trim();
    return v === "" ? p.id : p.id + " " + v;
  }
  function fileLines() {
    return [...data.header, ...studentLines, ...parts.map(answerLine)];
  }
  function lineNumber(i) {
    return data.header.length + studentLines.length + 1 + i;
  }
  function tooLong() {
    return fileLines().map((l, i) => [i + 1, encoder.encode(l).length]).filter(([, n]) => n > data.max_line_bytes);
  }
  function showFile() {
    fileView.textContent = fileLines().join("\n") + "\n";
    const long = tooLong();
    downloadNote.textContent = long.length === 0 ? "" :
      "Line " + long[0][0] + " of your answer file is longer than " + data.max_line_bytes + " bytes, too long to be graded: shorten that answer.";
  }

  function save() {
    try {
      const answers = {};
      for (const p of parts) answers[p.id] = p.input.value;
      localStorage.setItem(storageKey, JSON.stringify(answers));
    } catch (err) {
      // Storage may be off (private windows, some file:// settings); the page works without it.
    }
  }
  function restore() {
    try {
      const answers = JSON.parse(localStorage.getItem(storageKey) || "{}");
      for (const p of parts) {
        if (typeof answers[p.id] === "string") p.input.value = answers[p.id];
      }
    } catch (err) {
      // Nothing saved, or storage off.
    }
  }

  function showVerdict(p, c) {
    const out = p.out;
    out.replaceChildren();
    if (c.error) {
      out.dataset.verdict = "error";
      out.dataset.points = "";
      out.dataset.text = c.error;
      // The module writes the HTML: escaped text, mathematics as MathML.
      if (c.error_html) out.innerHTML = c.error_html;
      else out.textContent = c.error;
      out.className = "verdict error";
      return;
    }
    delete out.dataset.text;
    out.dataset.verdict = c.verdict;
    out.dataset.points = c.points;
    out.dataset.mistake = c.mistake || "";
    out.className = "verdict " + c.verdict.replace(/ /g, "-");
    if (c.verdict === "no answer") {
      return;
    }
    // The feedback starts with the verdict in words ("Right.", "Wrong. …",
    // "The value is right, but …", "Could not read …"); a mark and the points
    // go before it.
    const mark = document.createElement("span");
    mark.setAttribute("aria-hidden", "true");
    mark.textContent = { right: "✓ ", wrong: "✗ ", "too few places": "◐ ", "could not read": "? " }[c.verdict] || "";
    const head = document.createElement("strong");
    head.append(mark, c.points + "/" + c.max_points + plural(c.max_points, " point", " points") + ": ");
    const body = document.createElement("span");
    body.className = "feedback";
    // What the page says in words (the tests read it); on screen, its
    // mathematics as MathML, which the module writes with the text escaped.
    body.dataset.text = c.feedback;
    if (c.feedback_html) body.innerHTML = c.feedback_html;
    else body.textContent = c.feedback;
    out.append(head, body);
  }

  function showTotal(c) {
    if (c.score === undefined) return;
    total.textContent = "Checked so far: " + c.score + " of " + c.max_score + plural(c.max_score, " point", " points") +
      (data.hidden_points !== "0" ? " (and " + data.hidden_points + " more on parts your teacher grades later)." : ".");
  }

  let worker = null;
  let ready = null;
  let slowTimer = null;
  const stopButton = document.getElementById("stop");

  // The parts whose questions the module computes ahead, while the student
  // reads: their first verdicts then come as fast as the later ones.
  const warm = [];
  let sending = false; // a request is on its way to the worker
  window.sqrtdkIdle = () => worker !== null && !sending && !worker.busy() && !parts.some((p) => p.dirty);
  window.sqrtdkWarmLeft = () => warm.length;

  // pump sends the first part whose answer changed since it was last sent,
  // when the worker is free; answers typed meanwhile wait their turn, so
  // only the latest text of each part is ever graded. With none waiting it
  // computes a part ahead.
  async function pump() {
    if (!worker || sending || worker.busy()) return;
    const i = parts.findIndex((p) => p.dirty);
    if (i < 0) {
      if (warm.length > 0) {
        const w = warm.shift();
        sending = true;
        const r = await worker.call({ op: "warm", id: w.id });
        sending = false;
        if (!r.stopped) sqrtdkMetrics.warm.push({ id: w.id, module_ms: r.ms });
        pump();
      }
      return;
    }
    const p = parts[i];
    p.dirty = false;
    const line = answerLine(p);
    const t0 = performance.now();
    p.out.setAttribute("aria-busy", "true");
    slowTimer = setTimeout(() => {
      p.out.textContent = "Still checking…";
      stopButton.hidden = false;
    }, 1000);
    sending = true;
    const r = await worker.call({ op: "check", id: p.id, line_no: lineNumber(i), line });
    sending = false;
    clearTimeout(slowTimer);
    stopButton.hidden = true;
    p.out.removeAttribute("aria-busy");
    if (r.stopped) {
      showVerdict(p, { error: "Stopped: checking this answer took too long. Change it to check again." });
      // A new worker knows none of the answers: check the others again.
      for (const q of parts) q.dirty = q !== p && !q.hidden && q.input.value.trim() !== "";
    } else if (answerLine(p) === line) {
      const c = r.response;
      showVerdict(p, c);
      showTotal(c);
      const now = performance.now();
      if (sqrtdkMetrics.firstVerdict === null) sqrtdkMetrics.firstVerdict = now;
      sqrtdkMetrics.verdicts.push({ id: p.id, module_ms: r.ms, round_trip_ms: now - t0, since_input_ms: now - p.inputAt });
    }
    pump();
  }

  stopButton.addEventListener("click", () => worker && worker.stop());

  for (const p of parts) {
    p.input.addEventListener("input", () => {
      p.inputAt = performance.now();
      showFile();
      save();
      if (!p.hidden && worker) {
        p.dirty = true;
        pump();
      }
    });
    // Enter moves to the next answer, as a form of one-line answers should.
    p.input.addEventListener("keydown", (e) => {
      if (e.key === "Enter") {
        e.preventDefault();
        const next = parts[parts.indexOf(p) + 1];
        (next ? next.input : downloadButton).focus();
      }
    });
  }

  downloadButton.addEventListener("click", () => {
    showFile();
    const blob = new Blob([fileLines().join("\n") + "\n"], { type: "text/plain;charset=utf-8" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = data.file;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  });

  restore();
  showFile();
  if (!data.key) {
    return; // a page without feedback only collects answers
  }
  const status = document.getElementById("status");
  status.textContent = "Loading the checker…";
  const t0 = performance.now();
  sqrtdkMetrics.loadStart = t0;
  loadModule().then((module) => {
    sqrtdkMetrics.moduleCompiled = performance.now() - t0;
    const w = new GoWorker(module, { op: "exercise", key_name: data.key_name, key: data.key, file: data.file });
    return w.start().then((r) => {
      worker = w;
      return r;
    });
  }).then((r) => {
    if (r && r.response && r.response.error) throw new Error(r.response.error);
    sqrtdkMetrics.init_ms = r.ms;
    sqrtdkMetrics.moduleReady = performance.now();
    status.textContent = "Each answer is checked as you type it.";
    for (const p of parts) {
      p.dirty = !p.hidden && p.input.value.trim() !== "";
      if (!p.hidden) warm.push(p);
      if (p.dirty) p.inputAt = performance.now();
    }
    pump();
  }).catch((err) => {
    console.error(err);
    status.textContent = "The checker could not start in this browser: you can still write your answers and download them.";
    worker = null;
  });
}

// ---- the proof lab ----

// dk is d_k in MathML.
const dk = '<math display="inline"><msub><mi>d</mi><mi>k</mi></msub></math>';

function labPage() {
  const form = document.getElementById("lab");
  const run = document.getElementById("run");
  const stop = document.getElementById("stop");
  const status = document.getElementById("status");
  const command = document.getElementById("command");
  const steps = document.getElementById("steps");
  const failures = document.getElementById("failures");
  const transcript = document.getElementById("transcript");
  const verdict = document.getElementById("verdict");
  const kValues = document.getElementById("k-values");
  let worker = null;

  function lab() {
    const f = new FormData(form);
    return {
      values: f.get("values"),
      k: f.get("k"),
      k_values: f.get("k") === "" ? f.get("k_values") : "",
      tie: f.get("tie"),
      scale: f.get("scale"),
      d: f.get("d"),
    };
  }
  function syncK() {
    kValues.disabled = new FormData(form).get("k") !== "";
  }
  form.addEventListener("change", syncK);
  syncK();

  // showSteps shows a table of the steps' verdicts at each width, then,
  // for each failing step, its first failing assertion at the smallest
  // width where it fails.
  function showSteps(widths) {
    steps.replaceChildren();
    failures.replaceChildren();
    if (!widths || widths.length === 0) return;
    const table = document.createElement("table");
    const caption = document.createElement("caption");
    caption.textContent = "Each step at each width: ✓ holds, ✗ fails";
    const head = table.createTHead().insertRow();
    const corner = document.createElement("th");
    corner.textContent = "Step";
    head.append(corner);
    for (const w of widths) {
      const th = document.createElement("th");
      th.scope = "col";
      th.innerHTML = dk + " = " + Number(w.d_k);
      head.append(th);
    }
    const body = table.createTBody();
    widths[0].steps.forEach((st, i) => {
      const row = body.insertRow();
      const th = document.createElement("th");
      th.scope = "row";
      th.innerHTML = Number(st.step) + " " + st.title_html;
      row.append(th);
      let failure = null;
      for (const w of widths) {
        const s = w.steps[i];
        const td = row.insertCell();
        td.className = s.holds ? "holds" : "fails";
        td.dataset.step = s.step;
        td.dataset.d = w.d_k;
        // The word folds away on a phone; the mark stays, and the word is
        // still read out.
        const mark = document.createElement("span");
        mark.textContent = s.holds ? "✓" : "✗";
        const word = document.createElement("span");
        word.className = "word";
        word.textContent = s.holds ? " holds" : " fails";
        td.append(mark, word);
        if (!s.holds && failure === null) failure = { d: w.d_k, step: s };
      }
      if (failure !== null) {
        const li = document.createElement("li");
        li.className = "fails";
        li.dataset.step = failure.step.step;
        li.dataset.d = failure.d;
        li.innerHTML = "Step " + Number(failure.step.step) + " (" + failure.step.title_html + "), first at " + dk + " = " + Number(failure.d) + ": " + failure.step.failure_html;
        failures.append(li);
      }
    });
    table.prepend(caption);
    steps.append(table);
  }

  let started = null;
  let ticker = null;
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (!worker) return;
    if (worker.busy()) worker.stop();
    const request = { op: "prove", lab: lab() };
    run.disabled = true;
    stop.hidden = false;
    started = performance.now();
    status.textContent = "Proving…";
    ticker = setInterval(() => {
      status.textContent = "Proving… " + ((performance.now() - started) / 1000).toFixed(0) + " s (Stop ends it)";
    }, 1000);
    const r = await worker.call(request);
    clearInterval(ticker);
    run.disabled = false;
    stop.hidden = true;
    if (r.stopped) {
      status.textContent = "Stopped after " + ((performance.now() - started) / 1000).toFixed(1) + " s.";
      return;
    }
    const res = r.response;
    for (const el of form.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
    if (res.error) {
      console.error(res.error);
      status.textContent = "The prover failed on this form. Change a field, or reload the page.";
      return;
    }
    command.textContent = res.command;
    verdict.innerHTML = res.message_html;
    verdict.dataset.text = res.message;
    verdict.dataset.exit = res.exit;
    if (res.exit === 2) {
      // Not proved: nothing to show but what to change in the form.
      verdict.className = "fails";
      transcript.textContent = "";
      showSteps(null);
      status.textContent = "";
      const field = res.field ? form.querySelector("[name=" + JSON.stringify(res.field) + "]") : null;
      if (field) {
        field.setAttribute("aria-invalid", "true");
        field.focus();
      }
      return;
    }
    transcript.textContent = res.transcript;
    verdict.className = res.exit === 0 ? "holds" : "fails";
    showSteps(res.widths);
    status.textContent = "Checked in " + (r.ms / 1000).toFixed(1) + " s.";
    sqrtdkMetrics.verdicts.push({ module_ms: r.ms, round_trip_ms: performance.now() - started });
    if (sqrtdkMetrics.firstVerdict === null) sqrtdkMetrics.firstVerdict = performance.now();
  });
  stop.addEventListener("click", () => worker && worker.stop());

  status.textContent = "Loading the prover…";
  const t0 = performance.now();
  sqrtdkMetrics.loadStart = t0;
  loadModule().then((module) => {
    sqrtdkMetrics.moduleCompiled = performance.now() - t0;
    const w = new GoWorker(module, null);
    return w.start().then(() => { worker = w; });
  }).then(() => {
    sqrtdkMetrics.moduleReady = performance.now();
    run.disabled = false;
    status.textContent = "Ready: choose the space and press Prove (or Enter).";
    form.requestSubmit();
  }).catch((err) => {
    console.error(err);
    status.textContent = "The prover could not start in this browser.";
  });
}

document.addEventListener("DOMContentLoaded", () => {
  const data = pageData();
  if (data.page === "exercise") exercisePage(data);
  else labPage();
});
