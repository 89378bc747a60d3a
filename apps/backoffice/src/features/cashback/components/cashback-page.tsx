import type { AdminCashbackSchedule } from '@app/contracts/cashback';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Catalogue, useCatalogue } from '@/components/ui/catalogue';
import type { Column } from '@/components/ui/data-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { useCashbackSchedules, useRunCashback, useSaveCashbackSchedule } from '@/features/cashback/api/cashback';
import { CashbackDialog } from '@/features/cashback/components/cashback-dialog';
import { withStatus } from '@/features/cashback/components/cashback-draft';
import { CashbackPayouts } from '@/features/cashback/components/cashback-payouts';
import { ApiError } from '@/lib/api-client';
import { formatDateTime, formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';

const baht = (satang: number) => formatMoney(satang / 100);

/**
 * Cashback: the schedules with their rule, bounds, turnover, what each has
 * paid and its last run; admins create, change, pause and resume them, and
 * may settle a schedule's last due period at once (the job does it 30
 * minutes after a period ends; nobody is paid twice). Below, the payouts.
 * Every change and run is audited by the server.
 */
export function CashbackPage() {
  const { t } = useTranslation();
  const schedules = useCashbackSchedules();
  const save = useSaveCashbackSchedule();
  const run = useRunCashback();
  const catalogue = useCatalogue<AdminCashbackSchedule>();
  const language = currentLanguage();
  const name = (schedule: AdminCashbackSchedule) => schedule.names[language] || schedule.names.th || '';

  function toggle(schedule: AdminCashbackSchedule) {
    catalogue.say(null);
    const status = schedule.status === 'ACTIVE' ? 'PAUSED' : 'ACTIVE';
    save.mutate(
      { id: schedule.id, schedule: withStatus(schedule, status) },
      { onSuccess: () => catalogue.say(status === 'PAUSED' ? t('loyalty.paused') : t('loyalty.resumed')) },
    );
  }

  function settle(schedule: AdminCashbackSchedule) {
    catalogue.say(null);
    run.mutate(schedule.id, {
      onSuccess: ({ data }) => catalogue.say(t('cashback.ran', { ...data, period: formatDateTime(data.periodStart) })),
    });
  }

  const columns: Column<AdminCashbackSchedule>[] = [
    { header: t('cashback.name'), cell: name },
    {
      header: t('cashback.rule'),
      cell: (s) =>
        t('cashback.ruleText', {
          rate: s.rateBp / 100,
          base: t(`cashback.base_${s.base}`),
          period: t(`cashback.period_${s.period}`),
        }),
    },
    {
      header: t('cashback.bounds'),
      cell: (s) => `${baht(s.minSatang)} – ${s.maxSatang === null ? t('cashback.noMax') : baht(s.maxSatang)}`,
    },
    {
      header: t('cashback.turnover'),
      cell: (s) => (s.turnoverMultiplier === 0 ? t('loyalty.noTurnover') : `${s.turnoverMultiplier} ×`),
    },
    { header: t('cashback.paid'), numeric: true, cell: (s) => `${s.paidCount} · ${baht(s.paidSatang)}` },
    {
      header: t('cashback.lastRun'),
      cell: (s) =>
        s.lastRun ? t('cashback.lastRunText', { ...s.lastRun, period: formatDateTime(s.lastRun.periodStart) }) : '—',
    },
    {
      header: t('common.status'),
      cell: (s) => (
        <StatusBadge
          status={s.status}
          label={s.status === 'ACTIVE' ? t('loyalty.statusActive') : t('loyalty.statusPaused')}
        />
      ),
    },
  ];
  const failure = save.error ?? run.error;

  return (
    <>
      <Catalogue
        level="page"
        state={catalogue}
        title={t('cashback.title')}
        intro={t('cashback.intro')}
        addLabel={t('cashback.add')}
        toolbar={
          failure &&
          !catalogue.editing && (
            <Alert title={t('common.requestFailed')}>{failure instanceof ApiError ? failure.serverMessage : ''}</Alert>
          )
        }
        query={schedules}
        empty={t('cashback.none')}
        columns={columns}
        rowKey={(schedule) => schedule.id}
        rowTestId="cashback-row"
        edit={{
          header: t('loyalty.actions'),
          label: t('loyalty.edit'),
          name,
          more: (schedule) => (
            <>
              <button type="button" className="button button--small" onClick={() => toggle(schedule)}>
                {schedule.status === 'ACTIVE' ? t('loyalty.pause') : t('loyalty.resume')}
                <span className="visually-hidden"> {name(schedule)}</span>
              </button>
              <button
                type="button"
                className="button button--small"
                onClick={() => settle(schedule)}
                disabled={run.isPending}
              >
                {t('cashback.run')}
                <span className="visually-hidden"> {name(schedule)}</span>
              </button>
            </>
          ),
        }}
        form={(schedule) => (
          <CashbackDialog
            schedule={schedule}
            onClose={catalogue.close}
            onSaved={() => catalogue.done(t('cashback.saved'))}
          />
        )}
      />
      <CashbackPayouts />
    </>
  );
}
