import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { fieldErrorText } from '@/lib/form-errors';

/** The place of an item in its list (0 first, up to 1000), as every settings list orders its items. */
export function SortOrderField({
  id,
  error,
  registration,
}: {
  id: string;
  error: FieldError | undefined;
  registration: UseFormRegisterReturn;
}) {
  const { t } = useTranslation();
  return (
    <FormField
      id={id}
      label={t('settings.sortOrder')}
      hint={t('settings.sortOrderHint')}
      error={fieldErrorText(error, t('settings.sortOrderInvalid'))}
    >
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        max={1000}
        step={1}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...registration}
      />
    </FormField>
  );
}
