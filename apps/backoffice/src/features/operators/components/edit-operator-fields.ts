import { OPERATOR_ROLES, updateOperatorRequestSchema } from '@app/contracts/admin';
import { z } from 'zod';
import type { OperatorItem } from '@/features/operators/components/operator-roles';

/** The edit form's own fields; what is sent is only what differs from the operator as they are. */
const editFieldsSchema = z.object({
  displayName: z.string(),
  role: z.enum(OPERATOR_ROLES),
  disabled: z.boolean(),
  resetSecondFactor: z.boolean(),
  password: z.string(),
  /** Baht as typed; empty: the setting applies. */
  manualCreditLimit: z.string(),
});
type EditFields = z.infer<typeof editFieldsSchema>;

/** The limit as typed: empty is "the setting" (null); anything else must be a number the contract judges. */
function creditLimitOf(text: string): number | null {
  const trimmed = text.replace(/[,\s฿]/g, '').trim();
  if (trimmed === '') return null;
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

function changesOf(operator: OperatorItem, fields: EditFields) {
  return {
    ...(fields.displayName.trim() !== operator.displayName ? { displayName: fields.displayName } : {}),
    ...(fields.role !== operator.role ? { role: fields.role } : {}),
    ...(fields.disabled !== operator.disabled ? { disabled: fields.disabled } : {}),
    ...(fields.resetSecondFactor ? { resetSecondFactor: true as const } : {}),
    ...(fields.password !== '' ? { password: fields.password } : {}),
    ...(creditLimitOf(fields.manualCreditLimit) !== operator.manualCreditLimit
      ? { manualCreditLimit: creditLimitOf(fields.manualCreditLimit) }
      : {}),
  };
}

/** The edit form's fields turned into the changes, which the contract's update schema checks before anything is sent. */
export function editOperatorSchema(operator: OperatorItem) {
  return editFieldsSchema.transform((fields) => changesOf(operator, fields)).pipe(updateOperatorRequestSchema);
}
