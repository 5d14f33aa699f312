import { describe, expect, it } from 'vitest';
import { EXPORT_FORMATS_BY_KIND, EXPORT_TARGETS, type QuizArtifact } from '../../../schemas/artifacts.js';
import { exportCheck, formatForTarget } from './check.js';
import { quizToBlackboard } from './blackboard.js';
import { quizFixture, scenarioFixture } from './test-fixtures.js';

describe('exportCheck', () => {
  it('picks a format the kind offers for every target', () => {
    for (const target of EXPORT_TARGETS) {
      for (const kind of ['quiz', 'scenario', 'plan'] as const) {
        expect(EXPORT_FORMATS_BY_KIND[kind]).toContain(formatForTarget(kind, target));
      }
    }
    expect(formatForTarget('quiz', 'cmi5')).toBe('cmi5');
    expect(formatForTarget('quiz', 'canvas')).toBe('qti12');
    expect(formatForTarget('quiz', 'totara')).toBe('moodle_xml');
    expect(formatForTarget('scenario', 'scorm2004')).toBe('scorm2004');
  });

  it('Moodle, the SCORM targets and cmi5 import every item as is', () => {
    for (const target of ['moodle', 'totara', 'scorm12', 'scorm2004', 'cmi5'] as const) {
      const check = exportCheck('quiz', quizFixture, target);
      expect(check.counts, target).toEqual({ as_is: 5, changes: 0, cannot: 0 });
      expect(check.summary).toMatch(/5 items import as is\.$/);
    }
  });

  it('says what changes: Blackboard drops feedback and scores multiple answers all or nothing; Brightspace per option', () => {
    const bb = exportCheck('quiz', quizFixture, 'blackboard');
    expect(bb.items.map((i) => i.status)).toEqual(['changes', 'changes', 'changes', 'changes', 'as_is']);
    expect(bb.items[0]!.note).toBe('Feedback is dropped (the upload file has none); add it in Blackboard.');
    expect(bb.items[1]!.note).toContain(
      'scored all or nothing unless you turn on partial credit in Blackboard',
    );
    const d2l = exportCheck('quiz', quizFixture, 'brightspace');
    expect(d2l.items.map((i) => i.status)).toEqual(['as_is', 'changes', 'as_is', 'as_is', 'as_is']);
    expect(d2l.items[1]!.statusLabel).toBe('Imports with changes');
  });

  it('matching with a repeated answer is a change for Blackboard; an unimportable item cannot import (why)', () => {
    const q5 = quizFixture.items[4]!;
    const data: QuizArtifact = {
      ...quizFixture,
      items: [
        { ...q5, pairs: q5.pairs.map((p) => ({ ...p, right: 'Moment 1' })) },
        {
          ...quizFixture.items[0]!,
          options: quizFixture.items[0]!.options.map((o) => ({ ...o, correct: false })),
        },
      ],
    };
    const bb = exportCheck('quiz', data, 'blackboard');
    expect(bb.items[0]!.note).toContain('make each answer unique');
    expect(bb.items[1]).toMatchObject({ status: 'cannot', note: 'the question has no correct option' });
    expect(bb.summary).toBe('Blackboard question file: 1 item imports with changes, 1 cannot import.');
  });

  it('checks scenario nodes: a choice to a missing node is a change', () => {
    const broken = {
      ...scenarioFixture,
      nodes: scenarioFixture.nodes.map((n, i) =>
        i === 2 ? { ...n, choices: [{ ...n.choices[0]!, nextNodeId: 'nowhere' }] } : n,
      ),
    };
    const check = exportCheck('scenario', broken, 'scorm2004');
    expect(check.items.map((i) => i.status)).toEqual(['as_is', 'as_is', 'changes', 'as_is', 'as_is']);
    expect(check.items[2]!.note).toBe(
      'A choice leads to a missing node: the player ends that path with a note.',
    );
    expect(exportCheck('scenario', scenarioFixture, 'cmi5').format).toBe('cmi5');
  });

  it('explains every change and every refusal, for every target, with negative marking on or off', () => {
    for (const negativeMarking of [false, true]) {
      const data: QuizArtifact = { ...quizFixture, negativeMarking };
      for (const target of EXPORT_TARGETS) {
        const check = exportCheck('quiz', data, target);
        for (const item of check.items) {
          if (item.status === 'as_is') expect(item.note, `${target} ${item.ref}`).toBe('');
          else expect(item.note, `${target} ${item.ref}`).toMatch(/^[A-Za-z].{10,}[.]?$/);
        }
        expect(check.counts.as_is + check.counts.changes + check.counts.cannot).toBe(data.items.length);
      }
    }
    // What the Blackboard check says is dropped is indeed not in the file.
    const bb = quizToBlackboard(quizFixture);
    for (const [i, item] of quizFixture.items.entries()) {
      const feedback = [item.feedback, ...item.options.map((o) => o.feedback)].filter((f) => f.trim());
      for (const f of feedback) expect(bb).not.toContain(f);
      if (feedback.length)
        expect(exportCheck('quiz', quizFixture, 'blackboard').items[i]!.note).toContain(
          'Feedback is dropped',
        );
    }
  });

  it('ordering: Moodle needs qtype_ordering, Canvas takes it as matching, the SCORM targets as is (issue 38)', () => {
    const data: QuizArtifact = {
      ...quizFixture,
      items: [
        {
          ...quizFixture.items[0]!,
          type: 'ordering',
          options: [],
          feedback: '',
          stem: 'Put the steps in order.',
          steps: ['Wet your hands', 'Apply soap', 'Rinse'],
        },
      ],
    };
    const note = (target: Parameters<typeof exportCheck>[2]) => exportCheck('quiz', data, target).items[0]!;
    expect(note('moodle').status).toBe('changes');
    expect(note('moodle').note).toContain('Needs the Ordering question type (qtype_ordering)');
    expect(note('totara').note).toContain('a plugin to install');
    expect(note('canvas').note).toContain(
      'it imports as a matching question, each step matched to its place',
    );
    expect(note('blackboard').note).toContain('all or nothing');
    expect(note('brightspace').note).toContain('a share of the points for each step');
    for (const target of ['scorm12', 'scorm2004', 'cmi5'] as const) expect(note(target).status).toBe('as_is');
    const twice = { ...data, items: [{ ...data.items[0]!, steps: ['Rinse', 'Rinse'] }] };
    expect(exportCheck('quiz', twice, 'moodle').items[0]).toMatchObject({
      status: 'cannot',
      note: 'the question has the same step twice',
    });
  });
});
