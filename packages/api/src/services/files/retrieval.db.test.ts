// Retrieval covering a document: asked for an artifact from an attached 40-part procedure, the context holds
// passages from its start to its end — every part within the offline budget, evenly spaced parts plus the
// headings of the others within a model's bounded one — not only the first 8 parts and word matches. A FAILED
// attached file is named in the context with its reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '@app/db/testing';
import type { Database, Db } from '@app/db';
import { createTestUser } from '../../testing/factories.js';
import { asksFromFiles, DOCUMENT_TOKEN_BUDGET, retrieveFileContext } from './retrieval.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** Part i of the procedure: a heading every fifth part, and about 1,000 characters of text. */
const partText = (i: number) =>
  `${i % 5 === 0 ? `Section ${i / 5 + 1} Decontamination stage ${i}\n` : ''}Step ${i + 1}: ${'the operator records the reading on form HH-7 and checks the seal. '.repeat(14).trim()}`;

async function sessionWithDocument(db: Db, parts: number) {
  const { user } = await createTestUser(db);
  const session = await db.assistantSession.create({ data: { userId: user.id } });
  const file = await db.sessionFile.create({
    data: {
      sessionId: session.id,
      userId: user.id,
      filename: 'procedure.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      fileSize: 1000,
      storageKey: 'k',
      sha256: '0'.repeat(64),
      status: 'READY',
      chunkCount: parts,
    },
  });
  await db.fileChunk.createMany({
    data: Array.from({ length: parts }, (_, ordinal) => ({
      fileId: file.id,
      sessionId: session.id,
      ordinal,
      text: partText(ordinal),
      startOffset: ordinal * 1000,
      endOffset: ordinal * 1000 + 999,
    })),
  });
  return { userId: user.id, sessionId: session.id, fileId: file.id };
}

const partsIn = (text: string) =>
  [...text.matchAll(/\[file: procedure\.docx, part (\d+) of 40/g)].map((m) => Number(m[1]));
const contextText = (r: Awaited<ReturnType<typeof retrieveFileContext>>) =>
  r.contextMessages.map((m) => (typeof m.content === 'string' ? m.content : '')).join('\n');

describe('retrieval for an artifact from a document', () => {
  it('tells an artifact request from the files by its words', () => {
    expect(asksFromFiles('Make a quiz from the attached procedure')).toBe(true);
    expect(asksFromFiles('Turn this SOP into a branching scenario')).toBe(true);
    expect(asksFromFiles('Write objectives based on my notes')).toBe(true);
    expect(asksFromFiles('Make a quiz on phishing for new starters')).toBe(false);
  });

  it('covers all 40 parts within the offline budget; spreads parts over the whole document within a model budget', async () => {
    const db = database.prisma;
    const o = await sessionWithDocument(db, 40);
    const message = 'Make a 6-question quiz from the attached procedure';
    const offline = await retrieveFileContext(db, {
      ...o,
      message,
      attachedFileIds: [o.fileId],
      cover: true,
      tokenBudget: DOCUMENT_TOKEN_BUDGET.offline,
    });
    expect(partsIn(contextText(offline))).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));

    // A model's bounded share: a quarter of the document, evenly spread from part 1 to part 40.
    const model = await retrieveFileContext(db, {
      ...o,
      message,
      attachedFileIds: [o.fileId],
      cover: true,
      tokenBudget: 3_000,
    });
    const text = contextText(model);
    const parts = partsIn(text);
    expect(parts.length).toBeGreaterThanOrEqual(8);
    expect(parts[0]).toBe(1);
    expect(parts.at(-1)).toBe(40);
    const gaps = parts.slice(1).map((p, i) => p - parts[i]!);
    expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(1);
    expect(text.length).toBeLessThanOrEqual(3_000 * 4 + 1_000);
    // The headings of parts left out are kept as an outline.
    expect(text).toContain('[file: procedure.docx, headings of the parts not shown]');
    const leftOutHeading = [5, 10, 15, 20, 25, 30, 35].find((i) => !parts.includes(i + 1))!;
    expect(text).toContain(
      `part ${leftOutHeading + 1}: Section ${leftOutHeading / 5 + 1} Decontamination stage ${leftOutHeading}`,
    );

    // Without covering (a plain question): the start of the file and word matches, as before.
    const plain = await retrieveFileContext(db, {
      ...o,
      message,
      attachedFileIds: [o.fileId],
      tokenBudget: 3_000,
    });
    expect(Math.max(...partsIn(contextText(plain)))).toBeLessThan(40);
  });

  it('covers the session’s files when the request names them but none is attached', async () => {
    const db = database.prisma;
    const o = await sessionWithDocument(db, 40);
    const r = await retrieveFileContext(db, {
      userId: o.userId,
      sessionId: o.sessionId,
      message: 'Turn the uploaded procedure into a scenario',
      cover: true,
      tokenBudget: DOCUMENT_TOKEN_BUDGET.model,
    });
    const parts = partsIn(contextText(r));
    expect(parts[0]).toBe(1);
    expect(parts.at(-1)).toBe(40);
  });

  it('names a FAILED attached file and its reason', async () => {
    const db = database.prisma;
    const o = await sessionWithDocument(db, 2);
    const failed = await db.sessionFile.create({
      data: {
        sessionId: o.sessionId,
        userId: o.userId,
        filename: 'scan.pdf',
        mimeType: 'application/pdf',
        fileSize: 10,
        storageKey: 'k2',
        sha256: '0'.repeat(64),
        status: 'FAILED',
        failureReason: 'The PDF has no text layer (a scan)',
      },
    });
    const r = await retrieveFileContext(db, {
      ...o,
      message: 'Make a quiz from the attached files',
      attachedFileIds: [o.fileId, failed.id],
      cover: true,
    });
    expect(contextText(r)).toContain(
      '[file: scan.pdf could not be read: The PDF has no text layer (a scan). Its text is not available: tell the user that scan.pdf could not be used and why.]',
    );
  });
});
