// Moved to services/content/bloom.ts (the one Bloom table); kept as a re-export while callers move.
export {
  BLOOM_VERBS,
  VAGUE_VERBS,
  isVagueVerb,
  leadingVerb,
  levelsOfVerb,
  shiftLevel,
  suggestedVerbs,
  verbMatchesLevel,
} from '../content/bloom.js';
