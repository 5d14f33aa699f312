// tRPC's object spreads at native speed in the server bundle (issue 15).
//
// @trpc/server is published transpiled: every `{ ...a, b }` in it is a call of the Babel/oxc helper
// `_objectSpread2`, which copies property by property through `Object.defineProperty` (ownKeys, toPropertyKey,
// a descriptor per key). tRPC spreads a call's options and context several times per middleware level, and in
// the profile of `GET /api/config` the helper was ~11 % of the server's CPU (babel/babel#15673 measures it at
// over ten times `Object.assign`).
//
// The bundle therefore carries @trpc/server with that helper redefined through `Object.assign` — what Babel's
// `setSpreadProperties` assumption emits. The two differ only where tRPC's own code does not go: a spread source
// with accessors copied as accessors (the helper keeps the getters of its even-position arguments, which are
// tRPC's object literals; `assertNoLiteralGetters` fails the build if a tRPC file ever writes one), and a source
// with an own `__proto__` key (a JSON input can have one), which takes the exact helper so that it stays an own
// property instead of setting the prototype. Tests: fast-spread.test.ts.
import { readFile } from 'node:fs/promises';

/** The helper as tRPC's build (oxc's runtime, Babel's objectSpread2) defines it; nothing else is replaced. */
export const EXACT_HELPER = `function _objectSpread2(e) {
	for (var r = 1; r < arguments.length; r++) {
		var t = null != arguments[r] ? arguments[r] : {};
		r % 2 ? ownKeys(Object(t), !0).forEach(function(r) {
			_defineProperty(e, r, t[r]);
		}) : Object.getOwnPropertyDescriptors ? Object.defineProperties(e, Object.getOwnPropertyDescriptors(t)) : ownKeys(Object(t)).forEach(function(r) {
			Object.defineProperty(e, r, Object.getOwnPropertyDescriptor(t, r));
		});
	}
	return e;
}`;

const FAST_HELPER = `function _objectSpread2(e) {
	for (var r = 1; r < arguments.length; r++) {
		var t = arguments[r];
		if (t == null) continue;
		if (Object.prototype.hasOwnProperty.call(t, "__proto__")) _objectSpread2Exact(e, t);
		else Object.assign(e, t);
	}
	return e;
}
${EXACT_HELPER.replace('function _objectSpread2(', 'function _objectSpread2Exact(')}`;

/** A getter or setter written in an object literal or class (`get name(`), which the fast helper would flatten. */
const ACCESSOR = /(?:^|[\s{,;])(?:get|set)\s+[A-Za-z_$][\w$]*\s*\(/m;

function assertNoLiteralGetters(source, file) {
  const m = ACCESSOR.exec(source);
  if (m) {
    throw new Error(
      `${file} defines an accessor (${m[0].trim()}…): tRPC's spreads may copy it, which the fast helper would ` +
        'turn into a plain value. Review apps/server/fast-spread.mjs before upgrading @trpc/server.',
    );
  }
}

/**
 * `source` (a file of @trpc/server's dist) with its spread helper made fast. Files without the helper only get the
 * accessor check; a file whose helper is not the known text fails, so an upgrade of tRPC is reviewed, never
 * silently slow or wrong.
 */
export function withFastSpread(source, file = 'a @trpc/server file') {
  assertNoLiteralGetters(source, file);
  if (!source.includes('function _objectSpread2(')) return source;
  if (!source.includes(EXACT_HELPER)) {
    throw new Error(
      `${file}: tRPC's _objectSpread2 is not the known helper. Review apps/server/fast-spread.mjs before ` +
        'upgrading @trpc/server.',
    );
  }
  return source.replace(EXACT_HELPER, FAST_HELPER);
}

/** A file of @trpc/server's ES build, by path or file URL. */
export const TRPC_DIST = /[\\/]@trpc[\\/]server[\\/]dist[\\/][^\\/]+\.mjs$/;

/** esbuild plugin: @trpc/server's ES modules through withFastSpread (@trpc/server must be bundled, not external). */
export const fastSpreadPlugin = {
  name: 'trpc-fast-spread',
  setup(build) {
    build.onLoad({ filter: TRPC_DIST }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      return { contents: withFastSpread(source, args.path), loader: 'js' };
    });
  },
};
