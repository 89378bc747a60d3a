import { freezeRequestSchema, type PlayerDetail as Player } from '@app/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { DecisionDialog } from '@/components/ui/decision-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { type AdjustDirection, usePlayerActions } from '@/features/players/api/players';
import { AdjustDialog } from '@/features/players/components/adjust-dialog';
import { formatDateTime } from '@/lib/format';

type Pending = { kind: 'adjust'; direction: AdjustDirection } | { kind: 'freeze'; frozen: boolean };

/**
 * The player's name with credit, debit and freeze (or unfreeze), each asking
 * for a reason in its dialog, and why and since when a frozen player is frozen.
 */
export function PlayerHeader({ player: data }: { player: Player }) {
  const { t } = useTranslation();
  const { adjust, setFrozen, refresh } = usePlayerActions(data.id);
  const [pending, setPending] = useState<Pending | null>(null);
  return (
    <>
      <PageHeader title={data.fullName} subtitle={`${data.username} · ${data.phoneNumber}`}>
        <button
          type="button"
          className="button button--primary"
          onClick={() => setPending({ kind: 'adjust', direction: 'credit' })}
        >
          {t('players.credit')}
        </button>
        <button type="button" className="button" onClick={() => setPending({ kind: 'adjust', direction: 'debit' })}>
          {t('players.debit')}
        </button>
        <button
          type="button"
          className={`button${data.frozen ? '' : ' button--danger'}`}
          onClick={() => setPending({ kind: 'freeze', frozen: !data.frozen })}
        >
          {data.frozen ? t('players.unfreeze') : t('players.freeze')}
        </button>
      </PageHeader>

      {data.frozen && (
        <Alert tone="warning" title={t('players.frozenSince', { time: formatDateTime(data.frozenAt) })}>
          {data.frozenReason && (
            <p className="player__reason">
              {t('common.reason')}: {data.frozenReason}
            </p>
          )}
          <p className="player__reason">{t('players.frozenHint')}</p>
        </Alert>
      )}

      {pending?.kind === 'adjust' && (
        <AdjustDialog
          direction={pending.direction}
          player={data}
          send={(body, idempotencyKey) => adjust(pending.direction, body, idempotencyKey)}
          onSettled={refresh}
          onClose={() => setPending(null)}
        />
      )}
      {pending?.kind === 'freeze' && (
        <DecisionDialog
          title={t(pending.frozen ? 'players.freezeTitle' : 'players.unfreezeTitle', { name: data.fullName })}
          confirmLabel={pending.frozen ? t('players.freeze') : t('players.unfreeze')}
          tone={pending.frozen ? 'danger' : 'primary'}
          reason="required"
          successText={pending.frozen ? t('players.frozenDone') : t('players.unfrozenDone')}
          // Freezing needs no Idempotency-Key: a second freeze is refused (ALREADY_FROZEN), never applied twice.
          onConfirm={({ reason }) => setFrozen(pending.frozen, freezeRequestSchema.parse({ reason }))}
          onSettled={refresh}
          onClose={() => setPending(null)}
        >
          <p>{t(pending.frozen ? 'players.freezeHint' : 'players.unfreezeHint', { name: data.fullName })}</p>
        </DecisionDialog>
      )}
    </>
  );
}
