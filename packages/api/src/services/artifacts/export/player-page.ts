// The single-file HTML page both players (quiz, scenario) live in: inline CSS and JS only, a CSP that forbids
// every outside request, the artifact embedded as JSON in a <script type="application/json"> (read with
// JSON.parse, rendered with textContent — user text never becomes markup), and the SCORM 1.2/2004 runtime
// bridge. The same page is the scenario's HTML export and the SCO of both SCORM packages; without an LMS the
// bridge does nothing and the page works on its own.
import { CMI5_BRIDGE_JS } from './cmi5-bridge.js';
import { html, scriptJson } from './escape.js';

/**
 * The LMS bridge (plain ES5 so any LMS browser runs it), for SCORM 2004 (`API_1484_11`) and SCORM 1.2 (`API`):
 * finds the runtime with ADL's standard search — up the parent frames, then the opener's, 2004 first — and
 * keeps every call safe: no API, a cross-origin frame or an LMS error never breaks the page. It reports a
 * score in percent with success (passed/failed) and completion kept apart in 2004 (`cmi.success_status`,
 * `cmi.completion_status`, `cmi.score.scaled`) and as the one `cmi.core.lesson_status` in 1.2; records an
 * interaction per answer (2004: `learner_response`, `description`; 1.2: `student_response` in 1.2's formats,
 * `time`, result `wrong` for 2004's `incorrect`); and keeps the player's compact state in `cmi.suspend_data` (1.2's limit,
 * 4,096 characters, for both) with exit "suspend" until a result is reported, so a relaunch resumes.
 * Terminate/LMSFinish runs once, when the page goes away. `ready(start)` runs the player once the saved state is
 * known: at once here; the cmi5 bridge (cmi5-bridge.ts) waits for the LRS's state document.
 */
export const SCORM_BRIDGE_JS = String.raw`
var lms = (function () {
  function findIn(win, name) {
    var hops = 0;
    try {
      while (win && !win[name] && win.parent && win.parent !== win) {
        if (++hops > 7) return null;
        win = win.parent;
      }
      return win && win[name] ? win[name] : null;
    } catch (e) {
      return null; // a cross-origin frame on the way
    }
  }
  function find(name) {
    var found = findIn(window, name);
    if (!found) {
      try { if (window.opener) found = findIn(window.opener, name); } catch (e) { found = null; }
    }
    return found;
  }
  var api = find('API_1484_11');
  var v2004 = !!api;
  if (!api) api = find('API');
  var F = v2004
    ? { init: 'Initialize', get: 'GetValue', set: 'SetValue', commit: 'Commit', finish: 'Terminate' }
    : { init: 'LMSInitialize', get: 'LMSGetValue', set: 'LMSSetValue', commit: 'LMSCommit', finish: 'LMSFinish' };
  var open = false, reported = false, resumed = '';
  function call(name, args) {
    if (!api || typeof api[name] !== 'function') return '';
    try { return String(api[name].apply(api, args)); } catch (e) { return ''; }
  }
  function set(key, value) { if (open) call(F.set, [key, String(value)]); }
  function get(key) { return open ? call(F.get, [key]) : ''; }
  var startedAt = Date.now();
  function pad(n, w) { n = String(n); while (n.length < w) n = '0' + n; return n; }
  /** SCORM 1.2 CMITimeSpan (HHHH:MM:SS.SS) or SCORM 2004 timeinterval (PTnHnMn.nS). */
  function timespan(ms) {
    var s = ms / 1000, h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
    if (v2004) return 'PT' + h + 'H' + m + 'M' + sec.toFixed(2) + 'S';
    return pad(Math.min(h, 9999), 4) + ':' + pad(m, 2) + ':' + pad(sec.toFixed(2), 5);
  }
  function finish() {
    if (!open) return;
    set(v2004 ? 'cmi.session_time' : 'cmi.core.session_time', timespan(Date.now() - startedAt));
    // Suspend until a result is in, so the LMS relaunches with cmi.entry "resume" and the saved state.
    if (v2004) set('cmi.exit', reported ? 'normal' : 'suspend');
    else if (!reported) set('cmi.core.exit', 'suspend');
    call(F.commit, ['']);
    call(F.finish, ['']);
    open = false;
  }
  if (api) {
    open = call(F.init, ['']) === 'true';
    if (open) {
      if (v2004) {
        var completion = get('cmi.completion_status');
        if (completion !== 'completed') set('cmi.completion_status', 'incomplete');
      } else {
        var status = get('cmi.core.lesson_status');
        if (!status || status === 'not attempted') set('cmi.core.lesson_status', 'incomplete');
      }
      var entry = get(v2004 ? 'cmi.entry' : 'cmi.core.entry');
      if (entry === 'resume' || entry === '') resumed = get('cmi.suspend_data');
      call(F.commit, ['']);
    }
    window.addEventListener('pagehide', finish);
    window.addEventListener('beforeunload', finish);
  }
  return {
    connected: function () { return open; },
    version: function () { return open ? (v2004 ? '2004' : '1.2') : ''; },
    /** The state saved by the last session (suspend_data), '' when there is none. */
    resumed: function () { return resumed; },
    /** Keeps the player's state for a resume (at most 4,096 characters, SCORM 1.2's limit). */
    save: function (state) {
      if (!open || state.length > 4096) return;
      set('cmi.suspend_data', state);
      call(F.commit, ['']);
    },
    /** Runs start once the saved state (resumed()) is known: at once for SCORM and without an LMS. */
    ready: function (start) { start(); },
    /**
     * The pass mark the LMS gives (percent), or null to use the package's: 2004's cmi.scaled_passing_score (from
     * the manifest's minNormalizedMeasure, which an LMS may override), 1.2's cmi.student_data.mastery_score.
     */
    passMark: function () {
      var value = get(v2004 ? 'cmi.scaled_passing_score' : 'cmi.student_data.mastery_score');
      if (value === '' || isNaN(Number(value))) return null;
      var percent = v2004 ? Number(value) * 100 : Number(value);
      return percent >= 0 && percent <= 100 ? Math.round(percent * 100) / 100 : null;
    },
    /**
     * One answer: id, type (the vocabulary both versions share: choice, true-false, fill-in, matching,
     * sequencing), the learner's response in 2004's format (response) and in 1.2's (response12), result
     * (correct, incorrect, neutral or the points 0-1) and description (2004 only).
     */
    interaction: function (it) {
      if (!open) return;
      var n = Number(get('cmi.interactions._count')) || 0;
      var p = 'cmi.interactions.' + n + '.';
      set(p + 'id', it.id);
      set(p + 'type', it.type);
      if (v2004) {
        if (it.description) set(p + 'description', it.description.slice(0, 250));
        if (it.response !== '') set(p + 'learner_response', it.response);
        set(p + 'result', it.result);
      } else {
        var now = new Date();
        set(p + 'time', pad(now.getHours(), 2) + ':' + pad(now.getMinutes(), 2) + ':' + pad(now.getSeconds(), 2));
        if (it.response12) set(p + 'student_response', it.response12.slice(0, 255));
        set(p + 'result', it.result === 'incorrect' ? 'wrong' : it.result);
      }
      call(F.commit, ['']);
    },
    /** Score in percent (0-100) and success ('passed' or 'failed'); completes the attempt. */
    report: function (percent, success) {
      if (!open) return;
      var raw = Math.max(0, Math.min(100, Math.round(percent)));
      reported = true;
      if (v2004) {
        set('cmi.score.min', 0);
        set('cmi.score.max', 100);
        set('cmi.score.raw', raw);
        set('cmi.score.scaled', raw / 100);
        set('cmi.success_status', success);
        set('cmi.completion_status', 'completed');
      } else {
        set('cmi.core.score.min', 0);
        set('cmi.core.score.max', 100);
        set('cmi.core.score.raw', raw);
        set('cmi.core.lesson_status', success);
      }
      set('cmi.suspend_data', '');
      call(F.commit, ['']);
    },
    finish: finish
  };
})();
`;

const CSS = `
:root {
  --bg: #f4f6f9; --card: #ffffff; --text: #1c2430; --muted: #556070; --line: #d8dee7;
  --accent: #2450b8; --accent-hover: #1d4196; --accent-soft: #e8eefb;
  --good: #166a3b; --good-soft: #e6f4ec; --bad: #a8261f; --bad-soft: #fbeceb; --warn: #8a5a00; --warn-soft: #fdf3e1;
  --focus: #f0b400;
  color-scheme: light;
}
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0; background: var(--bg); color: var(--text);
  font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif;
}
main { max-width: 760px; margin: 0 auto; padding: 32px 20px 48px; }
header.top { display: flex; flex-wrap: wrap; gap: 12px 20px; align-items: flex-end; justify-content: space-between; margin-bottom: 20px; }
.eyebrow { margin: 0 0 4px; font-size: 13px; font-weight: 600; letter-spacing: .06em; text-transform: uppercase; color: var(--muted); }
h1 { margin: 0; font-size: 26px; line-height: 1.25; font-weight: 700; overflow-wrap: anywhere; }
h2 { margin: 0 0 12px; font-size: 20px; line-height: 1.35; overflow-wrap: anywhere; }
h2:focus { outline: none; }
.score { display: inline-flex; align-items: center; gap: 6px; padding: 6px 12px; border-radius: 999px; background: var(--card);
  border: 1px solid var(--line); font-size: 14px; font-weight: 600; white-space: nowrap; }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 14px; padding: 24px; box-shadow: 0 1px 2px rgba(16,24,40,.05); }
.meta { margin: 0 0 8px; font-size: 14px; color: var(--muted); }
.progress { height: 6px; border-radius: 999px; background: var(--line); overflow: hidden; margin: 0 0 20px; }
.progress > span { display: block; height: 100%; background: var(--accent); transition: width .2s ease; }
.narrative { white-space: pre-line; margin: 0 0 20px; overflow-wrap: anywhere; }
fieldset { border: 0; margin: 0 0 8px; padding: 0; min-width: 0; }
legend { padding: 0; margin-bottom: 12px; font-size: 18px; font-weight: 600; overflow-wrap: anywhere; }
.options { display: grid; gap: 10px; }
.option { display: flex; gap: 12px; align-items: flex-start; padding: 12px 14px; border: 1.5px solid var(--line); border-radius: 10px;
  cursor: pointer; background: var(--card); overflow-wrap: anywhere; }
.option:hover { border-color: var(--accent); }
.option input { margin: 4px 0 0; width: 18px; height: 18px; accent-color: var(--accent); flex: none; }
.option:focus-within { outline: 3px solid var(--focus); outline-offset: 2px; }
.option.is-correct { border-color: var(--good); background: var(--good-soft); }
.option.is-wrong { border-color: var(--bad); background: var(--bad-soft); }
.option .note { display: block; margin-top: 4px; font-size: 14px; color: var(--muted); }
.option .tag { display: inline-block; margin-left: 8px; font-size: 12px; font-weight: 700; text-transform: uppercase; letter-spacing: .04em; }
.is-correct .tag { color: var(--good); } .is-wrong .tag { color: var(--bad); }
label.field { display: block; font-weight: 600; margin-bottom: 6px; }
input[type=text], select { width: 100%; font: inherit; color: inherit; padding: 10px 12px; border: 1.5px solid var(--line); border-radius: 10px; background: #fff; }
input[type=text]:focus, select:focus { outline: 3px solid var(--focus); outline-offset: 1px; border-color: var(--accent); }
.pairs { display: grid; gap: 12px; }
.pair { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; align-items: center; padding: 10px 12px; border: 1.5px solid var(--line); border-radius: 10px; }
.pair.is-correct { border-color: var(--good); background: var(--good-soft); }
.pair.is-wrong { border-color: var(--bad); background: var(--bad-soft); }
.pair .left { overflow-wrap: anywhere; }
.steps { display: grid; gap: 8px; margin: 0; padding-left: 28px; }
.step { padding: 8px 10px; border: 1.5px solid var(--line); border-radius: 10px; display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.step-text { flex: 1 1 60%; overflow-wrap: anywhere; }
.moves { display: flex; gap: 6px; }
.move { padding: 4px 12px; }
.move:disabled { opacity: .4; cursor: default; }
.step-note { flex-basis: 100%; margin: 0; }
.step.is-correct { border-color: var(--good); background: var(--good-soft); }
.step.is-wrong { border-color: var(--bad); background: var(--bad-soft); }
.choices { display: grid; gap: 10px; margin-top: 8px; }
button { font: inherit; cursor: pointer; border-radius: 10px; }
button:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.choice { text-align: start; padding: 14px 16px; border: 1.5px solid var(--line); background: var(--card); color: var(--text); font-weight: 500; overflow-wrap: anywhere; }
.choice:hover { border-color: var(--accent); background: var(--accent-soft); }
.actions { display: flex; flex-wrap: wrap; gap: 10px; margin-top: 20px; }
.primary { padding: 11px 20px; border: 0; background: var(--accent); color: #fff; font-weight: 600; }
.primary:hover { background: var(--accent-hover); }
.secondary { padding: 10px 18px; border: 1.5px solid var(--line); background: var(--card); color: var(--text); font-weight: 600; }
.secondary:hover { border-color: var(--accent); }
.callout { border-radius: 10px; padding: 12px 14px; margin: 0 0 16px; border-left: 4px solid var(--accent); background: var(--accent-soft); overflow-wrap: anywhere; }
.callout.good { border-color: var(--good); background: var(--good-soft); }
.callout.bad { border-color: var(--bad); background: var(--bad-soft); }
.callout.warn { border-color: var(--warn); background: var(--warn-soft); }
.callout p { margin: 4px 0 0; }
.callout strong { display: block; }
.alert { color: var(--bad); font-weight: 600; margin: 12px 0 0; }
.result { text-align: center; padding: 8px 0; }
.result .big { font-size: 48px; font-weight: 800; line-height: 1.1; margin: 8px 0; }
.badge { display: inline-block; padding: 4px 12px; border-radius: 999px; font-size: 14px; font-weight: 700; }
.badge.good { background: var(--good-soft); color: var(--good); } .badge.bad { background: var(--bad-soft); color: var(--bad); }
.badge.warn { background: var(--warn-soft); color: var(--warn); }
.review { text-align: start; margin-top: 20px; padding: 0; list-style: none; display: grid; gap: 8px; }
.review li { padding: 10px 12px; border: 1px solid var(--line); border-radius: 10px; overflow-wrap: anywhere; }
footer { margin-top: 16px; font-size: 13px; color: var(--muted); text-align: center; }
.sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0,0,0,0); border: 0; }
@media (max-width: 520px) {
  main { padding: 20px 14px 36px; }
  h1 { font-size: 22px; }
  .card { padding: 18px; border-radius: 12px; }
  .pair { grid-template-columns: 1fr; gap: 6px; }
  .actions > button { flex: 1 1 auto; }
}
@media (prefers-reduced-motion: reduce) { .progress > span { transition: none; } }
`;

/** Only inline styles and scripts; no network, no frames, no forms posting anywhere. */
const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

/** What a cmi5 AU adds: requests to the LMS's LRS, whose origin only the launch URL names. */
const CMI5_CSP = `${CSP}; connect-src http: https:`;

export function playerPage(opts: { title: string; data: unknown; script: string; cmi5?: boolean }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${opts.cmi5 ? CMI5_CSP : CSP}">
<meta name="referrer" content="no-referrer">
<title>${html(opts.title)}</title>
<style>${CSS}</style>
</head>
<body>
<main id="app"><noscript>This player needs JavaScript.</noscript></main>
<script type="application/json" id="artifact-data">${scriptJson(opts.data)}</script>
<script>
"use strict";
${SCORM_BRIDGE_JS}${opts.cmi5 ? CMI5_BRIDGE_JS : ''}
var DATA = JSON.parse(document.getElementById('artifact-data').textContent);
/** Element with attributes and children; strings become text nodes (never markup). */
function el(tag, attrs, children) {
  var node = document.createElement(tag);
  if (attrs) for (var k in attrs) {
    if (attrs[k] === null || attrs[k] === undefined || attrs[k] === false) continue;
    if (k === 'text') node.textContent = attrs[k];
    else if (k.slice(0, 2) === 'on') node.addEventListener(k.slice(2), attrs[k]);
    else node.setAttribute(k, attrs[k] === true ? '' : attrs[k]);
  }
  (children || []).forEach(function (c) {
    if (c === null || c === undefined || c === false) return;
    node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
  });
  return node;
}
function show(children, focusSelector) {
  var app = document.getElementById('app');
  app.textContent = '';
  children.forEach(function (c) { if (c) app.appendChild(c); });
  var target = app.querySelector(focusSelector || 'h2');
  if (target) { target.setAttribute('tabindex', '-1'); target.focus({ preventScroll: false }); }
}
${opts.script}
</script>
</body>
</html>
`;
}
