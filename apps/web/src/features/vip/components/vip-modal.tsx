import './vip-modal.css';
import { formatBahtWithSymbol } from '@app/contracts/money';
import type { VipResponse } from '@app/contracts/vip';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { useVip } from '@/features/vip/api/vip';
import { VIP_NS } from '@/features/vip/i18n';
import { formatDate, formatDateTime } from '@/lib/dates';
import type { ModalProps } from '@/stores/modal-store';

type Vip = VipResponse['data'];

/**
 * VIP: the rank held with the way to the next, the rakeback so far and when
 * it pays, every rank's terms, and what was paid. Every figure is the
 * server's, to the satang.
 */
export function VipModal({ onClose }: ModalProps) {
  const { t } = useTranslation(VIP_NS);
  const vip = useVip();
  return (
    <Dialog title={t('title')} onClose={onClose} className="vip-dialog">
      <div className="dialog__body vip">
        <p className="vip__intro">{t('intro')}</p>
        {vip.isPending && <Spinner />}
        {vip.isError && <FormAlert>{t('loadFailed')}</FormAlert>}
        {vip.data && (
          <>
            <Standing vip={vip.data} />
            <Ladder vip={vip.data} />
            <Paid vip={vip.data} />
          </>
        )}
      </div>
    </Dialog>
  );
}

function Standing({ vip }: { vip: Vip }) {
  const { t } = useTranslation(VIP_NS);
  const progress =
    vip.next && vip.next.turnover > 0 ? Math.min(100, Math.floor((vip.turnover / vip.next.turnover) * 100)) : 100;
  return (
    <section className="vip__card" aria-label={t('yourRank')} data-testid="vip-standing">
      <p className="vip__label">{t('yourRank')}</p>
      <h3 className="vip__rank">{vip.rank ? vip.rank.name : t('noRank')}</h3>
      <p className="vip__figure">
        {t('turnover')}: <strong>{formatBahtWithSymbol(vip.turnover)}</strong>
      </p>
      <div className="vip__bar" role="presentation">
        <span style={{ width: `${progress}%` }} />
      </div>
      <p className="vip__note">
        {vip.next ? t('toNext', { amount: formatBahtWithSymbol(vip.next.remaining), rank: vip.next.name }) : t('top')}
      </p>
      <dl className="vip__figures">
        <div>
          <dt>{t('rakebackTurnover')}</dt>
          <dd>{formatBahtWithSymbol(vip.rakeback.turnover)}</dd>
        </div>
        <div>
          <dt>{t('rakebackEstimate')}</dt>
          <dd className="vip__gold" data-testid="rakeback-estimate">
            {formatBahtWithSymbol(vip.rakeback.estimate)}
          </dd>
        </div>
      </dl>
      {vip.rakeback.excluded && <p className="vip__note">{vip.rakeback.excluded}</p>}
      <p className="vip__note">{t('paysAt', { date: formatDateTime(vip.rakeback.paysAt) })}</p>
    </section>
  );
}

function Ladder({ vip }: { vip: Vip }) {
  const { t } = useTranslation(VIP_NS);
  return (
    <section className="vip__section" aria-label={t('ranks')}>
      <h3>{t('ranks')}</h3>
      <ol className="vip__ladder">
        {vip.ranks.map((rank) => (
          <li key={rank.id} className={rank.reached ? 'is-reached' : ''} data-testid="vip-rank">
            <strong>{rank.name}</strong>
            {rank.reached && <span className="vip__badge">{t('reached')}</span>}
            <span className="vip__note">
              {t('rankTerms', {
                turnover: formatBahtWithSymbol(rank.turnover),
                rate: rank.rakebackPercent,
                reward: formatBahtWithSymbol(rank.levelUpReward),
              })}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Paid({ vip }: { vip: Vip }) {
  const { t } = useTranslation(VIP_NS);
  return (
    <>
      <section className="vip__section" aria-label={t('rankUps')}>
        <h3>{t('rankUps')}</h3>
        {vip.rankUps.length === 0 && <p className="vip__note">{t('noPayouts')}</p>}
        <ul className="vip__list">
          {vip.rankUps.map((row) => (
            <li key={row.rankId}>
              <span>
                {row.name} · {formatDate(row.reachedAt)}
              </span>
              <strong>{row.status === 'PAID' ? formatBahtWithSymbol(row.amount) : t(`status.${row.status}`)}</strong>
            </li>
          ))}
        </ul>
      </section>
      <section className="vip__section" aria-label={t('payouts')}>
        <h3>{t('payouts')}</h3>
        {vip.payouts.length === 0 && <p className="vip__note">{t('noPayouts')}</p>}
        <ul className="vip__list">
          {vip.payouts.map((row) => (
            <li key={row.id}>
              <span>
                {t('payoutLine', {
                  day: formatDate(row.day),
                  rate: row.ratePercent,
                  turnover: formatBahtWithSymbol(row.turnover),
                })}
                {row.reason && <small className="vip__note">{row.reason}</small>}
              </span>
              <strong>{row.status === 'PAID' ? formatBahtWithSymbol(row.amount) : t('status.SKIPPED')}</strong>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
