// The situation a scenario request tells, kept for the scenario's opening (issue 36: "a 10× insulin overdose
// became a falls scenario"; the draft's opening said only "The situation: users report files").
import { describe, expect, it } from 'vitest';
import { parseRequest, situationOf } from './request.js';

describe('situationOf', () => {
  it.each([
    [
      'Build a branching scenario for IT service desk analysts: at 7 a.m. several users report files renamed with a .lockd extension. Decisions: isolate, escalate to the incident manager, communicate. 3 decision points.',
      'At 7 a.m. several users report files renamed with a .lockd extension.',
    ],
    [
      'Branching scenario for hotel front-desk staff: a guest arrives at 11 pm with a confirmed booking but the hotel is overbooked. 3 decision points — walking the guest to a partner hotel, compensation, and what to tell them.',
      'A guest arrives at 11 pm with a confirmed booking but the hotel is overbooked.',
    ],
    [
      'Write a branching scenario for site supervisors: a groundworker wants to step into a 1.8 m deep trench that has no shoring to retrieve a dropped tool. 2 decision points.',
      'A groundworker wants to step into a 1.8 m deep trench that has no shoring to retrieve a dropped tool.',
    ],
    [
      'A branching scenario for project managers: the sponsor asks to add a major feature two weeks before go-live without moving the date. 3 decision points — change control, trade-offs, communication.',
      'The sponsor asks to add a major feature two weeks before go-live without moving the date.',
    ],
    [
      'Create a scenario where a nurse finds that a patient was given 10 times the prescribed insulin dose, with 3 decision points',
      'A nurse finds that a patient was given 10 times the prescribed insulin dose.',
    ],
  ])('%s', (request, situation) => {
    expect(situationOf(request)).toBe(situation);
  });

  it('puts a situation told about the audience in the second person', () => {
    expect(
      situationOf(
        'A scenario for new team leaders in a call centre: they keep doing the work themselves instead of delegating, and a key report is late. 3 decisions.',
      ),
    ).toBe('You keep doing the work yourself instead of delegating, and a key report is late.');
  });

  it('tells none when the request describes no situation', () => {
    for (const request of [
      'Create a branching scenario on handling a customer complaint. 3 decision points.',
      'Turn the attached procedure into a branching scenario.',
      'A scenario about phishing for finance staff',
      'Write a scenario for warehouse staff: 3 decision points, one of them about reporting.',
      'Quiz on fire safety: 5 questions',
    ])
      expect(situationOf(request), request).toBeNull();
  });

  it('is read for scenarios only', () => {
    expect(
      parseRequest('10 questions for bar staff: a customer is drunk and asks for another drink').situation,
    ).toBeNull();
  });
});
