import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import type { ModalProps } from '@/stores/modal-store';

/** PLACEHOLDER (issue 8 in progress): the modal's content is being built. */
export function PlayModal({ onClose }: ModalProps) {
  const { t } = useTranslation();
  return <Dialog title={t('modals.playGame')} onClose={onClose} />;
}
