// Cursor keeps no tool rules in a file Gatehouse could write: its allow list lives in its own settings UI, in no
// documented file format. So `rules sync cursor` says so, and `rules import` never takes a file as Cursor's; the
// hooks are what apply Gatehouse's rules to Cursor.
import { noNativePolicy } from '../native-policy.js';

const NONE = 'Cursor has no documented policy file: its own allow list lives in its settings, so Gatehouse\'s rules reach Cursor through its hooks only';

/** Cursor's native policy: none to write or read. */
export const cursorNativePolicy = noNativePolicy(NONE);
