// Public surface of the shell-command analysis (issue 3): what the policy engine and the CLI call.
export { initShellParser, shellParserReady } from './parser.js';
export { analyzeShellCommand } from './analyze.js';
export { bashSpecifierMatches, specifierIsExact, specifierWords, tokenizeSpecifier } from './specifier.js';
export { generaliseWords, hasPlaceholder, type VolatileKind, type VolatilePart } from './volatile.js';
export { specReading, type SpecReading } from './specs/index.js';
export { nestedScriptOption } from './specs/runners.js';
export { commandPathWords, commandWriteWords, resolvePathWords } from './command-paths.js';
export { commandReadOperands, failsOnFolders, feedsFileReader, knowsReads, rootGlobSpellings, showsContents } from './read-operands.js';
export { followsLinksInTrees, readsFolders } from './recursion.js';
export { defaultTreeOperands, readsTreeByDefault } from './folder-operands.js';
export { isRecursive } from './checks/files.js';
export { commandFromArgv, shellQuote } from './argv.js';
export { equivalentPrograms } from './equivalents.js';
export { commandProgram, runnerReadings } from './package-runners.js';
export type { Blocker, Redirect, ShellAnalysis, ShellContext, SimpleCommand, Span } from './types.js';
