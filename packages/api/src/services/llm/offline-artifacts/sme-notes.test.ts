// Pasted SME notes read into the walkthrough's slots (labelled parts) and what the expert said (the rest).
import { describe, expect, it } from 'vitest';
import { artifactContextOf } from './context.js';
import { notesOf } from './sme-notes.js';
import { buildSmeSummary } from './sme-summary.js';

describe('notesOf', () => {
  it('reads labelled parts into their slots and keeps the rest as said', () => {
    const n = notesOf(
      'Summarise my notes into an SME summary for our de-icing training. SME: Tomasz, de-icing supervisor. Fluid Type I is heated to 60 °C and sprayed first to remove contamination; Type IV is applied cold as anti-icing. Holdover time starts at the beginning of the final step. Typical errors: spraying into the engine intakes, giving the wrong start time, missing the tailplane. Tools: the holdover time tables and the de-icing log. Competence: two supervised aircraft sign-offs.',
    )!;
    expect(n.expert).toBe('Tomasz, de-icing supervisor');
    expect(n.errors).toBe(
      'spraying into the engine intakes, giving the wrong start time, missing the tailplane.',
    );
    expect(n.tools).toBe('the holdover time tables and the de-icing log.');
    expect(n.evidence).toBe('two supervised aircraft sign-offs.');
    expect(n.said).toEqual([
      'Fluid Type I is heated to 60 °C and sprayed first to remove contamination; Type IV is applied cold as anti-icing.',
      'Holdover time starts at the beginning of the final step.',
    ]);
  });

  it('reads bulleted notes after the ask, and the expert from the ask', () => {
    const n =
      notesOf(`Here are my raw notes from a 45-min interview with Ravi, our lead community pharmacist, about dispensing errors. Can you turn them into an SME interview summary?
- Most errors: wrong strength (e.g. amlodipine 5 vs 10 mg), look-alike names (propranolol / prednisolone).
- Process: label, pick, accuracy check by a second person, final check by the pharmacist, hand-out with name + DOB check.
- People skip the second check at lunchtime when one technician is alone.
- Near misses go in the near-miss log but nobody reviews it.
- Competence: 3 observed dispensings with zero errors.`)!;
    expect(n.expert).toBe('Ravi, our lead community pharmacist');
    expect(n.errors).toContain('wrong strength');
    expect(n.tasks).toContain('accuracy check by a second person');
    expect(n.evidence).toBe('3 observed dispensings with zero errors.');
    expect(n.said).toHaveLength(2);
  });

  it('is null for a request without notes, or a short answer', () => {
    expect(notesOf('Summarise the interview into an SME summary.')).toBeNull();
    expect(notesOf('Nurses on night shift.')).toBeNull();
  });
});

describe('an SME summary of pasted notes', () => {
  it('keeps what the expert said, their steps, errors and evidence (no "to confirm" where the notes answer)', () => {
    const message = `Here are my raw notes from a 45-min interview with Ravi, our lead community pharmacist, about dispensing errors. Can you turn them into an SME interview summary?
- Most errors: wrong strength (e.g. amlodipine 5 vs 10 mg), look-alike names (propranolol / prednisolone).
- Process: label, pick, accuracy check by a second person, final check by the pharmacist, hand-out with name + DOB check.
- People skip the second check at lunchtime when one technician is alone.
- Near misses go in the near-miss log but nobody reviews it.
- Competence: 3 observed dispensings with zero errors.`;
    const s = buildSmeSummary(
      artifactContextOf([{ role: 'user', content: message }], {
        system: [{ role: 'system', content: 'You are an L&D assistant.' }],
        profile: 'SME_WALKTHROUGH',
      }),
    );
    expect(s.outline.map((m) => m.module)).toContain('What Ravi, our lead community pharmacist, said');
    expect(s.tasks[0]!.steps).toContain('accuracy check by a second person');
    expect(s.commonErrors.map((e) => e.error)).toEqual([
      'wrong strength (e.g. amlodipine 5 vs 10 mg)',
      'look-alike names (propranolol / prednisolone)',
    ]);
    expect(s.gaps.join(' ')).not.toMatch(/steps of the task|mistakes do people make|observe/);
  });
});
