// Public surface of the shell-command analysis (issue 3): what the policy engine and the CLI call.
// Layout: analyze.ts drives it; walk/ parses and walks the tree by construct; words/ reads words as bash does;
// unwrap/ peels wrappers and runners; checks/ judges each program (with specs/); operands/ finds the files a command
// names; rules/ is Bash(...) rule semantics.
export { initShellParser, shellParserReady } from './walk/parser.js';
export { analyzeShellCommand } from './analyze.js';
export { bashSpecifierMatches, specifierIsExact, specifierWords, tokenizeSpecifier } from './rules/specifier.js';
export { generaliseWords, hasPlaceholder, type VolatileKind, type VolatilePart } from './words/volatile.js';
export { specReading, type SpecReading } from './specs/index.js';
export { nestedScriptOption } from './specs/runners.js';
export { commandPathWords, commandWriteWords, resolvePathWords } from './operands/command-paths.js';
export { commandReadOperands, failsOnFolders, feedsFileReader, knowsReads, rootGlobSpellings, showsContents } from './operands/read-operands.js';
export { followsLinksInTrees, readsFolders } from './operands/recursion.js';
export { defaultTreeOperands, readsTreeByDefault } from './operands/folder-operands.js';
export { isRecursive } from './checks/files.js';
export { commandFromArgv, shellQuote } from './words/argv.js';
export { equivalentPrograms } from './rules/equivalents.js';
export { commandProgram, runnerReadings } from './unwrap/package-runners.js';
export type { Blocker, Redirect, ShellAnalysis, ShellContext, SimpleCommand, Span } from './types.js';
