import './promotions-modal.css';
import type { Promotion } from '@app/contracts/loyalty';
import { formatBahtWithSymbol } from '@app/contracts/money';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PromotionProgress } from '@/components/promotions/promotion-progress';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { useClaimPromotion, usePromotions } from '@/lib/promotions';
import { rewardImageUrl } from '@/lib/reward-image';
import { type ModalProps, useModalStore } from '@/stores/modal-store';

/** The short facts of a promotion, each one line: bonus, minimum, turnover, games, limit, end. */
export function usePromotionFacts() {
  const { t } = useTranslation();
  return (promotion: Promotion): string[] => {
    const facts: string[] = [];
    if (promotion.kind === 'FIXED') {
      facts.push(t('promotions.factFixed', { amount: formatBahtWithSymbol(promotion.fixedAmount ?? 0) }));
    } else {
      facts.push(
        promotion.cap === null
          ? t('promotions.factPercent', { percent: promotion.percent })
          : t('promotions.factPercentCap', { percent: promotion.percent, cap: formatBahtWithSymbol(promotion.cap) }),
      );
      if (promotion.minDeposit > 0) {
        facts.push(t('promotions.factMinDeposit', { amount: formatBahtWithSymbol(promotion.minDeposit) }));
      }
    }
    if (promotion.turnoverMultiplier > 0) {
      facts.push(
        promotion.turnoverBase === 'BONUS'
          ? t('promotions.factTurnoverBonus', { times: promotion.turnoverMultiplier })
          : t('promotions.factTurnoverAll', { times: promotion.turnoverMultiplier }),
      );
      const { wc, ufa } = promotion.contribution;
      if (wc !== 100 || ufa !== 100) facts.push(t('promotions.factGames', { wc, ufa }));
    }
    if (promotion.maxWithdraw !== null) {
      facts.push(t('promotions.factMaxWithdraw', { amount: formatBahtWithSymbol(promotion.maxWithdraw) }));
    }
    facts.push(promotion.claimLimit === 'DAILY' ? t('promotions.factDaily') : t('promotions.factOnce'));
    if (promotion.endsAt) {
      facts.push(t('promotions.factEnds', { date: formatDate(promotion.endsAt) }));
    }
    return facts;
  };
}

/**
 * The promotions screen, from the home wallet panel and the deposit
 * modal: the player's open promotion with its progress, then every promotion
 * running now with its facts, terms and a claim button. A deposit promotion
 * claimed here waits for the next deposit; a fixed bonus is credited at once.
 */
export function PromotionsModal({ onClose }: ModalProps) {
  const { t } = useTranslation();
  const promotions = usePromotions();
  const claim = useClaimPromotion();
  const openModal = useModalStore((state) => state.open);
  const facts = usePromotionFacts();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string; deposit: boolean } | null>(null);
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

  let content: React.ReactNode;
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
        {outcome && (
          <div ref={outcomeRef}>
            {outcome.ok ? (
              <div className="promotions__outcome" role="status">
                <p>{outcome.message}</p>
                {outcome.deposit && (
                  <button
                    type="button"
                    className="button button--gold button--small"
                    onClick={() => openModal('deposit')}
                  >
                    {t('promotions.depositNow')}
                  </button>
                )}
              </div>
            ) : (
              <FormAlert title={t('promotions.claimFailed')}>{outcome.message}</FormAlert>
            )}
          </div>
        )}
        {list.length === 0 ? (
          <p className="dialog__text">{t('promotions.empty')}</p>
        ) : (
          <ul className="promotions">
            {list.map((promotion) => (
              <li key={promotion.id} className="promotions__item" data-testid="promotion">
                {promotion.imageUrl && (
                  <img src={rewardImageUrl(promotion.imageUrl)} alt="" width={640} height={260} loading="lazy" />
                )}
                <h3 className="promotions__title">{promotion.title}</h3>
                <ul className="promotions__facts">
                  {facts(promotion).map((fact) => (
                    <li key={fact}>{fact}</li>
                  ))}
                </ul>
                {promotion.terms && (
                  <details className="promotions__terms">
                    <summary>{t('promotions.terms')}</summary>
                    <p>{promotion.terms}</p>
                  </details>
                )}
                {promotion.claimable ? (
                  <button
                    type="button"
                    className="button button--gold button--block"
                    onClick={() => claimPromotion(promotion)}
                    disabled={claim.isPending}
                    aria-label={`${t('promotions.claim')}: ${promotion.title}`}
                  >
                    {t('promotions.claim')}
                  </button>
                ) : (
                  <p className="promotions__why">{promotion.notClaimableReason}</p>
                )}
              </li>
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
