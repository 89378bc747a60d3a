import './cashback-modal.css';
import type { CashbackPayout, CashbackSchedule } from '@app/contracts/cashback';
import { formatBahtWithSymbol } from '@app/contracts/money';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { useCashback, useCashbackOptOut } from '@/features/cashback/api/cashback';
import { CASHBACK_NS } from '@/features/cashback/i18n';
import { formatDate, formatDateTime } from '@/lib/dates';
import { errorText } from '@/lib/error-text';
import type { ModalProps } from '@/stores/modal-store';

/**
 * Cashback: each schedule's rule and terms, the running period's figure so
 * far and what it would pay, the player's switch, and the last payouts with
 * why a period paid nothing. Every figure is the server's, to the satang.
 */
export function CashbackModal({ onClose }: ModalProps) {
  const { t } = useTranslation(CASHBACK_NS);
  const cashback = useCashback();
  return (
    <Dialog title={t('title')} onClose={onClose} className="cashback-dialog">
      <div className="dialog__body cashback">
        <p className="cashback__intro">{t('intro')}</p>
        {cashback.isPending && <Spinner />}
        {cashback.isError && <FormAlert>{t('loadFailed')}</FormAlert>}
        {cashback.data && (
          <>
            {cashback.data.schedules.length === 0 && <p className="cashback__empty">{t('none')}</p>}
            {cashback.data.schedules.map((schedule) => (
              <ScheduleCard key={schedule.id} schedule={schedule} />
            ))}
            <OptIn optedOut={cashback.data.optedOut} />
            <Payouts payouts={cashback.data.payouts} />
          </>
        )}
      </div>
    </Dialog>
  );
}

function ScheduleCard({ schedule }: { schedule: CashbackSchedule }) {
  const { t } = useTranslation(CASHBACK_NS);
  const { current } = schedule;
  return (
    <section className="cashback__card" aria-label={schedule.name} data-testid="cashback-schedule">
      <h3>{schedule.name}</h3>
      <p className="cashback__rule">
        {t(`rule.${schedule.base}`, { rate: schedule.ratePercent })}, {t(`period.${schedule.period}`)}
      </p>
      <dl className="cashback__figures">
        <div>
          <dt>{t(`soFar.${schedule.base}`)}</dt>
          <dd>{formatBahtWithSymbol(current.base)}</dd>
        </div>
        <div className="cashback__estimate">
          <dt>{t('estimate')}</dt>
          <dd data-testid="cashback-estimate">{formatBahtWithSymbol(current.estimate)}</dd>
        </div>
      </dl>
      {current.excluded && <p className="cashback__why">{current.excluded}</p>}
      <p className="cashback__when">{t('paysAt', { date: formatDateTime(current.paysAt) })}</p>
      <ul className="cashback__terms">
        <li>{t('terms.min', { amount: formatBahtWithSymbol(schedule.minAmount) })}</li>
        <li>
          {schedule.maxAmount === null
            ? t('terms.noMax')
            : t('terms.max', { amount: formatBahtWithSymbol(schedule.maxAmount) })}
        </li>
        <li>
          {schedule.turnoverMultiplier > 0
            ? t('terms.turnover', { multiplier: schedule.turnoverMultiplier })
            : t('terms.noTurnover')}
        </li>
        {schedule.maxWithdraw !== null && (
          <li>{t('terms.maxWithdraw', { amount: formatBahtWithSymbol(schedule.maxWithdraw) })}</li>
        )}
        <li>{t('terms.bonus')}</li>
      </ul>
    </section>
  );
}

/** The player's switch: it moves at once, and back if the server refuses. */
function OptIn({ optedOut }: { optedOut: boolean }) {
  const { t } = useTranslation(CASHBACK_NS);
  const save = useCashbackOptOut();
  const [on, setOn] = useState(!optedOut);
  useEffect(() => setOn(!optedOut), [optedOut]);
  return (
    <div className="cashback__opt">
      <label className="cashback__switch">
        <input
          type="checkbox"
          checked={on}
          disabled={save.isPending}
          onChange={(event) => {
            setOn(event.target.checked);
            save.mutate(!event.target.checked, { onError: () => setOn(!optedOut) });
          }}
        />
        <span>{t('optIn')}</span>
      </label>
      <p className="cashback__note">{t('optOutNote')}</p>
      {save.isSuccess && (
        <p className="cashback__saved" role="status">
          {save.data.message}
        </p>
      )}
      {save.isError && <FormAlert>{errorText(save.error, t('saveFailed'))}</FormAlert>}
    </div>
  );
}

function Payouts({ payouts }: { payouts: CashbackPayout[] }) {
  const { t } = useTranslation(CASHBACK_NS);
  return (
    <section className="cashback__payouts" aria-label={t('payouts')}>
      <h3>{t('payouts')}</h3>
      {payouts.length === 0 && <p className="cashback__empty">{t('noPayouts')}</p>}
      <ul>
        {payouts.map((payout) => (
          <li key={payout.id} className={`cashback__payout is-${payout.status.toLowerCase()}`}>
            <div className="cashback__payout-head">
              <span>
                {payout.name} ·{' '}
                {t('periodRange', {
                  from: formatDate(payout.periodStart),
                  to: formatDate(new Date(Date.parse(payout.periodEnd) - 1).toISOString()),
                })}
              </span>
              <strong>{formatBahtWithSymbol(payout.amount)}</strong>
            </div>
            <div className="cashback__payout-foot">
              <span className="cashback__badge">{t(`status.${payout.status}`)}</span>
              {payout.status === 'PAID' && payout.turnoverRequired > 0 && (
                <span>{t('turnoverOf', { amount: formatBahtWithSymbol(payout.turnoverRequired) })}</span>
              )}
              {payout.reason && <span className="cashback__why">{payout.reason}</span>}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
