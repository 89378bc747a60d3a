// @ts-check
/**
 * Stryker ignorers (the `ignorers` option of stryker.config.mjs).
 *
 * assertion-words: the words of an assertion of src/lib/assert.ts (WORDS_AT:
 * the message, or what the value is) are for the log;
 * no caller reads them, and an assertion that guards an unreachable state is
 * never reached by a test. Their mutants are reported as ignored, with this
 * reason, instead of a `Stryker disable` comment at every guard. The
 * assertion's condition and value are mutated as any other code.
 * The helpers' own words are checked by test/app/assert.test.ts: they throw
 * AssertionError themselves, with no call to these names.
 */
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

/** Each assertion of src/lib/assert.ts, and the place of its words among its arguments. */
const WORDS_AT = new Map([
  ['assert', 1],
  ['assertPositiveSatang', 1],
  ['assertEqual', 2],
  ['present', 1],
  ['one', 1],
  ['jsonObject', 1],
]);

const REASON = 'an assertion’s words are for the log; no caller reads them';

/** @type {import('@stryker-mutator/api/ignore').Ignorer} */
const assertionWords = {
  shouldIgnore(path) {
    const node = /** @type {any} */ (path);
    const call = node.parentPath;
    if (!call?.isCallExpression()) return undefined;
    const callee = call.node.callee;
    if (callee.type !== 'Identifier') return undefined;
    const at = WORDS_AT.get(callee.name);
    return at !== undefined && call.node.arguments.indexOf(node.node) === at ? REASON : undefined;
  },
};

export const strykerPlugins = [declareValuePlugin(PluginKind.Ignore, 'assertion-words', assertionWords)];
