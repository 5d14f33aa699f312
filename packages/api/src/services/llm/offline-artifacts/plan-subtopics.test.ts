// A draft learning plan around what the request lists (issue 36's content work, continued): "Site induction plan
// for subcontractors … — 2 hours total, delivered on arrival, covering site rules, permits to work, emergency
// procedures and PPE" was a plan on "Site" with modules "Why Site matters", "The essentials of Site", … and the
// objective "Apply this step correctly: site". The list after a late "covering" is the subtopics, an induction
// that is itself planned is part of the subject, and a module is given to each subtopic.
import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../content/request.js';
import type { LlmMessage } from '../types.js';
import { artifactContextOf, subtopicsOf } from './context.js';
import { buildPlan } from './plan.js';

const SITE =
  'Site induction plan for subcontractors on a hospital construction project — 2 hours total, delivered on arrival, covering site rules, permits to work, emergency procedures and PPE.';

const ctx = (message: string) =>
  artifactContextOf([{ role: 'user', content: message }], {
    system: [{ role: 'system', content: 'You are an L&D assistant.' } satisfies LlmMessage],
    profile: 'LND_COPILOT',
  });

describe('a draft plan on the subtopics the request lists', () => {
  it('reads the list after a cue that follows other detail, not after "on arrival"', () => {
    expect(subtopicsOf(SITE)).toEqual(['site rules', 'permits to work', 'emergency procedures', 'PPE']);
  });

  it('keeps an induction or onboarding that is planned as part of the subject', () => {
    expect(parseRequest(SITE).topic).toBe('Site induction');
    expect(parseRequest('Sales onboarding programme for new SDRs, 4 weeks.').topic).toBe('Sales onboarding');
    expect(parseRequest('A fire safety training plan for office staff').topic).toBe('fire safety');
  });

  it('gives each subtopic a module, with an objective about it', () => {
    const plan = buildPlan(ctx(SITE));
    expect(plan.title).toMatch(/Site induction/);
    expect(plan.modules.map((m) => m.title)).toEqual([
      'Site rules',
      'Permits to work',
      'Emergency procedures',
      'PPE',
    ]);
    expect(plan.modules.reduce((n, m) => n + m.durationMinutes, 0)).toBe(120);
    expect(plan.modules[1]!.objectives[0]).toBe('Apply what this module teaches about permits to work');
  });
});
