import { OPERATOR_ROLES, type operatorListItemSchema } from '@app/contracts/admin';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

export type OperatorItem = z.infer<typeof operatorListItemSchema>;

/** The roles an operator can have, as options of a select, in the operator's language. */
export function RoleOptions() {
  const { t } = useTranslation();
  return OPERATOR_ROLES.map((role) => (
    <option key={role} value={role}>
      {role === 'admin' ? t('operators.roleAdmin') : t('operators.roleOperator')}
    </option>
  ));
}
