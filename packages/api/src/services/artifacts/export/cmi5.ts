// cmi5 packages (issue 38): cmi5.xml (the cmi5 course structure: one course, one AU per artifact, the pass mark
// as the AU's masteryScore, moveOn CompletedAndPassed) and the player as index.html, zipped. The player's cmi5
// bridge replaces the SCORM one when the page is launched with cmi5's query parameters (endpoint, fetch, actor,
// registration, activityId): it POSTs the fetch URL for the auth token, reads the LMS.LaunchData state document
// (contextTemplate, launchMode, masteryScore), then sends xAPI 1.0.3 statements — initialized; answered per
// quiz item or scenario choice; passed or failed (score.scaled, success) and completed in Normal mode, with
// the cmi5 and moveon categories; terminated when the page goes away — each with the registration and the
// context template. Resume: the player's compact state (the same as SCORM's suspend data) is the AU's own
// state document (stateId urn:ld-assistant:state:suspend-data, per registration) through the LRS's State API:
// read before the player starts, PUT after each answer or choice, DELETEd with the result — Normal mode only.
// The launch data's masteryScore, when the LMS sends one, is the pass mark the AU judges passed/failed by (cmi5
// requires it), in the page too. Plain fetch in the page's ES5 script (no bundler there), so no xAPI client
// library.
import { strToU8, zipSync } from 'fflate';
import type { QuizArtifact, ScenarioArtifact } from '../../../schemas/artifacts.js';
import { xml } from './escape.js';
import { fileNameFor } from './file-name.js';
import { assertQuizExportable } from './quiz-rules.js';
import { quizPlayerHtml } from './quiz-player.js';
import { scenarioMasteryScore, scenarioPlayerHtml } from './scenario-player.js';

export const CMI5_NS = 'https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd';

export function cmi5CourseStructure(opts: {
  title: string;
  description: string;
  masteryScore: number;
}): string {
  const slug = fileNameFor(opts.title, 'course', 'x').slice(0, -2);
  const lang = (text: string) =>
    `<langstring lang="en-US">${xml(text.replace(/\s+/g, ' ').trim())}</langstring>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<courseStructure xmlns="${CMI5_NS}">
  <course id="urn:ld-assistant:course:${xml(slug)}">
    <title>${lang(opts.title)}</title>
    <description>${lang(opts.description)}</description>
  </course>
  <au id="urn:ld-assistant:au:${xml(slug)}" moveOn="CompletedAndPassed" masteryScore="${opts.masteryScore / 100}" launchMethod="AnyWindow">
    <title>${lang(opts.title)}</title>
    <description>${lang(opts.description)}</description>
    <url>index.html</url>
  </au>
</courseStructure>
`;
}

const zip = (files: Record<string, string>) =>
  Buffer.from(
    zipSync(Object.fromEntries(Object.entries(files).map(([p, t]) => [p, strToU8(t)])), { level: 6 }),
  );

export function quizToCmi5(data: QuizArtifact): Buffer {
  assertQuizExportable(data, 'cmi5');
  return zip({
    'cmi5.xml': cmi5CourseStructure({
      title: data.title,
      description: `${data.items.length} questions on ${data.topic}, pass mark ${data.passingScore}%`,
      masteryScore: data.passingScore,
    }),
    'index.html': quizPlayerHtml(data, { cmi5: true }),
  });
}

export function scenarioToCmi5(data: ScenarioArtifact): Buffer {
  return zip({
    'cmi5.xml': cmi5CourseStructure({
      title: data.title,
      description: data.objective,
      masteryScore: scenarioMasteryScore(data),
    }),
    'index.html': scenarioPlayerHtml(data, { cmi5: true }),
  });
}
