// Offline learning plans that honour the asked duration exactly: a programme of days or weeks gets one
// module per working day (a two-week onboarding is 10 days of DAY_MINUTES, not 15–45 minute modules),
// months one module per week, and shorter requests are split into modules whose minutes add up to the
// total. Activities fill each module's time; objectives and assessments come from the topic's content.
import type { Modality, PlanArtifact, PlanModule } from '../../../schemas/artifacts.js';
import { DAY_MINUTES, WEEK_DAYS, type RequestedDuration } from '../../content/request.js';
import { pick, softLower, titleCase, type ArtifactContext } from './context.js';
import { bare, type GroundedFact, type Grounding } from './grounded.js';

type Section = Grounding['sections'][number];

/** The document section a module covers (sections in order, wrapping), or null without documents. */
function sectionsOf(c: ArtifactContext): Section[] {
  const all = c.grounding?.sections ?? [];
  const named = all.filter((x) => x.heading);
  return named.length ? named : all;
}
function sectionOf(c: ArtifactContext, i: number): Section | null {
  const all = sectionsOf(c);
  return all.length ? pick(all, i) : null;
}

/**
 * The document's facts shared out over n modules in document order, each fact once before any repeats: a
 * checklist's rows or a procedure's sections land in the modules in their order, so the plan covers the whole
 * document (a module per section repeated the first section's facts on most days of a two-week programme).
 * Fewer facts than modules: the sections in turn, as before. Null without documents.
 */
function factGroups(c: ArtifactContext, n: number): GroundedFact[][] | null {
  const g = c.grounding;
  if (!g || !g.facts.length) return null;
  // One sentence once: a rule that is also a value, or a procedure and its first step, quote the same words.
  const seen = new Set<string>();
  const facts = [...g.facts]
    .sort((a, b) => a.at - b.at)
    .filter((f) => {
      const key = f.source.quote.replace(/\s+/g, ' ').trim();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  if (facts.length < n) return Array.from({ length: n }, (_, i) => sectionOf(c, i)?.facts ?? facts);
  return Array.from({ length: n }, (_, i) =>
    facts.slice(Math.floor((i * facts.length) / n), Math.floor(((i + 1) * facts.length) / n)),
  );
}

/** A heading as a module title: "4.2 PROCEDURE" → "Procedure". */
const headingTitle = (h: string) => {
  const t = h.replace(/^\d+(\.\d+)*\.?\s*/, '').trim();
  return titleCase(t === t.toUpperCase() ? t.toLowerCase() : t);
};

/** What a learner does with a fact, as a module objective. */
function factObjective(f: GroundedFact): string {
  const x = f.fact;
  switch (x.kind) {
    case 'rule':
      return `Apply the rule: ${bare(x.text)}`;
    case 'quantity':
      return `State and apply the value the document sets: ${bare(x.text)}`;
    case 'procedure':
      return `Carry out ${x.title ? `the ${bare(x.title)} steps` : 'the documented steps'} in order`;
    case 'definition':
      return `Explain what ${x.term} means: ${bare(x.definition)}`;
    case 'role':
      return `Identify what ${x.role} is responsible for: ${bare(x.responsibility)}`;
    case 'form_code':
      return `Complete ${x.code}${x.name ? ` (${x.name})` : ''} correctly`;
  }
}

/** Splits a total into integer parts by weight (the parts add up to the total exactly). */
export function split(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map((w) => Math.max(1, Math.floor((total * w) / sum)));
  let diff = total - parts.reduce((a, b) => a + b, 0);
  for (let i = 0; diff !== 0 && i < parts.length * 4; i++) {
    const j = i % parts.length;
    if (diff > 0) {
      parts[j]!++;
      diff--;
    } else if (parts[j]! > 1) {
      parts[j]!--;
      diff++;
    }
  }
  return parts;
}

/** The delivery of a plan: what the request asks for, else by its length and the session type. */
function deliveryOf(c: ArtifactContext, minutes: number): Modality {
  const asked = c.request.modalities[0];
  if (asked) return asked;
  if (/\bvirtual\b|\bonline session\b|\bwebinar\b/i.test(c.text)) return 'vilt';
  if (c.sessionType === 'MICROLEARNING') return 'microlearning';
  if (minutes <= 60) return 'e_learning';
  return 'ilt';
}

const DAY_MODALITIES: Modality[] = ['ilt', 'e_learning', 'on_the_job', 'coaching', 'on_the_job'];

function activitiesFor(
  c: ArtifactContext,
  minutes: number,
  i: number,
  short: boolean,
  group: GroundedFact[] | undefined,
) {
  const k = c.knowledge;
  const step = group?.length ? bare(group[0]!.fact.text) : pick(k.steps, i);
  const error = group?.length
    ? { error: `missing this requirement: ${bare(pick(group, 1).fact.text)}` }
    : pick(k.errors, i);
  const list = short
    ? [
        { title: `Introduce: ${softLower(step)}`, type: 'presentation', w: 2 },
        { title: `Practise with a short case from ${c.domain.setting}`, type: 'practice', w: 3 },
        { title: 'Check understanding with two quick questions', type: 'assessment', w: 1 },
      ]
    : [
        { title: `Briefing and demonstration: ${softLower(step)}`, type: 'demo', w: 2 },
        { title: `Guided practice in ${c.domain.setting}`, type: 'practice', w: 4 },
        { title: `Case discussion: ${softLower(error.error)}`, type: 'discussion', w: 2 },
        { title: 'Reflection and knowledge check', type: 'assessment', w: 1 },
      ];
  if (minutes < list.length)
    return [{ title: list[0]!.title, type: list[0]!.type, durationMinutes: minutes }];
  const parts = split(
    minutes,
    list.map((a) => a.w),
  );
  return list.map((a, j) => ({ title: a.title, type: a.type, durationMinutes: parts[j]! }));
}

function moduleObjectives(c: ArtifactContext, i: number, group: GroundedFact[] | undefined): string[] {
  if (group?.length) return group.slice(0, 3).map(factObjective);
  const k = c.knowledge;
  const step = softLower(pick(k.steps, i));
  return [
    // A draft's steps are the request's subtopics or its topic ("site rules", "PPE", "AML"), not instructions;
    // the rest are placeholders for the SME's steps.
    c.draft && !step.startsWith('[')
      ? `Apply what this module teaches about ${step}`
      : `Apply this step correctly: ${step}`,
    `Explain how to avoid ${softLower(pick(k.errors, i).error)}`,
  ];
}

/** Module titles for a short plan: the topic's steps grouped into an arc. */
function shortTitles(c: ArtifactContext, n: number): string[] {
  const t = c.topic;
  const sections = sectionsOf(c).filter((x) => x.heading);
  if (sections.length)
    return Array.from({ length: n }, (_, i) => {
      const round = Math.floor(i / sections.length);
      return `${headingTitle(pick(sections, i).heading)}${round ? ` (part ${round + 1})` : ''}`;
    });
  // A draft around the subtopics the request lists ("covering site rules, permits to work, emergency procedures
  // and PPE"): a module each, as its steps are (module i teaches step i), when there are modules enough.
  const subs = c.draft ? c.subtopics : [];
  if (subs.length >= 2 && n >= subs.length)
    return Array.from({ length: n }, (_, i) => {
      const round = Math.floor(i / subs.length);
      return `${titleCase(pick(subs, i))}${round ? ` (part ${round + 1})` : ''}`;
    });
  const arc = [
    `Why ${t} matters`,
    `The essentials of ${t}`,
    `${titleCase(t)} in practice`,
    'Common errors and how to avoid them',
    'Check and commit',
  ];
  if (n === 1) return [`${titleCase(t)}: essentials and practice`];
  if (n === 2) return [`The essentials of ${t}`, `${titleCase(t)} in practice`];
  if (n === 3) return [arc[1]!, arc[2]!, arc[3]!];
  if (n <= arc.length) return arc.slice(0, n);
  // More sessions than the arc: practice and review sessions between the essentials and the close.
  const middle = Array.from(
    { length: n - arc.length },
    (_, i) => `${titleCase(t)}: practice and review ${i + 1}`,
  );
  return [...arc.slice(0, 3), ...middle, ...arc.slice(3)];
}

function dayTitles(c: ArtifactContext, days: number): string[] {
  const themes = c.domain.days;
  if (days <= themes.length) {
    // Keep the first days and the closing day (assessment and sign-off).
    return days === 1 ? [themes[0]!] : [...themes.slice(0, days - 1), themes[themes.length - 1]!];
  }
  const middle = Array.from({ length: days - themes.length }, (_, i) => `Supervised practice block ${i + 1}`);
  return [...themes.slice(0, -1), ...middle, themes[themes.length - 1]!];
}

export function buildPlan(c: ArtifactContext, o: { duration?: RequestedDuration | null } = {}): PlanArtifact {
  const asked = o.duration ?? c.request.duration;
  // Without a duration: an hour, or five 5-minute modules in a microlearning session.
  const duration: RequestedDuration =
    asked ??
    (c.sessionType === 'MICROLEARNING' || c.request.modalities[0] === 'microlearning'
      ? { minutes: 25, label: '25 minutes', days: null }
      : { minutes: 60, label: '60 minutes', days: null });
  // The schema's ceiling (1,000,000 minutes) is far beyond any programme; clamp rather than fail.
  const total = Math.min(1_000_000, Math.max(1, Math.round(duration.minutes)));
  let modules: PlanModule[];
  if (duration.days !== null && duration.days > 20) {
    // Months: one module per working week (per block of weeks beyond the 40 modules a plan holds).
    const weeks = Math.ceil(duration.days / WEEK_DAYS);
    const per = Math.ceil(weeks / 40);
    const blocks = Math.ceil(weeks / per);
    const minutes = split(total, Array<number>(blocks).fill(1));
    const titles = dayTitles(c, blocks);
    const groups = factGroups(c, blocks);
    modules = minutes.map((m, i) => ({
      id: `m${i + 1}`,
      title: titles[i]!,
      when: per === 1 ? `Week ${i + 1}` : `Weeks ${i * per + 1}–${Math.min(weeks, (i + 1) * per)}`,
      durationMinutes: m,
      modality: pick(DAY_MODALITIES, i),
      objectives: moduleObjectives(c, i, groups?.[i]),
      activities: activitiesFor(c, m, i, false, groups?.[i]),
      assessments: [
        i === weeks - 1 ? `Final assessment and sign-off on ${c.topic}` : `Weekly review with a buddy`,
      ],
    }));
  } else if (duration.days !== null && duration.days >= 1) {
    const days = Math.round(duration.days);
    const minutes = split(total, Array<number>(days).fill(1));
    const titles = dayTitles(c, days);
    const groups = factGroups(c, days);
    modules = minutes.map((m, i) => ({
      id: `m${i + 1}`,
      title: titles[i]!,
      when: `Day ${i + 1}`,
      durationMinutes: m,
      modality: i === 0 ? deliveryOf(c, DAY_MINUTES) : pick(DAY_MODALITIES, i),
      objectives: moduleObjectives(c, i, groups?.[i]),
      activities: activitiesFor(c, m, i, false, groups?.[i]),
      assessments: [
        i === days - 1
          ? `Final assessment and sign-off on ${c.topic}`
          : `End-of-day check: ${softLower(groups?.[i]?.length ? bare(groups[i]![0]!.fact.text) : pick(c.knowledge.steps, i))}`,
      ],
    }));
  } else {
    const delivery = deliveryOf(c, total);
    // Microlearning is 3–7 minute modules, one step each; other short plans follow a 1–5 module arc.
    const micro = delivery === 'microlearning';
    // The modules (sessions, lessons) asked for, else by length: microlearning in ~5-minute bites, else an arc.
    const asked =
      c.request.moduleCount && c.request.moduleCount <= Math.min(40, total) ? c.request.moduleCount : null;
    const n = asked
      ? asked
      : micro
        ? Math.min(40, Math.max(1, Math.round(total / 5)))
        : total <= 15
          ? 1
          : total <= 30
            ? 2
            : total <= 60
              ? 3
              : total <= 120
                ? 4
                : 5;
    const weights = micro || asked ? Array<number>(n).fill(1) : n === 1 ? [1] : [1, 2, 3, 2, 1].slice(0, n);
    const minutes = split(total, weights);
    const titles = micro
      ? Array.from({ length: n }, (_, i) =>
          `${titleCase(c.topic)} ${i + 1}: ${softLower(pick(c.knowledge.steps, i))}`.slice(0, 200),
        )
      : shortTitles(c, n);
    const groups = factGroups(c, n);
    modules = minutes.map((m, i) => ({
      id: `m${i + 1}`,
      title: titles[i]!,
      when: duration.days === 0.5 ? `Part ${i + 1}` : micro ? `Day ${i + 1}` : null,
      durationMinutes: m,
      modality: delivery,
      objectives: moduleObjectives(c, i, groups?.[i]),
      activities: activitiesFor(c, m, i, true, groups?.[i]),
      assessments: [
        i === n - 1
          ? `Final knowledge check on ${c.topic}`
          : micro
            ? 'One retrieval question the next day'
            : 'Two quick questions',
      ],
    }));
  }
  const cited = factGroups(c, modules.length);
  if (cited) modules = modules.map((m, i) => (cited[i]?.length ? { ...m, source: cited[i]![0]!.source } : m));
  return {
    // The duration before the topic: "topic (5 minutes a day for 3 weeks)" could repeat the request word for word.
    title: `Learning plan (${duration.label}): ${titleCase(c.topic)}`,
    topic: c.topic,
    audience: c.audience,
    duration: asked ? duration.label : `${duration.label} (suggested)`,
    totalMinutes: modules.reduce((s, m) => s + m.durationMinutes, 0),
    modules,
  };
}
