// Offline objectives on the request's own subtopics, at the level the request gives each (issue 36: objectives
// were one generic template per level around the topic — "apply the correct steps of allergen control to a
// realistic case from day-to-day work on allergen control" — whatever the request listed).
import { describe, expect, it } from 'vitest';
import { verbMatchesLevel } from '../../content/bloom.js';
import { parseRequest } from '../../content/request.js';
import type { LlmMessage } from '../types.js';
import { artifactContextOf } from './context.js';
import { buildObjectives, levelledSubtopics } from './objectives.js';

const ctx = (message: string) =>
  artifactContextOf([{ role: 'user', content: message }], {
    system: [{ role: 'system', content: 'You are an L&D assistant.' } satisfies LlmMessage],
    profile: 'LND_COPILOT',
  });

const ALLERGENS =
  "Objectives for allergen control training for kitchen staff in a 120-cover restaurant: the 14 allergens, preventing cross-contact, and answering a customer's allergy question honestly. Bloom: remember for the 14 allergens, apply for the rest.";

describe('objectives on the request’s subtopics', () => {
  it('reads each subtopic with the level the request gives it', () => {
    expect(levelledSubtopics(ctx(ALLERGENS))).toEqual([
      { topic: 'the 14 allergens', level: 'remember' },
      { topic: 'preventing cross-contact', level: 'apply' },
      { topic: "answering a customer's allergy question honestly", level: 'apply' },
    ]);
  });

  it('writes one objective per subtopic at its level, its verb from that level', () => {
    const o = buildObjectives(ctx(ALLERGENS)).objectives;
    const byText = o.map((x) => `${x.bloomLevel}: ${x.behavior}`);
    expect(byText).toContain('remember: list the 14 allergens');
    expect(byText).toContain('apply: demonstrate how to prevent cross-contact');
    expect(byText).toContain("apply: demonstrate how to answer a customer's allergy question honestly");
    for (const x of o) expect(verbMatchesLevel(x.verb, x.bloomLevel), x.behavior).toBe(true);
  });

  it('keeps a subtopic whose own verb is of the level asked', () => {
    const o = buildObjectives(
      ctx(
        "objectives for cleanroom gowning qualification (grade B) — new aseptic operators. Bloom: apply for the gowning sequence, evaluate for judging whether a colleague's gown is compromised. 5 objectives.",
      ),
    ).objectives;
    expect(o).toHaveLength(5);
    expect(o.map((x) => x.behavior)).toContain("judge whether a colleague's gown is compromised");
    expect(o.find((x) => x.behavior.includes('the gowning sequence'))?.bloomLevel).toBe('apply');
  });
});

describe('a topic that only says how, with where', () => {
  it('names the place or tool after "in" ("working safely in a class II biological safety cabinet")', () => {
    expect(
      parseRequest(
        'Objectives for a practical session on working safely in a class II biological safety cabinet, for lab technicians. Apply and Evaluate. 4 objectives.',
      ).topic,
    ).toBe('working safely in class II biological safety cabinet');
  });
});
