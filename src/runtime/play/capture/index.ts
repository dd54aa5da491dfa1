/**
 * Capture (mechanics.capture): pleas for mercy, prisoners kept by guards, escapes. The movement
 * phases offer its actions (movement/move-and-fire.ts) when the capture option is on.
 */
export { PLEAD, performPlea, pleaChoices, surrounded } from './plea'
export { ESCAPE, escapeChoices, guarded, performEscape } from './escape'
export { captureOf } from './settings'
