/** The PostgreSQL error fields we read, from either driver. */
export type PgError = { code?: string; constraint?: string };

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = error as PgError;
  return pgError?.code === '23505' && (constraint === undefined || pgError.constraint === constraint);
}
