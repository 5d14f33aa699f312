// Blank items the editors add, with ids not yet used in the artifact (ids link items: objectives ↔ questions,
// choices → nodes, modules ↔ objectives).
import type { Objective, PlanModule, QuizItem, ScenarioNode } from '@app/api/schemas';
import { freshId } from './form-state';

const ids = (list: readonly { id: string }[] | undefined) => (list ?? []).map((x) => x.id);

export const newObjective = (taken: readonly { id: string }[], audience = ''): Objective => ({
  id: freshId('o', ids(taken)),
  audience,
  verb: '',
  behavior: '',
  bloomLevel: 'apply',
  condition: '',
  criterion: '',
  moduleId: null,
});

export function newQuizItem(taken: readonly QuizItem[]): QuizItem {
  return {
    id: freshId('q', ids(taken)),
    type: 'single_choice',
    stem: '',
    options: [
      { id: 'a', text: '', correct: true, feedback: '' },
      { id: 'b', text: '', correct: false, feedback: '' },
    ],
    acceptedAnswers: [],
    pairs: [],
    objectiveId: null,
    difficulty: 'medium',
    feedback: '',
  };
}

export const newQuizOption = (taken: readonly { id: string }[]) => ({
  id: freshId('opt', ids(taken)),
  text: '',
  correct: false,
  feedback: '',
});

export const newScenarioNode = (taken: readonly ScenarioNode[]): ScenarioNode => ({
  id: freshId('n', ids(taken)),
  title: '',
  narrative: '',
  choices: [],
  ending: null,
});

export const newScenarioChoice = (taken: readonly { id: string }[], nextNodeId: string) => ({
  id: freshId('c', ids(taken)),
  text: '',
  nextNodeId,
  consequence: '',
  score: 0,
});

export const newPlanModule = (taken: readonly PlanModule[]): PlanModule => ({
  id: freshId('m', ids(taken)),
  title: '',
  when: null,
  durationMinutes: 30,
  modality: 'e_learning',
  objectives: [],
  activities: [],
  assessments: [],
});
