// The V8 flags the server runs with (package.json's `start` scripts give the same; keep them in step). A larger
// young generation (32 MB semi-spaces instead of 16): a streaming server's short-lived objects (a chunk's
// promises, events and buffers live for one model pause) die young instead of being promoted, so the old space
// grows less between major collections — with 2,000 open streams peak RSS went from 934–1,015 to 756–771 MB on PGlite
// (docs/perf-request-path.md, the seventh round).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];
