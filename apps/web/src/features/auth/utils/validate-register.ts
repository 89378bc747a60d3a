import { type RegisterRequest, registerRequestSchema } from '@app/contracts/auth';
import type { Language } from '@app/contracts/languages';
import { isMessageKey, translate } from '@app/contracts/messages';

export type RegisterField = 'phoneNumber' | 'password' | 'fullName' | 'bankNumber';
export type RegisterErrors = Partial<Record<RegisterField, string>>;

/**
 * The rules of spec §5 are the contract's schema; its issue messages are keys of
 * the shared message catalogue, shown here in the player's language, first issue
 * per field.
 */
export function validateRegister(payload: RegisterRequest, language: Language): RegisterErrors {
  const result = registerRequestSchema.safeParse(payload);
  if (result.success) return {};
  const errors: RegisterErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as RegisterField;
    if (errors[field]) continue;
    errors[field] = isMessageKey(issue.message) ? translate(issue.message, language) : issue.message;
  }
  return errors;
}
