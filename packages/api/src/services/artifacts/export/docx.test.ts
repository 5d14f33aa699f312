import mammoth from 'mammoth';
import { describe, expect, it } from 'vitest';
import { artifactToDocx } from './docx.js';
import { modalityFixture, objectivesFixture, planFixture, smeSummaryFixture } from './test-fixtures.js';

const open = async (buffer: Buffer) => ({
  text: (await mammoth.extractRawText({ buffer })).value,
  html: (await mammoth.convertToHtml({ buffer })).value,
});

describe('artifactToDocx', () => {
  it('objectives: reopened with mammoth, holds the title and every objective in a table', async () => {
    const buffer = await artifactToDocx('objectives', objectivesFixture);
    expect(buffer.subarray(0, 2).toString()).toBe('PK');
    const { text, html } = await open(buffer);
    expect(text).toContain('Fall prevention objectives');
    for (const o of objectivesFixture.objectives) {
      expect(text).toContain(o.behavior);
      if (o.condition) expect(text).toContain(o.condition);
      expect(text).toContain(o.criterion);
    }
    expect(text).toContain('Remember');
    expect(html).toContain('<h1>Objectives</h1>');
    expect(html).toContain('<table>');
    // The hostile text comes back as text (mammoth escapes it), not markup.
    expect(html).toContain('&lt;script&gt;');
  });

  it('plan: the module table and each module with objectives, activities and assessments', async () => {
    const { text, html } = await open(await artifactToDocx('plan', planFixture));
    expect(html).toContain('<table>');
    expect(text).toContain('Why falls happen');
    expect(text).toContain('Instructor-led (ILT)');
    expect(text).toContain('Paired practice (practice, 1 h 30 min)');
    expect(text).toContain('Five-question knowledge check');
    expect(text).toContain('two weeks (2 h 30 min in total)');
  });

  it('modality advice and SME summary', async () => {
    const modality = await open(await artifactToDocx('modality', modalityFixture));
    expect(modality.text).toContain('Microlearning');
    expect(modality.text).toContain('Coach on the ward after.');
    const sme = await open(await artifactToDocx('sme_summary', smeSummaryFixture));
    expect(sme.text).toContain('Score the Morse scale');
    expect(sme.text).toContain('Skipping re-assessment');
    expect(sme.text).toContain('Which bed alarms are on the ward?');
    expect(sme.text).toContain('identify the three fall-risk factors on a chart');
  });
});
