import './promotion-picker.css';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PromotionProgress } from '@/components/promotions/promotion-progress';
import { ApiError } from '@/lib/api-client';
import { useClaimPromotion, useForfeitPromotion, usePromotions } from '@/lib/promotions';
import { useModalStore } from '@/stores/modal-store';

const NO_BONUS = '';

/**
 * The deposit modal's promotion choice: "No bonus" by default, or
 * one of the deposit promotions the player may claim now. Picking one claims
 * it (it waits for the next credited deposit); "No bonus" cancels a pending
 * pick. With a promotion already running, its progress shows instead.
 */
export function PromotionPicker() {
  const { t } = useTranslation();
  const selectId = useId();
  const promotions = usePromotions();
  const claim = useClaimPromotion();
  const forfeit = useForfeitPromotion();
  const openModal = useModalStore((state) => state.open);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  if (!promotions.data) return null;
  const { current, promotions: list } = promotions.data;
  if (current?.status === 'ACTIVE') return <PromotionProgress claim={current} compact />;

  const depositPromotions = list.filter(
    (promotion) => promotion.kind !== 'FIXED' && (promotion.claimable || promotion.id === current?.promotionId),
  );
  const busy = claim.isPending || forfeit.isPending;
  const fail = (error: unknown) =>
    setMessage({
      ok: false,
      text: error instanceof ApiError && error.serverMessage ? error.serverMessage : t('promotions.failed'),
    });

  async function choose(value: string) {
    setMessage(null);
    try {
      if (current) await forfeit.mutateAsync();
      if (value === NO_BONUS) {
        setMessage({ ok: true, text: t('promotions.noBonusChosen') });
        return;
      }
      const response = await claim.mutateAsync(Number(value));
      setMessage({ ok: true, text: response.message });
    } catch (error) {
      fail(error);
    }
  }

  return (
    <div className="promo-picker">
      <label htmlFor={selectId} className="promo-picker__label">
        {t('promotions.pickLabel')}
      </label>
      <select
        id={selectId}
        className="promo-picker__select"
        value={current?.promotionId != null ? String(current.promotionId) : NO_BONUS}
        onChange={(event) => void choose(event.target.value)}
        disabled={busy}
        data-testid="promotion-picker"
      >
        <option value={NO_BONUS}>{t('promotions.noBonus')}</option>
        {depositPromotions.map((promotion) => (
          <option key={promotion.id} value={String(promotion.id)}>
            {promotion.title}
          </option>
        ))}
      </select>
      <p className={`promo-picker__message${message?.ok === false ? ' is-error' : ''}`} role="status">
        {message?.text ?? (current?.status === 'PENDING' ? t('promotions.pendingNote') : '')}
      </p>
      <button type="button" className="promo-picker__all" onClick={() => openModal('promotions')}>
        {t('promotions.seeAll')}
      </button>
    </div>
  );
}
