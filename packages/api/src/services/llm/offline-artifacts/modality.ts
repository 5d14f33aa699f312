// Offline modality recommendations: the delivery options the request compares (or a sensible set for the
// domain), each matched to the objective it serves best, with a rationale that weighs the stated constraints
// (size, shifts, sites, devices, budget, languages), the development effort and the tools.
import type { BloomLevel, Modality, ModalityArtifact } from '../../../schemas/artifacts.js';
import { MODALITY_LABELS } from '../../../schemas/artifacts.js';
import { titleCase, type ArtifactContext } from './context.js';
import { buildObjectiveList, objectiveSentence } from './objectives.js';

interface Profile {
  level: BloomLevel;
  effort: 'low' | 'medium' | 'high';
  tools: string[];
  why: string;
}

const PROFILES: Record<Modality, Profile> = {
  e_learning: {
    level: 'understand',
    effort: 'medium',
    tools: ['Articulate Rise', 'LMS tracking'],
    why: 'delivers the same core knowledge to everyone, self-paced and tracked',
  },
  vilt: {
    level: 'evaluate',
    effort: 'medium',
    tools: ['Microsoft Teams or Zoom', 'breakout rooms', 'live polls'],
    why: 'gives discussion and judgement practice with a facilitator without travel',
  },
  ilt: {
    level: 'apply',
    effort: 'high',
    tools: ['facilitator guide', 'practice kit'],
    why: 'allows hands-on practice with immediate feedback',
  },
  job_aid: {
    level: 'apply',
    effort: 'low',
    tools: ['one-page checklist', 'QR code to a mobile page'],
    why: 'supports the procedure at the moment of need, so nothing has to be memorised',
  },
  simulation: {
    level: 'analyze',
    effort: 'high',
    tools: ['branching scenario tool', 'practice environment'],
    why: 'lets people practise decisions safely before they meet them for real',
  },
  coaching: {
    level: 'evaluate',
    effort: 'medium',
    tools: ['coaching guide', 'observation checklist'],
    why: 'turns practice into lasting habits through observation and feedback',
  },
  video: {
    level: 'understand',
    effort: 'medium',
    tools: ['short demonstration videos', 'captions'],
    why: 'shows what good looks like in a few minutes',
  },
  microlearning: {
    level: 'remember',
    effort: 'low',
    tools: ['mobile microlearning app', 'spaced quizzes'],
    why: 'keeps key points fresh through short, spaced retrieval',
  },
  on_the_job: {
    level: 'apply',
    effort: 'low',
    tools: ['sign-off checklist', 'buddy guide'],
    why: 'builds competence in the real setting under supervision',
  },
  social: {
    level: 'create',
    effort: 'low',
    tools: ['community channel', 'peer review'],
    why: 'spreads good practice between experienced peers',
  },
};

/** Delivery options to weigh when the request names none. */
function defaultsFor(c: ArtifactContext): Modality[] {
  switch (c.domain.id) {
    case 'warehouse':
    case 'nursing':
      return ['e_learning', 'on_the_job', 'job_aid'];
    case 'data-protection':
    case 'compliance':
    case 'cyber':
      return ['e_learning', 'microlearning', 'job_aid'];
    case 'software':
      return ['on_the_job', 'e_learning', 'social'];
    default:
      return ['vilt', 'simulation', 'coaching', 'job_aid'];
  }
}

/** How the constraints bear on an option, in a sentence (or nothing). */
function constraintNote(m: Modality, c: ArtifactContext): string {
  const all = c.request.constraints.join(' ').toLowerCase();
  const size = c.request.audienceSize;
  const notes: string[] = [];
  if (/shift/.test(all) && (m === 'vilt' || m === 'ilt'))
    notes.push('sessions must be repeated for each shift, so keep them short and few');
  if (/shift/.test(all) && (m === 'e_learning' || m === 'microlearning'))
    notes.push('it fits around shifts because people take it when they can');
  if (
    /no (?:computers?|pcs?|laptops?|desks?)|mobile|phones?|tablets?|kiosks?|deskless/.test(all) &&
    (m === 'e_learning' || m === 'microlearning' || m === 'job_aid')
  )
    notes.push('build it mobile-first for people without a desk computer');
  if (/site|location|countr|remote|distributed/.test(all) && m === 'ilt')
    notes.push('travel between sites adds cost');
  if (/site|location|countr|remote|distributed/.test(all) && (m === 'vilt' || m === 'e_learning'))
    notes.push('it reaches every site without travel');
  if (/budget/.test(all) && PROFILES[m].effort === 'high')
    notes.push('the budget limits how much of it is affordable');
  if (/budget/.test(all) && PROFILES[m].effort === 'low') notes.push('it is cheap to produce and update');
  if (/language|multilingual/.test(all) && m !== 'coaching' && m !== 'on_the_job')
    notes.push('plan translation into each language from the start');
  if (size && size >= 100 && (m === 'ilt' || m === 'coaching'))
    notes.push(`at ${size} learners it needs many facilitators, so reserve it for those who need it most`);
  if (size && size >= 100 && (m === 'e_learning' || m === 'job_aid' || m === 'microlearning'))
    notes.push(`it scales to ${size} learners at little extra cost`);
  return notes.length ? ` For this group, ${notes.join('; ')}.` : '';
}

export function buildModality(c: ArtifactContext): ModalityArtifact {
  const named = c.request.modalities.length >= 1 ? c.request.modalities : defaultsFor(c);
  const options = [...new Set(named)].slice(0, 8);
  const objectives = buildObjectiveList(
    c,
    options.map((m) => PROFILES[m].level),
  );
  const who = c.request.audienceSize ? `${c.request.audienceSize} ${c.audience}` : c.audience;
  const recommendations = options.map((m, i) => {
    const p = PROFILES[m];
    return {
      objective: objectiveSentence(objectives[i]!),
      modality: m,
      rationale: `${MODALITY_LABELS[m]} ${p.why}, which suits this ${p.level}-level objective for ${who}.${constraintNote(m, c)}`,
      effort: p.effort,
      tools: p.tools,
    };
  });
  const primary =
    options.find((m) => m === 'e_learning' || m === 'job_aid' || m === 'on_the_job') ?? options[0]!;
  const parts = recommendations.map(
    (r) => `${MODALITY_LABELS[r.modality]} for ${r.objective.replace(/^.*? will be able to /, '')}`,
  );
  return {
    title: `Modality recommendation: ${titleCase(c.topic)}`,
    topic: c.topic,
    audience: c.audience,
    constraints: c.request.constraints,
    recommendations,
    summary: `For ${c.topic} with ${who}, blend rather than choose one: ${parts.join('; ')}. Lead with ${MODALITY_LABELS[primary]} so everyone gets the essentials, and measure the result on the job rather than by completions.`,
  };
}
