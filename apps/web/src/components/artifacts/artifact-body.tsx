// The kind's card body for an artifact's data (the latest version, or an earlier one in the versions dialog).
import type { ArtifactView } from './artifact-types';
import { ModalityCard } from './modality-card';
import { ObjectivesCard } from './objectives-card';
import { PlanCard } from './plan-card';
import { QuizCard } from './quiz-card';
import { ScenarioCard } from './scenario-card';
import { SmeSummaryCard } from './sme-summary-card';

export function ArtifactBody({ artifact }: { artifact: Pick<ArtifactView, 'kind' | 'data'> }) {
  const a = artifact as ArtifactView;
  switch (a.kind) {
    case 'objectives':
      return <ObjectivesCard data={a.data} />;
    case 'quiz':
      return <QuizCard data={a.data} />;
    case 'scenario':
      return <ScenarioCard data={a.data} />;
    case 'modality':
      return <ModalityCard data={a.data} />;
    case 'plan':
      return <PlanCard data={a.data} />;
    case 'sme_summary':
      return <SmeSummaryCard data={a.data} />;
  }
}
