// What the assistant shows before the first message: the session type (a button to change it on /assistant)
// and suggested prompts.
import { ChevronDown } from 'lucide-react';
import type { AssistantSessionType } from '@app/api/schemas';
import { Button } from '@app/ui';
import { ASSISTANT_SUGGESTIONS, sessionTypeInfo } from './assistant-utils';
import { SESSION_TYPE_ICONS } from './session-type-picker';

export function AssistantEmptyState({
  sessionId,
  type,
  onChooseType,
  onSuggestion,
  suggestionsDisabled,
}: {
  sessionId: string | undefined;
  type: AssistantSessionType;
  onChooseType(): void;
  onSuggestion(prompt: string): void;
  suggestionsDisabled: boolean;
}) {
  const typeInfo = sessionTypeInfo(type);
  const TypeIcon = SESSION_TYPE_ICONS[typeInfo.type];
  return (
    <div className="flex flex-col items-center gap-6 py-8 text-center sm:py-14">
      <div className="bg-primary/10 text-primary flex size-12 items-center justify-center rounded-full">
        <TypeIcon className="size-6" />
      </div>
      <div className="max-w-md">
        <h2 className="text-xl font-semibold">
          {sessionId ? typeInfo.label : 'What would you like to create?'}
        </h2>
        <p className="text-muted-foreground mt-1 text-sm">
          {sessionId
            ? typeInfo.description
            : 'Learning plans, onboarding, assessments, engagement and compliance — ask in your own words and attach your source files.'}
        </p>
      </div>
      {!sessionId && (
        <div className="flex flex-col items-center gap-1.5">
          <span className="text-muted-foreground text-xs font-medium">Session type</span>
          <Button
            variant="outline"
            onClick={onChooseType}
            aria-label={`Session type: ${typeInfo.label}. Change`}
            data-testid="draft-type"
          >
            <TypeIcon /> {typeInfo.label}
            <ChevronDown className="text-muted-foreground" />
          </Button>
        </div>
      )}
      <div className="flex flex-wrap justify-center gap-2">
        {ASSISTANT_SUGGESTIONS.map((p) => (
          <Button
            key={p.label}
            variant="outline"
            size="sm"
            onClick={() => onSuggestion(p.prompt)}
            disabled={suggestionsDisabled}
          >
            {p.label}
          </Button>
        ))}
      </div>
    </div>
  );
}
