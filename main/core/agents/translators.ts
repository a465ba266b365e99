// The hook routes the server answers, one per agent; adding an agent is one folder and one line here.
import { claudeCodeTranslator } from './claude-code/translate.js';
import { codexTranslator } from './codex/translate.js';
import { copilotTranslator } from './copilot/translate.js';
import { geminiTranslator } from './gemini/translate.js';
import type { HookTranslator } from './translator.js';
import { qwenTranslator } from './qwen/translate.js';
import { clineTranslator } from './cline/translate.js';
import { opencodeTranslator } from './opencode/translate.js';
import { cursorTranslator } from './cursor/tools/translate.js';

/** Every agent's server-side hook translation. */
export const HOOK_TRANSLATORS: readonly HookTranslator[] = [claudeCodeTranslator, geminiTranslator, codexTranslator, copilotTranslator, qwenTranslator, clineTranslator, opencodeTranslator, cursorTranslator];
