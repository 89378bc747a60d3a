import type { ComponentProps } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { FormFooter } from '@/components/ui/form-footer';

/**
 * The end of a settings item's form: whether players see it (active), a word when Save would change
 * nothing, and the footer that sends it.
 */
export function ItemFormEnd({
  activeId,
  activeLabel,
  active,
  unchanged,
  save,
  onClose,
}: {
  activeId: string;
  activeLabel: string;
  active: UseFormRegisterReturn;
  unchanged: boolean;
  save: ComponentProps<typeof FormFooter>['sending'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label className="check-field" htmlFor={activeId}>
        <input id={activeId} type="checkbox" {...active} />
        {activeLabel}
      </label>
      {unchanged && <Alert tone="info">{t('settings.nothingChanged')}</Alert>}
      <FormFooter
        sending={save}
        submitLabel={save.isPending ? t('settings.saving') : t('common.save')}
        onCancel={onClose}
      />
    </>
  );
}
