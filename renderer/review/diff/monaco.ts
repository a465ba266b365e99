// Monaco, bundled locally (no CDN): only the editor API, the features a review needs, the editor worker,
// and the basic languages' tokenizers (each loads lazily on first use).
// `monaco-editor/esm/vs/...` paths break with 0.57's exports map; `monaco-editor/<path>` maps to esm/vs/<path>.
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/features/codicon/register'; // without it the diff gutter icons are empty boxes
import 'monaco-editor/features/diffEditor/register';
import 'monaco-editor/features/find/register';
import 'monaco-editor/features/hover/register';
import 'monaco-editor/features/unicodeHighlighter/register';
import 'monaco-editor/languages/definitions/cpp/register';
import 'monaco-editor/languages/definitions/csharp/register';
import 'monaco-editor/languages/definitions/css/register';
import 'monaco-editor/languages/definitions/dockerfile/register';
import 'monaco-editor/languages/definitions/go/register';
import 'monaco-editor/languages/definitions/html/register';
import 'monaco-editor/languages/definitions/ini/register';
import 'monaco-editor/languages/definitions/java/register';
import 'monaco-editor/languages/definitions/javascript/register';
import 'monaco-editor/languages/definitions/kotlin/register';
import 'monaco-editor/languages/definitions/markdown/register';
import 'monaco-editor/languages/definitions/php/register';
import 'monaco-editor/languages/definitions/python/register';
import 'monaco-editor/languages/definitions/ruby/register';
import 'monaco-editor/languages/definitions/rust/register';
import 'monaco-editor/languages/definitions/scss/register';
import 'monaco-editor/languages/definitions/shell/register';
import 'monaco-editor/languages/definitions/sql/register';
import 'monaco-editor/languages/definitions/swift/register';
import 'monaco-editor/languages/definitions/typescript/register';
import 'monaco-editor/languages/definitions/xml/register';
import 'monaco-editor/languages/definitions/yaml/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';

self.MonacoEnvironment = { getWorker: () => new EditorWorker() };

/** Languages we highlight with a neighbour's tokenizer instead of loading their language service. */
const ALIASES: Record<string, string> = { json: 'javascript', jsonc: 'javascript', typescriptreact: 'typescript', javascriptreact: 'javascript' };

/** The Monaco language id to highlight `language` with; unknown ones are plain text. */
export function monacoLanguage(language: string): string {
  const id = ALIASES[language] ?? language;
  return monaco.languages.getLanguages().some((l) => l.id === id) ? id : 'plaintext';
}

/** The locally bundled Monaco API (the only one the review uses). */
export { monaco };
