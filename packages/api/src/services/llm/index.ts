// Picks the LLM provider from the configuration: OpenAI-compatible when OPENAI_API_KEY is set, else offline.
import type { AppConfig } from '../../config.js';
import { createOfflineProvider } from './offline.js';
import { createOpenAiProvider } from './openai.js';
import type { LlmProvider } from './types.js';

export * from './types.js';
export { createOfflineProvider, offlineAnswer } from './offline.js';
export {
  registerOfflineObjectBuilder,
  sampleJsonSchema,
  type OfflineBuildContext,
  type OfflineObjectBuilder,
} from './offline-objects.js';
export { createOpenAiProvider } from './openai.js';
export { CHAT_SYSTEM_PROMPT } from './system-prompt.js';

export function createLlmProvider(config: AppConfig): LlmProvider {
  const o = config.openai;
  if (o.apiKey)
    return createOpenAiProvider({
      apiKey: o.apiKey,
      baseUrl: o.baseUrl,
      model: o.model,
      timeoutMs: o.timeoutMs,
      maxOutputTokens: o.maxOutputTokens,
    });
  return createOfflineProvider({ delayMs: config.offline.streamDelayMs });
}
