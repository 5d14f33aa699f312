import { parse, validate } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { scriptJson } from './escape.js';
import { quizPlayerHtml } from './quiz-player.js';
import { bestScenarioScore, scenarioPlayerHtml } from './scenario-player.js';
import { quizToScorm, scenarioToScorm } from './scorm.js';
import { quizFixture, scenarioFixture } from './test-fixtures.js';

/** The JSON block the player reads, parsed as the browser would. */
const embedded = (html: string) => {
  const m = /<script type="application\/json" id="artifact-data">([\s\S]*?)<\/script>/.exec(html);
  expect(m).not.toBeNull();
  return JSON.parse(m![1]!) as Record<string, unknown>;
};

describe('players', () => {
  const scenario = scenarioPlayerHtml(scenarioFixture);
  const quiz = quizPlayerHtml(quizFixture);

  it('embed the data as JSON that cannot close its script block, and read back unchanged', () => {
    for (const html of [scenario, quiz]) {
      // Only our two script tags (data and code); the data's "</script>" and "<script>" are \u003c-escaped.
      expect(html.match(/<script/g)).toHaveLength(2);
      expect(html.match(/<\/script>/g)).toHaveLength(2);
    }
    const data = embedded(scenario) as { nodes: { narrative: string }[]; title: string };
    expect(data.title).toBe(scenarioFixture.title);
    expect(data.nodes[0]!.narrative).toBe(scenarioFixture.nodes[0]!.narrative);
    expect(scriptJson({ a: '</script><!--\u2028' })).toBe('{"a":"\\u003c/script>\\u003c!--\\u2028"}');
  });

  it('escape the title in <title> and make no outside request', () => {
    expect(scenario).toContain('<title>Difficult conversation &lt;script&gt;alert(1)&lt;/script&gt;</title>');
    for (const html of [scenario, quiz]) {
      expect(html).toContain(`Content-Security-Policy" content="default-src 'none'`);
      expect(html).not.toMatch(/\s(src|href)=/);
      expect(html).not.toMatch(/https?:\/\//);
      // Text reaches the page only through textContent / text nodes.
      expect(html).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
    }
  });

  it('give the quiz player weights and matching choices, not more than it needs', () => {
    const data = embedded(quiz) as {
      items: { weights: number[]; choices: string[] }[];
      passingScore: number;
    };
    expect(data.passingScore).toBe(80);
    expect(data.items[1]!.weights).toEqual([100 / 3, 100 / 3, 0, 100 / 3]);
    expect(data.items[4]!.choices).toEqual(['Moment 1', 'Moment 2', 'Moment 3 {risk}']);
    expect(JSON.stringify(data)).not.toContain('objectiveId');
  });
});

describe('bestScenarioScore', () => {
  it('is the best total from the start to an ending, ignoring loops', () => {
    expect(bestScenarioScore(scenarioFixture)).toBe(20);
  });

  it('is 0 when no ending is reachable', () => {
    const data = structuredClone(scenarioFixture);
    data.nodes = data.nodes.map((n) => ({ ...n, ending: null }));
    expect(bestScenarioScore(data)).toBe(0);
  });
});

describe('SCORM 1.2 packages', () => {
  const unzip = (buffer: Buffer) =>
    Object.fromEntries(Object.entries(unzipSync(new Uint8Array(buffer))).map(([k, v]) => [k, strFromU8(v)]));

  it('hold an ADL SCORM 1.2 manifest with one SCO and the player as index.html', () => {
    for (const [buffer, html, mastery] of [
      [quizToScorm(quizFixture), quizPlayerHtml(quizFixture), '80'],
      [scenarioToScorm(scenarioFixture), scenarioPlayerHtml(scenarioFixture), undefined],
    ] as const) {
      const files = unzip(buffer);
      expect(Object.keys(files).sort()).toEqual([
        'adlcp_rootv1p2.xsd',
        'ims_xml.xsd',
        'imscp_rootv1p1p2.xsd',
        'imsmanifest.xml',
        'imsmd_rootv1p2p1.xsd',
        'index.html',
      ]);
      expect(files['index.html']).toBe(html);
      expect(validate(files['imsmanifest.xml']!)).toBe(true);
      const { manifest } = parse(files['imsmanifest.xml']!, {
        ignoreAttributes: false,
        attributeNamePrefix: '@_',
      });
      expect(manifest['@_xmlns']).toBe('http://www.imsproject.org/xsd/imscp_rootv1p1p2');
      expect(manifest['@_xmlns:adlcp']).toBe('http://www.adlnet.org/xsd/adlcp_rootv1p2');
      expect(manifest.metadata).toEqual({ schema: 'ADL SCORM', schemaversion: 1.2 });
      const item = manifest.organizations.organization.item;
      expect(item['@_identifierref']).toBe('RES-1');
      expect(item['adlcp:masteryscore']?.toString()).toBe(mastery);
      const resource = manifest.resources.resource;
      expect(resource['@_adlcp:scormtype']).toBe('sco');
      expect(resource['@_href']).toBe('index.html');
      expect(resource.file['@_href']).toBe('index.html');
    }
  });

  it('escape the title in the manifest', () => {
    const files = unzip(scenarioToScorm(scenarioFixture));
    expect(files['imsmanifest.xml']).toContain(
      '<title>Difficult conversation &lt;script&gt;alert(1)&lt;/script&gt;</title>',
    );
  });
});
