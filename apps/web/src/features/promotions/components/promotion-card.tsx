import type { Promotion } from '@app/contracts/loyalty';
import { useTranslation } from 'react-i18next';
import { usePromotionFacts } from '@/features/promotions/hooks/use-promotion-facts';
import { rewardImageUrl } from '@/lib/reward-image';

type PromotionCardProps = { promotion: Promotion; onClaim: (promotion: Promotion) => void; claiming: boolean };

/** One promotion running now: its image, facts, terms, and a claim button or why it cannot be claimed. */
export function PromotionCard({ promotion, onClaim, claiming }: PromotionCardProps) {
  const { t } = useTranslation();
  const facts = usePromotionFacts();
  return (
    <li className="promotions__item" data-testid="promotion">
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
          onClick={() => onClaim(promotion)}
          disabled={claiming}
          aria-label={`${t('promotions.claim')}: ${promotion.title}`}
        >
          {t('promotions.claim')}
        </button>
      ) : (
        <p className="promotions__why">{promotion.notClaimableReason}</p>
      )}
    </li>
  );
}
