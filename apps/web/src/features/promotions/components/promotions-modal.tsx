import './promotions-modal.css';
import type { Promotion } from '@app/contracts/loyalty';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useClaimPromotion, usePromotions } from '@/features/promotions/api/promotions';
import { ClaimOutcome, type ClaimOutcomeValue } from '@/features/promotions/components/claim-outcome';
import { PromotionCard } from '@/features/promotions/components/promotion-card';
import { PromotionProgress } from '@/features/promotions/components/promotion-progress';
import { ApiError } from '@/lib/api-client';
import type { ModalProps } from '@/stores/modal-store';

/**
 * The promotions screen, from the home wallet panel and the deposit modal: the
 * player's open promotion with its progress, then every promotion running now
 * with its facts, terms and a claim button. A deposit promotion claimed here
 * waits for the next deposit; a fixed bonus is credited at once.
 */
export function PromotionsModal({ onClose }: ModalProps) {
  const { t } = useTranslation();
  const promotions = usePromotions();
  const claim = useClaimPromotion();
  const [outcome, setOutcome] = useState<ClaimOutcomeValue | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  // The answer shows above the list: bring it into view, the player tapped a card further down.
  useEffect(() => {
    if (outcome) outcomeRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [outcome]);

  function claimPromotion(promotion: Promotion) {
    setOutcome(null);
    claim.mutate(promotion.id, {
      onSuccess: (response) =>
        setOutcome({ ok: true, message: response.message, deposit: response.data.status === 'PENDING' }),
      onError: (error) =>
        setOutcome({
          ok: false,
          message: error instanceof ApiError && error.serverMessage ? error.serverMessage : t('promotions.failed'),
          deposit: false,
        }),
    });
  }

  let content: ReactNode;
  if (promotions.isPending) {
    content = (
      <p className="dialog__status">
        <Spinner /> {t('common.loading')}
      </p>
    );
  } else if (promotions.isError) {
    content = (
      <p className="dialog__text" role="alert">
        {t('promotions.loadFailed')}
      </p>
    );
  } else {
    const { current, promotions: list } = promotions.data;
    content = (
      <>
        {current && <PromotionProgress claim={current} />}
        {outcome && <ClaimOutcome outcome={outcome} ref={outcomeRef} />}
        {list.length === 0 ? (
          <p className="dialog__text">{t('promotions.empty')}</p>
        ) : (
          <ul className="promotions">
            {list.map((promotion) => (
              <PromotionCard
                key={promotion.id}
                promotion={promotion}
                onClaim={claimPromotion}
                claiming={claim.isPending}
              />
            ))}
          </ul>
        )}
      </>
    );
  }

  return (
    <Dialog title={t('modals.promotions')} onClose={onClose}>
      <div className="dialog__body promotions-modal">{content}</div>
    </Dialog>
  );
}
