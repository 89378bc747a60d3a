import './reward-modal.css';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useRewards } from '@/features/rewards/api/get-rewards';
import type { ModalProps } from '@/stores/modal-store';

/** Spec §2: reward images are served at /images/reward/{imageUrl}. */
export function rewardImageUrl(imageUrl: string): string {
  return `/images/reward/${encodeURIComponent(imageUrl)}`;
}

/** Spec §2 reward modal: a grid of rewards with name, image and a redeem button that only closes the modal. */
export function RewardModal({ onClose }: ModalProps) {
  const { t } = useTranslation();
  const rewards = useRewards();

  let content: React.ReactNode;
  if (rewards.isPending) {
    content = (
      <p className="dialog__status">
        <Spinner /> {t('common.loading')}
      </p>
    );
  } else if (rewards.isError) {
    content = (
      <p className="dialog__text" role="alert">
        {t('rewards.loadFailed')}
      </p>
    );
  } else if (rewards.data.length === 0) {
    content = <p className="dialog__text">{t('rewards.empty')}</p>;
  } else {
    content = (
      <ul className="rewards">
        {rewards.data.map((reward) => (
          <li key={reward.id} className="rewards__item">
            <img src={rewardImageUrl(reward.imageUrl)} alt="" width={400} height={400} loading="lazy" />
            <span className="rewards__name">{reward.name}</span>
            <button
              type="button"
              className="button button--gold button--small"
              onClick={onClose}
              aria-label={`${t('rewards.redeem')}: ${reward.name}`}
            >
              {t('rewards.redeem')}
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Dialog title={t('modals.reward')} onClose={onClose} className="dialog--wide">
      <div className="dialog__body">{content}</div>
    </Dialog>
  );
}
