// The quiz form: pass mark, negative marking for multiple response, questions (type, stem, options with the key and feedback, accepted answers,
// matching pairs or ordering steps by type, difficulty, the objective assessed, feedback).
import {
  DIFFICULTIES,
  QUIZ_ITEM_TYPE_LABELS,
  QUIZ_ITEM_TYPES,
  type QuizArtifact,
  type QuizItemType,
} from '@app/api/schemas';
import { BLOOM_OPTIONS } from './objective-fields';
import { CheckboxAt, ListAt, NumberAt, SelectAt, StringListAt, TextAt, useEditor } from './editor-fields';
import { freshId } from './form-state';
import { newQuizItem, newQuizOption } from './new-items';

const TYPE_OPTIONS = QUIZ_ITEM_TYPES.map((t) => [t, QUIZ_ITEM_TYPE_LABELS[t]] as const);
/** The item types whose answer is a list of strings: short answer's accepted answers, ordering's steps. */
const STRING_LISTS: Partial<
  Record<QuizItemType, { field: 'acceptedAnswers' | 'steps'; title: string; itemName: string; max: number }>
> = {
  short_answer: { field: 'acceptedAnswers', title: 'Accepted answers', itemName: 'Accepted answer', max: 10 },
  ordering: {
    field: 'steps',
    title: 'Steps, in the correct order (learners see them shuffled)',
    itemName: 'Step',
    max: 12,
  },
};
const DIFFICULTY_OPTIONS = DIFFICULTIES.map((d) => [d, d[0]!.toUpperCase() + d.slice(1)] as const);

export function QuizEditor() {
  const ed = useEditor();
  const data = ed.data as QuizArtifact;
  const objectiveOptions = data.objectives.map((o) => [o.id, o.text] as const);
  return (
    <div className="grid gap-5">
      <NumberAt path={['passingScore']} label="Pass mark (%)" min={0} max={100} className="max-w-40" />
      <CheckboxAt
        path={['negativeMarking']}
        label="Multiple response: wrong options take marks off (off: a wrong option scores 0)"
      />
      <ListAt
        path={['objectives']}
        title="Objectives assessed"
        itemLabel={(i) => `objective ${i + 1}`}
        newItem={() => ({
          id: freshId(
            'o',
            data.objectives.map((o) => o.id),
          ),
          text: '',
          bloomLevel: 'apply',
        })}
        max={30}
        addLabel="Add objective"
        renderItem={(i) => (
          <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
            <TextAt path={['objectives', i, 'text']} label={`Objective ${i + 1}`} />
            <SelectAt path={['objectives', i, 'bloomLevel']} label="Bloom level" options={BLOOM_OPTIONS} />
          </div>
        )}
      />
      <ListAt
        path={['items']}
        title="Questions"
        itemLabel={(i) => `question ${i + 1}`}
        newItem={() => newQuizItem(data.items)}
        max={50}
        min={1}
        addLabel="Add question"
        renderItem={(i) => {
          const item = data.items[i]!;
          const q = `Question ${i + 1}`;
          const list = STRING_LISTS[item.type];
          return (
            <>
              <TextAt path={['items', i, 'stem']} label={q} multiline />
              <div className="grid gap-3 sm:grid-cols-3">
                <SelectAt path={['items', i, 'type']} label={`${q} type`} options={TYPE_OPTIONS} />
                <SelectAt path={['items', i, 'difficulty']} label="Difficulty" options={DIFFICULTY_OPTIONS} />
                <SelectAt
                  path={['items', i, 'objectiveId']}
                  label="Objective assessed"
                  options={objectiveOptions}
                  nullLabel="None"
                />
              </div>
              {['single_choice', 'multiple_choice', 'true_false'].includes(item.type) && (
                <ListAt
                  path={['items', i, 'options']}
                  title={`${q} options`}
                  itemLabel={(j) => `${q.toLowerCase()} option ${j + 1}`}
                  newItem={() => newQuizOption(item.options)}
                  max={10}
                  addLabel="Add option"
                  renderItem={(j) => (
                    <>
                      <TextAt
                        path={['items', i, 'options', j, 'text']}
                        label={`${q}, option ${j + 1} text`}
                      />
                      <CheckboxAt path={['items', i, 'options', j, 'correct']} label="Correct answer" />
                      <TextAt
                        path={['items', i, 'options', j, 'feedback']}
                        label={`${q}, option ${j + 1} feedback`}
                      />
                    </>
                  )}
                />
              )}
              {list && (
                <StringListAt
                  path={['items', i, list.field]}
                  title={list.title}
                  itemName={list.itemName}
                  max={list.max}
                />
              )}
              {item.type === 'matching' && (
                <ListAt
                  path={['items', i, 'pairs']}
                  title="Pairs"
                  itemLabel={(j) => `pair ${j + 1}`}
                  newItem={() => ({ left: '', right: '' })}
                  max={12}
                  addLabel="Add pair"
                  renderItem={(j) => (
                    <div className="grid gap-3 sm:grid-cols-2">
                      <TextAt path={['items', i, 'pairs', j, 'left']} label={`Pair ${j + 1} prompt`} />
                      <TextAt path={['items', i, 'pairs', j, 'right']} label={`Pair ${j + 1} answer`} />
                    </div>
                  )}
                />
              )}
              <TextAt path={['items', i, 'feedback']} label={`${q} feedback`} multiline />
            </>
          );
        }}
      />
    </div>
  );
}
