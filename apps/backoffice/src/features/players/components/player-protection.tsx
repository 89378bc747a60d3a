import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { type Column, DataTable } from '@/components/ui/data-table';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { PAGES } from '@/config/paths';
import { usePlayerProtection } from '@/features/players/api/players';
import { formatDateTime, formatMoney } from '@/lib/format';

/**
 * What the player set to protect themselves: their limits, a
 * time-out or self-exclusion and its end, the reality check, and money held
 * for them. Read only: nobody but time ends an exclusion, and an operator
 * does not change a player's own limits.
 */
export function PlayerProtection({ playerId }: { playerId: number }) {
  const { t } = useTranslation();
  const protection = usePlayerProtection(playerId);
  if (protection.isPending) return <Spinner label={t('common.loading')} />;
  if (protection.isError) return <Alert>{t('common.loadFailed')}</Alert>;
  const { limits, exclusion, exclusions, realityCheckMinutes, held } = protection.data;
  const set = limits.filter((limit) => limit.amount !== null || limit.pending !== null);
  const columns: Column<(typeof set)[number]>[] = [
    { header: t('protection.limit'), cell: (limit) => t(`protection.limit_${limit.kind}_${limit.period}`) },
    {
      header: t('protection.inForce'),
      numeric: true,
      cell: (limit) => (limit.amount === null ? '—' : formatMoney(limit.amount)),
    },
    { header: t('protection.used'), numeric: true, cell: (limit) => formatMoney(limit.used) },
    {
      header: t('protection.pending'),
      cell: (limit) =>
        limit.pending
          ? t('protection.pendingFrom', {
              amount: limit.pending.amount === null ? t('protection.none') : formatMoney(limit.pending.amount),
              from: formatDateTime(limit.pending.from),
            })
          : '—',
    },
  ];
  return (
    <div data-testid="player-protection">
      {exclusion ? (
        <Alert tone="warning">
          {exclusion.endsAt
            ? t(`protection.exclusion_${exclusion.kind}`, { until: formatDateTime(exclusion.endsAt) })
            : t('protection.permanent')}
        </Alert>
      ) : (
        <p className="muted">{t('protection.noExclusion')}</p>
      )}
      <dl className="player__facts">
        <div>
          <dt>{t('protection.realityCheck')}</dt>
          <dd>
            {realityCheckMinutes === null
              ? t('protection.off')
              : t('protection.everyMinutes', { count: realityCheckMinutes })}
          </dd>
        </div>
        <div>
          <dt>{t('protection.pastExclusions')}</dt>
          <dd>{exclusions.length}</dd>
        </div>
      </dl>

      <h3 className="player__subheading">{t('protection.limits')}</h3>
      <DataTable
        rows={set}
        empty={t('protection.noLimits')}
        columns={columns}
        rowKey={(limit) => `${limit.kind}-${limit.period}`}
        rowTestId="protection-limit-row"
      />

      <h3 className="player__subheading">{t('held.title')}</h3>
      {held.length === 0 ? (
        <p className="muted">{t('common.empty')}</p>
      ) : (
        <ul>
          {held.map((item) => (
            <li key={item.id} data-testid="protection-held">
              {formatMoney(item.amount)} · {t(`held.reason_${item.reason}`)} · {formatDateTime(item.createdAt)}{' '}
              <StatusBadge status={item.status} label={t(`held.status_${item.status}`)} />
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to={PAGES.heldDeposits}>{t('protection.toHeld')}</Link>
      </p>
    </div>
  );
}
