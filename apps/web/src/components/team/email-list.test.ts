import { describe, expect, it } from 'vitest';
import { emailSchema } from '@app/api/schemas';
import { parseEmailList } from './email-list';

const isEmail = (v: string) => emailSchema.safeParse(v).success;

describe('parseEmailList', () => {
  it('splits on commas, semicolons, spaces and new lines, lower-cases and keeps the order', () => {
    expect(parseEmailList('Ann@X.com, bob@y.org;carl@z.io\n  dee@w.net  eve@v.com', isEmail)).toEqual({
      emails: ['ann@x.com', 'bob@y.org', 'carl@z.io', 'dee@w.net', 'eve@v.com'],
      invalid: [],
      duplicates: [],
    });
  });

  it('takes the address of "Name <addr>" entries pasted from a mail client', () => {
    const r = parseEmailList('"Ann Smith" <ann@x.com>, Bob Jones <BOB@y.org>; <carl@z.io>', isEmail);
    expect(r.emails).toEqual(['ann@x.com', 'bob@y.org', 'carl@z.io']);
    expect(r.invalid).toEqual([]);
  });

  it('reports what is not an address as typed, once', () => {
    const r = parseEmailList('ann@x.com, not-an-email, bob@, not-an-email', isEmail);
    expect(r.emails).toEqual(['ann@x.com']);
    expect(r.invalid).toEqual(['not-an-email', 'bob@']);
  });

  it('drops repeats (case-insensitively) and names them', () => {
    const r = parseEmailList('ann@x.com ANN@x.com bob@y.org ann@X.COM', isEmail);
    expect(r.emails).toEqual(['ann@x.com', 'bob@y.org']);
    expect(r.duplicates).toEqual(['ann@x.com']);
  });

  it('answers nothing for blank input', () => {
    expect(parseEmailList(' ,; \n ', isEmail)).toEqual({ emails: [], invalid: [], duplicates: [] });
  });
});
