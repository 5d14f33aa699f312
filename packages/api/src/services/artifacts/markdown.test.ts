import { describe, expect, it } from 'vitest';
import { ARTIFACT_SCHEMAS } from '../../schemas/artifacts.js';
import { block, formatMinutes, inline, letter, renderArtifactMarkdown } from './markdown.js';
import {
  modalityFixture,
  objectivesFixture,
  planFixture,
  quizFixture,
  scenarioFixture,
  smeSummaryFixture,
} from './export/test-fixtures.js';

/** Cells of a GFM table row, split on pipes that are not escaped. */
const cellsOf = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());

/** Every table in the Markdown has rows with as many cells as its header. */
function expectWellFormedTables(md: string) {
  const lines = md.split('\n');
  let width = 0;
  for (const line of lines) {
    if (!line.startsWith('|')) {
      width = 0;
      continue;
    }
    const n = cellsOf(line).length;
    if (!width) width = n;
    expect(n, line).toBe(width);
  }
}

describe('fixtures', () => {
  it('are valid artifacts of their kind', () => {
    expect(ARTIFACT_SCHEMAS.quiz.parse(quizFixture)).toEqual(quizFixture);
    expect(ARTIFACT_SCHEMAS.scenario.parse(scenarioFixture)).toEqual(scenarioFixture);
    expect(ARTIFACT_SCHEMAS.objectives.parse(objectivesFixture)).toEqual(objectivesFixture);
    expect(ARTIFACT_SCHEMAS.modality.parse(modalityFixture)).toEqual(modalityFixture);
    expect(ARTIFACT_SCHEMAS.plan.parse(planFixture)).toEqual(planFixture);
    expect(ARTIFACT_SCHEMAS.sme_summary.parse(smeSummaryFixture)).toEqual(smeSummaryFixture);
  });
});

describe('escaping', () => {
  it('escapes Markdown syntax and HTML in inline text', () => {
    expect(inline('<script>alert(1)</script>')).toBe('\\<script\\>alert(1)\\</script\\>');
    expect(inline('a | b *c* _d_ `e` [f](g)')).toBe('a \\| b \\*c\\* \\_d\\_ \\`e\\` \\[f\\](g)');
    expect(inline('# not a heading')).toBe('\\# not a heading');
    expect(inline('1. not a list')).toBe('1\\. not a list');
    expect(inline('two\nlines')).toBe('two lines');
    expect(inline('AT&amp;T & co')).toBe('AT\\&amp;T & co');
  });

  it('keeps paragraphs and line breaks in block text', () => {
    expect(block('First line\nsecond line\n\n- not a list\n> no quote')).toBe(
      'First line  \nsecond line\n\n\\- not a list  \n\\> no quote',
    );
  });

  it('formats durations and option letters', () => {
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(90)).toBe('1 h 30 min');
    expect(formatMinutes(120)).toBe('2 h');
    expect([0, 1, 25, 26, 27].map(letter)).toEqual(['A', 'B', 'Z', 'AA', 'AB']);
  });
});

describe('renderArtifactMarkdown', () => {
  it('renders objectives as a table with Bloom level, condition and criterion', () => {
    const md = renderArtifactMarkdown('objectives', objectivesFixture);
    expect(md.startsWith('# Fall prevention objectives\n')).toBe(true);
    expect(md).toContain('| # | Objective | Bloom level | Condition | Criterion |');
    expect(md).toContain(
      '| 1 | identify the three fall-risk factors on a chart | Remember | given a patient chart | with no errors in 3 of 3 cases |',
    );
    // An empty condition shows a dash; the nasty text is escaped and the table keeps its shape.
    expect(md).toMatch(/\| 2 \| apply the Morse scale .* \| Apply \| — \| within 5 minutes \|/);
    expect(md).not.toContain('<script>');
    expectWellFormedTables(md);
    expect(md.endsWith('\n')).toBe(true);
  });

  it('adds an audience column only when an objective has its own', () => {
    const data = {
      ...objectivesFixture,
      objectives: [{ ...objectivesFixture.objectives[0]!, audience: 'Charge nurses' }],
    };
    const md = renderArtifactMarkdown('objectives', data);
    expect(md).toContain('| # | Audience | Objective |');
    expect(md).toContain('| 1 | Charge nurses | identify');
  });

  it('renders a quiz with numbered questions, lettered options and an answer key with feedback', () => {
    const md = renderArtifactMarkdown('quiz', quizFixture);
    expect(md).toContain('**Questions:** 5 · **Pass mark:** 80%');
    expect(md).toContain('## Objectives assessed');
    expect(md).toContain('### 1. Which moment comes before touching a patient?');
    expect(md).toContain('- **A.** Before patient contact');
    expect(md).toContain('- **C.** Ratio 1:2 {braces}');
    expect(md).toContain('_Select all that apply._');
    const key = md.slice(md.indexOf('## Answer key'));
    expect(md.indexOf('## Answer key')).toBeGreaterThan(md.indexOf('### 5.'));
    expect(key).toContain('**1.** A\n   - ✓ **A.** Before patient contact — Yes = moment 1.');
    expect(key).toContain('   - ✗ **B.** After body fluid \\~ exposure — That is moment #3.');
    expect(key).toContain('**2.** A, B, D');
    expect(key).toContain('**3.** A');
    expect(key).toContain('**4.** alcohol rub · hand sanitiser · rub = gel');
    expect(key).toContain('   - _Feedback:_ Alcohol-based rub is the default.');
    // Matching: answers listed alphabetically in the question, the pairing only in the key.
    expect(md).toContain(
      '_Match each with one of:_ **A.** Moment 1 · **B.** Moment 2 · **C.** Moment 3 {risk}',
    );
    expect(key).toContain('   - 3 → **C.** After body fluid exposure → Moment 3 {risk}');
    expect(md).not.toMatch(/<script>|<b>/);
  });

  it('renders a scenario as nodes with choices leading to the next node', () => {
    const md = renderArtifactMarkdown('scenario', scenarioFixture);
    expect(md).toContain('**Objective:** Give corrective feedback that keeps trust');
    expect(md).toContain('**Starts at:** 1. Late again');
    expect(md).toContain('## 1. Late again');
    expect(md).toContain(
      'Sam arrives 20 minutes late for the third time this week.  \nThe team is watching.',
    );
    expect(md).toContain(
      '- **Ask Sam for a private word** → 2. A private word _(+10)_ — Sam looks relieved not to be called out in public.',
    );
    expect(md).toContain('- **Call it out in front of the team** → 3. Silence _(-10)_');
    expect(md).toContain(
      '- **Remind Sam of the policy and leave it there** → 5. Compliance, not commitment _(0)_\n',
    );
    expect(md).toContain('**Ending — Success:** You named the issue privately');
    expect(md).toContain('**Ending — Partial success:**');
    expect(md).not.toMatch(/<script>|<b>/);
  });

  it('names a choice whose node is missing instead of failing', () => {
    const data = structuredClone(scenarioFixture);
    data.nodes[0]!.choices[0]!.nextNodeId = 'gone';
    expect(renderArtifactMarkdown('scenario', data)).toContain('→ gone (missing)');
  });

  it('renders modality advice as a table plus the summary', () => {
    const md = renderArtifactMarkdown('modality', modalityFixture);
    expect(md).toContain('- No budget for travel \\| remote sites');
    expect(md).toContain('| Objective | Modality | Rationale | Effort | Tools |');
    expect(md).toContain(
      '| Identify the three fall-risk factors | Microlearning | Short recall practice fits between shifts. | low | LMS, Mobile |',
    );
    expect(md).toContain(
      '| Simulation | Needs practice on realistic cases \\<with feedback\\>. | high | — |',
    );
    expect(md).toContain(
      '## Summary\n\nBlend microlearning for recall with a simulation lab for the scale.\n\nCoach on the ward after.',
    );
    expectWellFormedTables(md);
  });

  it('renders a plan as a module table and per-module objectives, activities and assessments', () => {
    const md = renderArtifactMarkdown('plan', planFixture);
    expect(md).toContain('**Duration:** two weeks (2 h 30 min in total)');
    expect(md).toContain('| 1 | Why falls happen | Week 1 | 30 min | eLearning |');
    expect(md).toContain('| 2 | Morse scale lab | — | 2 h | Instructor-led (ILT) |');
    expect(md).toContain('## 1. Why falls happen\n\n_Week 1 · 30 min · eLearning_');
    expect(md).toContain(
      '**Activities**\n\n- Demo _(demo, 20 min)_\n- Paired practice _(practice, 1 h 30 min)_',
    );
    expect(md).toContain('**Assessments**\n\n- Five-question knowledge check');
    expectWellFormedTables(md);
  });

  it('renders an SME summary with outline, tasks, errors, draft objectives and gaps', () => {
    const md = renderArtifactMarkdown('sme_summary', smeSummaryFixture);
    expect(md).toContain('## Content outline\n\n### 1. Risk assessment\n\n- Morse scale on admission');
    expect(md).toContain(
      '### Assess a new admission\n\n1. Read the chart\n2. Score the Morse scale\n3. Record',
    );
    expect(md).toContain('| Skipping re-assessment | Missed risk | — |');
    expect(md).toContain('## Draft objectives');
    expect(md).toContain('## Gaps to confirm with the expert\n\n- Which bed alarms are on the ward?');
    expectWellFormedTables(md);
  });

  it('leaves out empty optional sections', () => {
    const md = renderArtifactMarkdown('sme_summary', {
      ...smeSummaryFixture,
      tasks: [],
      commonErrors: [],
      draftObjectives: [],
      gaps: [],
    });
    expect(md).not.toMatch(/Key tasks|Common errors|Draft objectives|Gaps/);
  });
});
