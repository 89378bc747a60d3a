import './loyalty.css';
import type { AdminPromotion } from '@app/contracts/loyalty';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Catalogue, useCatalogue } from '@/components/ui/catalogue';
import type { Column } from '@/components/ui/data-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { usePromotions, useSavePromotion } from '@/features/loyalty/api/loyalty';
import { PromotionDialog } from '@/features/loyalty/components/promotion-dialog';
import { bonusText, withStatus } from '@/features/loyalty/components/promotion-draft';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

/**
 * Promotions: every promotion with its bonus, turnover, window and
 * claims; admins create and change them (texts and image in the six
 * languages, with a preview of what players read) and pause or resume them.
 * Every change is audited by the server; claims already started keep the
 * terms they started with.
 */
export function PromotionsPage() {
  const { t } = useTranslation();
  const promotions = usePromotions();
  const save = useSavePromotion();
  const catalogue = useCatalogue<AdminPromotion>();
  const language = currentLanguage();

  const title = (promotion: AdminPromotion) => (promotion.texts[language] ?? promotion.texts.en)?.title ?? '';

  function toggle(promotion: AdminPromotion) {
    catalogue.say(null);
    const status = promotion.status === 'ACTIVE' ? 'PAUSED' : 'ACTIVE';
    save.mutate(
      { id: promotion.id, promotion: withStatus(promotion, status) },
      { onSuccess: () => catalogue.say(status === 'PAUSED' ? t('loyalty.paused') : t('loyalty.resumed')) },
    );
  }

  const columns: Column<AdminPromotion>[] = [
    { header: t('loyalty.title'), cell: title },
    { header: t('loyalty.kind'), cell: (promotion) => t(`loyalty.kind_${promotion.kind}`) },
    { header: t('loyalty.bonus'), cell: (promotion) => bonusText(promotion, t) },
    {
      header: t('loyalty.turnover'),
      cell: (promotion) =>
        promotion.turnoverMultiplier === 0
          ? t('loyalty.noTurnover')
          : t(`loyalty.turnover_${promotion.turnoverBase}`, { times: promotion.turnoverMultiplier }),
    },
    {
      header: t('loyalty.window'),
      cell: (promotion) =>
        promotion.startsAt || promotion.endsAt
          ? `${formatDateTime(promotion.startsAt)} – ${formatDateTime(promotion.endsAt)}`
          : t('loyalty.always'),
    },
    { header: t('loyalty.claims'), numeric: true, cell: (promotion) => promotion.claims },
    {
      header: t('common.status'),
      cell: (promotion) => (
        <StatusBadge
          status={promotion.status === 'ACTIVE' ? 'ACTIVE' : 'PAUSED'}
          label={promotion.status === 'ACTIVE' ? t('loyalty.statusActive') : t('loyalty.statusPaused')}
        />
      ),
    },
  ];

  return (
    <Catalogue
      level="page"
      state={catalogue}
      title={t('loyalty.promotionsTitle')}
      intro={t('loyalty.promotionsIntro')}
      addLabel={t('loyalty.addPromotion')}
      toolbar={
        save.isError &&
        !catalogue.editing && (
          <Alert title={t('common.requestFailed')}>
            {save.error instanceof ApiError ? save.error.serverMessage : ''}
          </Alert>
        )
      }
      query={promotions}
      empty={t('loyalty.noPromotions')}
      columns={columns}
      rowKey={(promotion) => promotion.id}
      rowTestId="promotion-row"
      edit={{
        header: t('loyalty.actions'),
        label: t('loyalty.edit'),
        name: title,
        more: (promotion) => (
          <button
            type="button"
            className="button button--small"
            onClick={() => toggle(promotion)}
            disabled={save.isPending}
          >
            {promotion.status === 'ACTIVE' ? t('loyalty.pause') : t('loyalty.resume')}
            <span className="visually-hidden"> {title(promotion)}</span>
          </button>
        ),
      }}
      form={(promotion) => (
        <PromotionDialog
          promotion={promotion}
          onClose={catalogue.close}
          onSaved={() => catalogue.done(t('loyalty.saved'))}
        />
      )}
    />
  );
}
