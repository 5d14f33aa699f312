// Images attached to a message: OpenAI-compatible models get image_url data-URL parts; offline names them.
import { describe, expect, it } from 'vitest';
import { withImageNote } from '../llm/offline.js';
import { toOpenAiMessages } from '../llm/openai.js';
import { PNG_1X1 } from './testing/fixtures.js';

describe('image parts', () => {
  it('OpenAI: a user message with images becomes text + image_url parts; others stay strings', () => {
    const out = toOpenAiMessages([
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'What is this?', images: [{ mimeType: 'image/png', data: PNG_1X1 }] },
      { role: 'assistant', content: 'ok' },
    ]);
    expect(out[0]).toEqual({ role: 'system', content: 'sys' });
    expect(out[1]).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'What is this?' },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_1X1.toString('base64')}` } },
      ],
    });
    expect(out[2]).toEqual({ role: 'assistant', content: 'ok' });
  });

  it('offline: names the images of the last user turn as attachments', () => {
    const note = withImageNote('Answer.', [
      {
        role: 'user',
        content: '[Images]',
        images: [{ mimeType: 'image/png', data: '', filename: 'diagram.png' }],
      },
      { role: 'user', content: 'Explain it' },
    ]);
    expect(note).toMatch(/^Answer\.\n\n\*Attached image: diagram\.png/);
    expect(withImageNote('Answer.', [{ role: 'user', content: 'hi' }])).toBe('Answer.');
  });
});
