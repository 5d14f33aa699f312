// The quiz player: one question at a time (radio buttons, checkboxes, a text field or one select per
// matching prompt), Check answer → marked options and feedback, a running score, then the result against
// the pass mark, reported to the LMS (score in percent, passed/failed) when there is one. Scoring matches the
// GIFT/Moodle weights: multiple-answer items add the chosen options' weights (floored at 0), matching gives
// a share per right pair, short answers compare trimmed and case-insensitively, ordering is all or nothing
// (every step in its place). Ordering is played with "Move up"/"Move down" buttons (keyboard first, no drag).
import type { QuizArtifact } from '../../../schemas/artifacts.js';
import { matchingChoices, orderingShown } from '../markdown.js';
import { playerPage } from './player-page.js';
import {
  multipleChoiceWeights,
  negativeMarkingOf,
  orderingSteps,
  takesSeveralAnswers,
  trueFalseOptions,
} from './quiz-rules.js';

const QUIZ_JS = String.raw`
var items = DATA.items;
var state;
function restart() { state = { index: 0, points: [], checked: false }; renderItem(); }
/** Compact state for suspend_data: "Q1;" and the points per answered item (three decimals). */
function saveState() { lms.save('Q1;' + state.points.map(function (p) { return String(Math.round(p * 1000) / 1000); }).join(',')); }
/** Resumes a saved attempt: the answered items keep their points, play goes on at the next one. */
function resume(saved) {
  var m = /^Q1;([0-9.,]*)$/.exec(saved || '');
  if (!m) return false;
  var points = m[1] ? m[1].split(',').map(Number) : [];
  if (points.length > items.length || points.some(function (p) { return !(p >= 0 && p <= 1); })) return false;
  state = { index: points.length, points: points, checked: false };
  if (state.index >= items.length) { state.index = items.length - 1; finish(); } else renderItem();
  return true;
}
var SCORM_TYPES = { single_choice: 'choice', multiple_choice: 'choice', true_false: 'true-false', short_answer: 'fill-in', matching: 'matching', ordering: 'sequencing' };
/** The answer as a SCORM 2004 learner_response (choices by letter, matching as source[.]target). */
function responseText(item, answer) {
  if (item.type === 'short_answer') return answer.replace(/\[[,.:]\]/g, ' ').slice(0, 250);
  if (item.type === 'matching') return answer.map(function (j, i) { return 'L' + (i + 1) + '[.]R' + (j + 1); }).join('[,]');
  if (item.type === 'ordering') return answer.map(function (s) { return 'S' + (s + 1); }).join('[,]');
  if (item.type === 'true_false') return answer[0] === item.trueIndex ? 'true' : 'false';
  return answer.map(letter).join('[,]');
}
/** The answer as a SCORM 1.2 student_response: choices as a,b; true-false t|f; matching as 0.1,1.0 (base 36). */
function responseText12(item, answer) {
  if (item.type === 'short_answer') return answer.slice(0, 255);
  if (item.type === 'matching') return answer.map(function (j, i) { return i.toString(36) + '.' + j.toString(36); }).join(',');
  if (item.type === 'ordering') return answer.map(function (s) { return s.toString(36); }).join(',');
  if (item.type === 'true_false') return answer[0] === item.trueIndex ? 't' : 'f';
  return answer.map(function (i) { return String.fromCharCode(97 + i); }).join(',');
}
function letter(i) { return String.fromCharCode(65 + i); }
function total() { return state.points.reduce(function (a, b) { return a + b; }, 0); }
function fmt(n) { return String(Math.round(n * 100) / 100); }
function scoreBadge() {
  return el('p', { class: 'score', 'aria-live': 'polite', id: 'score' },
    ['Score: ' + fmt(total()) + ' / ' + items.length]);
}
function header() {
  return el('header', { class: 'top' }, [
    el('div', null, [el('p', { class: 'eyebrow', text: 'Quiz' }), el('h1', { text: DATA.title, dir: 'auto' })]),
    scoreBadge()
  ]);
}
function progress(done) {
  var bar = el('span', { style: 'width:' + Math.round(done / items.length * 100) + '%' });
  return el('div', { class: 'progress', role: 'progressbar', 'aria-label': 'Progress',
    'aria-valuemin': '0', 'aria-valuemax': String(items.length), 'aria-valuenow': String(done) }, [bar]);
}
/** Ordering: the steps in the learner's order (state.order, indices into item.steps), each with move buttons. */
function orderList(item) {
  var last = state.order.length - 1;
  return el('ol', { class: 'steps', id: 'order' }, state.order.map(function (s, pos) {
    return el('li', { class: 'step', 'data-step': String(s) }, [
      el('span', { class: 'step-text', dir: 'auto', text: item.steps[s] }),
      el('span', { class: 'moves' }, [
        el('button', { type: 'button', class: 'secondary move', 'data-move': 'up', 'aria-label': 'Move up: ' + item.steps[s],
          disabled: pos === 0, onclick: function () { move(item, pos, -1, 'up'); } }, ['↑']),
        el('button', { type: 'button', class: 'secondary move', 'data-move': 'down', 'aria-label': 'Move down: ' + item.steps[s],
          disabled: pos === last, onclick: function () { move(item, pos, 1, 'down'); } }, ['↓'])
      ])
    ]);
  }));
}
/** Moves a step one place and keeps the keyboard on it (on the other button at either end). */
function move(item, pos, by, dir) {
  var to = pos + by;
  var s = state.order[pos];
  state.order[pos] = state.order[to];
  state.order[to] = s;
  var list = document.getElementById('order');
  list.parentNode.replaceChild(orderList(item), list);
  var row = document.querySelector('#order [data-step="' + s + '"]');
  var button = row.querySelector('[data-move="' + dir + '"]');
  (button.disabled ? row.querySelector('[data-move="' + (dir === 'up' ? 'down' : 'up') + '"]') : button).focus();
  document.getElementById('order-status').textContent = item.steps[s] + ': place ' + (to + 1) + ' of ' + state.order.length;
}

function renderItem() {
  var item = items[state.index];
  var n = state.index + 1;
  var body;
  if (item.type === 'short_answer') {
    body = el('div', null, [
      el('h2', { text: item.stem, dir: 'auto', id: 'stem' }),
      el('label', { class: 'field', for: 'answer', text: 'Your answer' }),
      el('input', { type: 'text', id: 'answer', autocomplete: 'off', dir: 'auto' })
    ]);
  } else if (item.type === 'ordering') {
    state.order = item.start.slice();
    body = el('div', null, [
      el('h2', { text: item.stem, dir: 'auto', id: 'stem' }),
      el('p', { class: 'meta', text: 'Put the steps in order, first step at the top: move each with its ↑ and ↓ buttons.' }),
      orderList(item),
      el('p', { class: 'sr-only', id: 'order-status', 'aria-live': 'polite' })
    ]);
  } else if (item.type === 'matching') {
    body = el('div', null, [
      el('h2', { text: item.stem, dir: 'auto', id: 'stem' }),
      el('div', { class: 'pairs' }, item.pairs.map(function (p, i) {
        return el('div', { class: 'pair', 'data-pair': String(i) }, [
          el('label', { class: 'left', for: 'pair-' + i, text: p.left, dir: 'auto' }),
          el('select', { id: 'pair-' + i }, [el('option', { value: '', text: 'Choose…' })].concat(
            item.choices.map(function (c, j) { return el('option', { value: String(j), text: c }); })))
        ]);
      }))
    ]);
  } else {
    var multiple = item.several;
    body = el('fieldset', null, [
      el('legend', null, [el('h2', { text: item.stem, dir: 'auto', id: 'stem', style: 'margin:0' })]),
      multiple ? el('p', { class: 'meta', text: 'Select all that apply.' }) : null,
      el('div', { class: 'options' }, item.options.map(function (o, i) {
        return el('label', { class: 'option', 'data-option': String(i) }, [
          el('input', { type: multiple ? 'checkbox' : 'radio', name: 'option', value: String(i) }),
          el('span', { dir: 'auto' }, [el('span', { class: 'sr-only', text: letter(i) + '. ' }), o.text])
        ]);
      }))
    ]);
  }
  show([
    header(),
    el('section', { class: 'card', 'aria-labelledby': 'stem' }, [
      el('p', { class: 'meta', text: 'Question ' + n + ' of ' + items.length }),
      progress(state.index),
      body,
      el('div', { id: 'feedback' }),
      el('div', { class: 'actions' }, [el('button', { type: 'button', class: 'primary', id: 'check', onclick: check, text: 'Check answer' })])
    ])
  ]);
}

function answerOf(item) {
  if (item.type === 'short_answer') {
    var v = document.getElementById('answer').value.trim();
    return v ? v : null;
  }
  if (item.type === 'ordering') return state.order.slice();
  if (item.type === 'matching') {
    var picks = item.pairs.map(function (_, i) { return document.getElementById('pair-' + i).value; });
    return picks.some(function (p) { return p === ''; }) ? null : picks.map(Number);
  }
  var chosen = Array.prototype.slice.call(document.querySelectorAll('input[name=option]:checked'))
    .map(function (input) { return Number(input.value); });
  return chosen.length ? chosen : null;
}

function pointsFor(item, answer) {
  if (item.type === 'short_answer') {
    var given = answer.toLowerCase().replace(/\s+/g, ' ');
    return item.acceptedAnswers.some(function (a) { return a.trim().toLowerCase().replace(/\s+/g, ' ') === given; }) ? 1 : 0;
  }
  if (item.type === 'ordering') return answer.every(function (s, pos) { return s === pos; }) ? 1 : 0;
  if (item.type === 'matching') {
    var right = item.pairs.filter(function (p, i) { return item.choices[answer[i]] === p.right; }).length;
    return right / item.pairs.length;
  }
  if (item.several) {
    var sum = answer.reduce(function (s, i) { return s + item.weights[i]; }, 0) / 100;
    return Math.max(0, Math.min(1, Math.round(sum * 1000) / 1000));
  }
  return item.options[answer[0]].correct ? 1 : 0;
}

function check() {
  var item = items[state.index];
  var answer = answerOf(item);
  var fb = document.getElementById('feedback');
  if (answer === null) {
    fb.textContent = '';
    fb.appendChild(el('p', { class: 'alert', role: 'alert', text: item.type === 'matching' ? 'Match every item first.' : 'Choose an answer first.' }));
    return;
  }
  var points = pointsFor(item, answer);
  state.points.push(points);
  lms.interaction({ id: 'Q' + (state.index + 1), type: SCORM_TYPES[item.type], description: item.stem,
    response: responseText(item, answer), response12: responseText12(item, answer), result: points >= 1 ? 'correct' : points > 0 ? String(points) : 'incorrect' });
  saveState();
  Array.prototype.forEach.call(document.querySelectorAll('#app input, #app select, #app .move'), function (c) { c.disabled = true; });
  var notes = [];
  if (item.type === 'short_answer') {
    if (points < 1) notes.push('Accepted: ' + item.acceptedAnswers.join(' · '));
  } else if (item.type === 'ordering') {
    answer.forEach(function (s, pos) {
      var row = document.querySelector('#order [data-step="' + s + '"]');
      row.classList.add(s === pos ? 'is-correct' : 'is-wrong');
      if (s !== pos) row.appendChild(el('span', { class: 'meta step-note', text: 'Belongs in place ' + (s + 1) }));
    });
    if (points < 1) notes.push('The order: ' + item.steps.map(function (t, i) { return (i + 1) + '. ' + t; }).join(' · '));
  } else if (item.type === 'matching') {
    item.pairs.forEach(function (p, i) {
      var row = document.querySelector('[data-pair="' + i + '"]');
      var ok = item.choices[answer[i]] === p.right;
      row.classList.add(ok ? 'is-correct' : 'is-wrong');
      if (!ok) row.appendChild(el('span', { class: 'meta', style: 'grid-column:1/-1;margin:0', text: 'Answer: ' + p.right, dir: 'auto' }));
    });
  } else {
    item.options.forEach(function (o, i) {
      var row = document.querySelector('[data-option="' + i + '"]');
      var picked = answer.indexOf(i) >= 0;
      if (o.correct) row.classList.add('is-correct');
      else if (picked) row.classList.add('is-wrong');
      var label = row.lastChild;
      var tag = picked ? (o.correct ? 'Your answer · right' : 'Your answer · wrong') : o.correct ? 'Right answer' : '';
      if (tag) label.appendChild(el('span', { class: 'tag', text: tag }));
      if (picked && o.feedback) label.appendChild(el('span', { class: 'note', text: o.feedback }));
    });
  }
  if (item.feedback) notes.push(item.feedback);
  var tone = points >= 1 ? 'good' : points > 0 ? 'warn' : 'bad';
  var verdict = points >= 1 ? 'Correct' : points > 0 ? 'Partly correct' : 'Not quite';
  fb.textContent = '';
  fb.appendChild(el('div', { class: 'callout ' + tone, role: 'status' }, [el('strong', { text: verdict })].concat(
    notes.map(function (t) { return el('p', { text: t, dir: 'auto' }); }))));
  document.getElementById('score').textContent = 'Score: ' + fmt(total()) + ' / ' + items.length;
  var last = state.index === items.length - 1;
  var actions = document.querySelector('.actions');
  actions.textContent = '';
  var next = el('button', { type: 'button', class: 'primary', id: 'next', text: last ? 'See results' : 'Next question',
    onclick: function () { if (last) finish(); else { state.index++; renderItem(); } } });
  actions.appendChild(next);
  next.focus();
}

function finish() {
  var percent = Math.round(total() / items.length * 100);
  var mark = lms.passMark() === null ? DATA.passingScore : lms.passMark();
  var passed = percent >= mark;
  lms.report(percent, passed ? 'passed' : 'failed');
  show([
    header(),
    el('section', { class: 'card result', 'aria-labelledby': 'result' }, [
      progress(items.length),
      el('h2', { id: 'result', text: 'Your result' }),
      el('p', { class: 'big', text: percent + '%' }),
      el('span', { class: 'badge ' + (passed ? 'good' : 'bad'), text: passed ? 'Passed' : 'Not passed yet' }),
      el('p', { class: 'meta', text: 'Pass mark ' + mark + '% · ' + fmt(total()) + ' of ' + items.length + ' points' }),
      el('ol', { class: 'review' }, items.map(function (item, i) {
        var p = state.points[i];
        return el('li', { dir: 'auto' }, [(p >= 1 ? '✓ ' : p > 0 ? '◐ ' : '✗ ') + item.stem]);
      })),
      el('div', { class: 'actions', style: 'justify-content:center' }, [
        el('button', { type: 'button', class: 'secondary', onclick: restart, text: 'Try again' })
      ])
    ])
  ]);
}
lms.ready(function () { if (!resume(lms.resumed())) restart(); });
`;

/** The quiz as the player reads it: only what playing needs, with the weights and matching choices precomputed. */
function playerData(data: QuizArtifact) {
  return {
    title: data.title,
    passingScore: data.passingScore,
    items: data.items.map((item) => ({
      type: item.type,
      stem: item.stem,
      feedback: item.feedback,
      options: item.options.map((o) => ({ text: o.text, correct: o.correct, feedback: o.feedback })),
      /** Several keys: checkboxes and partial weights; one key (any choice type): radio buttons. */
      several: takesSeveralAnswers(item),
      weights: takesSeveralAnswers(item) ? multipleChoiceWeights(item, negativeMarkingOf(data)) : [],
      trueIndex: item.type === 'true_false' ? item.options.indexOf(trueFalseOptions(item).yes) : -1,
      acceptedAnswers: item.acceptedAnswers,
      pairs: item.pairs,
      choices: item.type === 'matching' ? matchingChoices(item) : [],
      /** Ordering: the steps in their correct order and the order they are first shown in (indices). */
      steps: orderingSteps(item),
      start: orderingShown(item).map((step) => orderingSteps(item).indexOf(step)),
    })),
  };
}

export function quizPlayerHtml(data: QuizArtifact, opts: { cmi5?: boolean } = {}): string {
  return playerPage({ title: data.title, data: playerData(data), script: QUIZ_JS, cmi5: opts.cmi5 });
}
