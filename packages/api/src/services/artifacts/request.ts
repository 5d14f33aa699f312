// Moved to services/content/request.ts (the one request parser); kept as a re-export while callers move.
export {
  DAY_MINUTES,
  WEEK_DAYS,
  gerund,
  numberOf,
  parseArtifactRequest,
  parseRevisionRequest,
  type ParsedArtifactRequest,
  type RequestedDuration,
  type RequestedItems,
  type RevisionRequest,
} from '../content/request.js';
