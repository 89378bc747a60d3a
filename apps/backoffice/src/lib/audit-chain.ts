import { PAGES } from '@/config/paths';

/** The audit log filtered to one row: where a broken chain's report points (audit log and health screens). */
export function auditRowPage(id: number): string {
  return `${PAGES.audit}?id=${id}`;
}

/**
 * The server names a broken row's problem in English; the two problems it
 * knows have their own words in the back office's languages. Null for any
 * other text, which is then shown as the server wrote it.
 */
export function auditProblemKey(problem: string): 'audit.problemChanged' | 'audit.problemRelinked' | null {
  if (problem.startsWith('content does not match its hash')) return 'audit.problemChanged';
  if (problem.startsWith('does not follow the row before it')) return 'audit.problemRelinked';
  return null;
}
