import { type DecisionResponse, decisionResponseSchema } from '@app/contracts/admin';
import { fillPath } from '@app/contracts/paths';
import { apiRequest } from '@/lib/api-client';

/**
 * A decision of an operator (approve, reject, assign): POST to the item's
 * path with the dialog's Idempotency-Key, so that a double click or a retry
 * after a lost answer is decided once.
 */
export function postDecision(
  path: string,
  id: number,
  body: Record<string, unknown>,
  idempotencyKey: string,
): Promise<DecisionResponse> {
  return apiRequest(fillPath(path, { id }), {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: decisionResponseSchema,
  });
}
