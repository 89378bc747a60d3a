import '@/components/ui/table.css';
import './loyalty.css';
import { type AdminRedemption, REDEMPTION_STATUSES, type RedemptionStatus } from '@app/contracts/loyalty';
import { formatPoints } from '@app/contracts/money';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { FormFooter } from '@/components/ui/form-footer';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { playerPage } from '@/config/paths';
import { useRedemptionDecision, useRedemptions } from '@/features/loyalty/api/loyalty';
import { formatDateTime, formatMoney } from '@/lib/format';

type Pending = { item: AdminRedemption; action: 'send' | 'cancel' };

/**
 * The reward fulfilment queue: item rewards waiting to be sent,
 * oldest first, with who to send them to (name, phone, LINE). An operator
 * marks one sent with a note the player sees, or cancels it (the points
 * return to the player). The other statuses list what was decided.
 */
export function RedemptionsQueue() {
  const { t } = useTranslation();
  const filterId = useId();
  const [status, setStatus] = useState<RedemptionStatus>('WAITING');
  const redemptions = useRedemptions(status);
  const [pending, setPending] = useState<Pending | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const statusLabel = (value: RedemptionStatus) => t(`loyalty.redemption_${value}`);

  let body: React.ReactNode;
  if (redemptions.isPending) body = <Spinner label={t('common.loading')} />;
  else if (redemptions.isError) body = <Alert>{t('common.loadFailed')}</Alert>;
  else if (redemptions.data.length === 0) body = <p className="muted">{t('loyalty.noRedemptions')}</p>;
  else {
    body = (
      <div className="table-box">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('loyalty.player')}</th>
              <th scope="col">{t('loyalty.contact')}</th>
              <th scope="col">{t('loyalty.reward')}</th>
              <th scope="col" className="num">
                {t('loyalty.points')}
              </th>
              <th scope="col">{t('loyalty.redeemedAt')}</th>
              <th scope="col">{t('common.status')}</th>
              <th scope="col">{t('loyalty.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {redemptions.data.map((item) => (
              <tr key={item.id} data-testid="redemption-row">
                <td data-label={t('loyalty.player')}>
                  <Link to={playerPage(item.playerId)}>{item.fullName}</Link>
                  <div className="muted mono">{item.username}</div>
                </td>
                <td data-label={t('loyalty.contact')}>
                  <div className="mono">{item.phoneNumber}</div>
                  {item.lineId && <div className="muted">LINE {item.lineId}</div>}
                </td>
                <td data-label={t('loyalty.reward')}>
                  {item.rewardName}
                  {item.creditAmount !== null && <div className="muted">{formatMoney(item.creditAmount)}</div>}
                </td>
                <td data-label={t('loyalty.points')} className="num">
                  {formatPoints(item.points)}
                </td>
                <td data-label={t('loyalty.redeemedAt')}>{formatDateTime(item.createdAt)}</td>
                <td data-label={t('common.status')}>
                  <StatusBadge status={item.status} label={statusLabel(item.status)} />
                  {item.note && <div className="muted">{item.note}</div>}
                  {item.decidedBy && (
                    <div className="muted">
                      {item.decidedBy} · {formatDateTime(item.decidedAt)}
                    </div>
                  )}
                </td>
                <td data-label={t('loyalty.actions')}>
                  {item.status === 'WAITING' && (
                    <div className="table__actions">
                      <button
                        type="button"
                        className="button button--small button--primary"
                        onClick={() => {
                          setDone(null);
                          setPending({ item, action: 'send' });
                        }}
                      >
                        {t('loyalty.markSent')}
                        <span className="visually-hidden"> {item.fullName}</span>
                      </button>
                      <button
                        type="button"
                        className="button button--small"
                        onClick={() => {
                          setDone(null);
                          setPending({ item, action: 'cancel' });
                        }}
                      >
                        {t('loyalty.cancelRedemption')}
                        <span className="visually-hidden"> {item.fullName}</span>
                      </button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <>
      <PageHeader title={t('loyalty.redemptionsTitle')} subtitle={t('loyalty.redemptionsIntro')}>
        <div className="field field--inline">
          <label htmlFor={filterId}>{t('common.status')}</label>
          <select id={filterId} value={status} onChange={(event) => setStatus(event.target.value as RedemptionStatus)}>
            {REDEMPTION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {statusLabel(value)}
              </option>
            ))}
          </select>
        </div>
      </PageHeader>
      {done && <Alert tone="success">{done}</Alert>}
      {body}
      {pending && (
        <RedemptionDecisionDialog
          pending={pending}
          onClose={() => setPending(null)}
          onDone={(message) => {
            setPending(null);
            setDone(message);
          }}
        />
      )}
    </>
  );
}

function RedemptionDecisionDialog({
  pending,
  onClose,
  onDone,
}: {
  pending: Pending;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation();
  const noteId = useId();
  const decide = useRedemptionDecision();
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const { item, action } = pending;

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (note.trim() === '') {
      setMissing(true);
      return;
    }
    decide.mutate(
      { id: item.id, action, note: note.trim() },
      {
        onSuccess: () =>
          onDone(
            action === 'send'
              ? t('loyalty.sentDone', { reward: item.rewardName, name: item.fullName })
              : t('loyalty.cancelDone', { points: formatPoints(item.points), name: item.fullName }),
          ),
      },
    );
  }

  return (
    <Dialog title={action === 'send' ? t('loyalty.markSentTitle') : t('loyalty.cancelTitle')} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <p>
          {action === 'send'
            ? t('loyalty.markSentHint', { reward: item.rewardName, name: item.fullName, phone: item.phoneNumber })
            : t('loyalty.cancelHint', { reward: item.rewardName, points: formatPoints(item.points) })}
        </p>
        <FormField
          id={noteId}
          label={action === 'send' ? t('loyalty.sentNote') : t('common.reason')}
          hint={action === 'send' ? t('loyalty.sentNoteHint') : undefined}
          error={missing ? t('loyalty.noteRequired') : undefined}
        >
          <textarea
            id={noteId}
            rows={3}
            value={note}
            onChange={(event) => {
              setNote(event.target.value);
              setMissing(false);
            }}
            aria-invalid={missing ? true : undefined}
            aria-describedby={missing ? `${noteId}-error` : undefined}
          />
        </FormField>
        <FormFooter
          sending={decide}
          submitLabel={action === 'send' ? t('loyalty.markSent') : t('loyalty.cancelRedemption')}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
