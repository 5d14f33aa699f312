// The fields of one objective (objectives artifact and an SME summary's draft objectives).
import { BLOOM_LEVEL_LABELS, BLOOM_LEVELS } from '@app/api/schemas';
import { SelectAt, TextAt } from './editor-fields';
import type { Path } from './form-state';

export const BLOOM_OPTIONS = BLOOM_LEVELS.map((l) => [l, BLOOM_LEVEL_LABELS[l]] as const);

export function ObjectiveFields({ path, label }: { path: Path; label: string }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <SelectAt path={[...path, 'bloomLevel']} label={`${label} Bloom level`} options={BLOOM_OPTIONS} />
      <TextAt path={[...path, 'verb']} label={`${label} verb`} />
      <TextAt path={[...path, 'behavior']} label={`${label} behaviour`} multiline className="sm:col-span-2" />
      <TextAt path={[...path, 'audience']} label={`${label} audience`} />
      <TextAt path={[...path, 'condition']} label={`${label} condition`} placeholder="Given…" />
      <TextAt path={[...path, 'criterion']} label={`${label} criterion`} className="sm:col-span-2" />
    </div>
  );
}
