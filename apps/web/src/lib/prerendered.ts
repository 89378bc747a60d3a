/**
 * The attribute of #root on a page drawn at build time (scripts/prerender.ts): the language it was drawn in.
 * main.tsx hydrates that markup when the app's language is the same, and draws the page afresh otherwise.
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
