// Editing an artifact in place: the kind's form over a copy of the data, checked by the kind's schema on
// Save (field errors with the schema's messages, focus on the first), then `artifacts.update` with the version
// the edit started from. A 409 means someone made a newer version meanwhile: say so and offer to reload it.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { RefreshCw, Save, X } from 'lucide-react';
import {
  Alert,
  AlertAction,
  AlertDescription,
  AlertTitle,
  Button,
  FormField,
  Input,
  Spinner,
  toast,
} from '@app/ui';
import type { ArtifactView } from './artifact-types';
import { EditorProvider, TextAt } from './editor-fields';
import { validateArtifactData, type FieldErrors } from './form-state';
import { ModalityEditor } from './modality-editor';
import { ObjectivesEditor } from './objectives-editor';
import { PlanEditor } from './plan-editor';
import { QuizEditor } from './quiz-editor';
import { ScenarioEditor } from './scenario-editor';
import { SmeSummaryEditor } from './sme-summary-editor';
import {
  errorMessage,
  isConflict,
  useArtifactErrorToast,
  useArtifactMutations,
  useInvalidateArtifacts,
} from './use-artifacts';

const KIND_EDITORS = {
  objectives: ObjectivesEditor,
  quiz: QuizEditor,
  scenario: ScenarioEditor,
  modality: ModalityEditor,
  plan: PlanEditor,
  sme_summary: SmeSummaryEditor,
} as const;

export function ArtifactEditor({
  artifact,
  onDone,
}: {
  artifact: ArtifactView;
  /** Closed: saved (`true`) or cancelled. */
  onDone: (saved: boolean) => void;
}) {
  const idPrefix = useId().replace(/:/g, '');
  const [data, setData] = useState<unknown>(() => structuredClone(artifact.data));
  const [baseVersion, setBaseVersion] = useState(artifact.version);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [note, setNote] = useState('');
  const [conflict, setConflict] = useState<string | null>(null);
  const { update } = useArtifactMutations();
  const invalidate = useInvalidateArtifacts();
  const errorToast = useArtifactErrorToast();
  const form = useRef<HTMLFormElement>(null);

  // The first field gets the cursor when the form opens.
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('input, textarea, button[role="combobox"]')?.focus();
  }, []);

  // A newer version arriving from elsewhere (e.g. a Fix) after a 409: reloading takes it.
  const reload = () => {
    setData(structuredClone(artifact.data));
    setBaseVersion(artifact.version);
    setErrors({});
    setConflict(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = validateArtifactData(artifact.kind, data);
    if (!checked.ok) {
      setErrors(checked.errors);
      // Focus the first invalid control once React has marked it.
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    try {
      const saved = await update.mutateAsync({
        artifactId: artifact.id,
        data: checked.data,
        baseVersion,
        note: note.trim() || undefined,
      });
      toast.success(`Saved as version ${saved.version}`);
      onDone(true);
    } catch (err) {
      if (isConflict(err)) {
        setConflict(errorMessage(err, 'Someone saved a newer version while you were editing.'));
        void invalidate();
      } else errorToast('Failed to save', err);
    }
  };

  const Editor = KIND_EDITORS[artifact.kind];
  const errorCount = Object.keys(errors).length;
  return (
    <EditorProvider value={{ data, errors, change: (fn) => setData(fn), idPrefix }}>
      <form
        ref={form}
        onSubmit={submit}
        noValidate
        className="grid min-w-0 gap-5"
        aria-label={`Edit ${artifact.title}`}
        data-testid="artifact-editor"
      >
        {conflict && (
          <Alert variant="warning">
            <AlertTitle>This artifact changed</AlertTitle>
            <AlertDescription>
              {conflict} Reload to edit the newest version (your changes here will be discarded).
            </AlertDescription>
            <AlertAction>
              <Button type="button" size="sm" variant="outline" onClick={reload}>
                <RefreshCw /> Reload
              </Button>
            </AlertAction>
          </Alert>
        )}
        {errorCount > 0 && (
          <Alert variant="destructive">
            <AlertDescription>
              {errors[''] ??
                `Please fix ${errorCount === 1 ? 'the field' : `${errorCount} fields`} marked below.`}
            </AlertDescription>
          </Alert>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <TextAt path={['title']} label="Title" className="sm:col-span-2" />
          <TextAt path={['topic']} label="Topic" />
          <TextAt path={['audience']} label="Audience" />
        </div>
        <Editor />
        <FormField label="What changed (optional)" id={`${idPrefix}-note`}>
          <Input
            value={note}
            onChange={(e) => setNote(e.target.value)}
            maxLength={200}
            placeholder="e.g. Clearer distractors"
          />
        </FormField>
        <div className="bg-card sticky bottom-0 flex flex-wrap gap-2 border-t py-3">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? <Spinner /> : <Save />} Save
          </Button>
          <Button type="button" variant="ghost" onClick={() => onDone(false)}>
            <X /> Cancel
          </Button>
        </div>
      </form>
    </EditorProvider>
  );
}
