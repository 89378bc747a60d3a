import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { usePlayerPicker, type useWaitingDepositsOfAmount } from '@/features/transfers/api/transfers';
import { bankDisplayName } from '@/lib/banks';
import { formatDateTime } from '@/lib/format';

export type PickedPlayer = NonNullable<ReturnType<typeof usePlayerPicker>['data']>['items'][number];

/** The choice of how to credit: a new deposit, or the id of the waiting slip deposit it settles. */
export const NEW_DEPOSIT = 'new';

/** The players the search found, one to pick (a radio each); a frozen one says so. */
export function PlayerChoices({
  search,
  name,
  picked,
  onPick,
}: {
  search: string;
  name: string;
  picked: PickedPlayer | undefined;
  onPick: (player: PickedPlayer) => void;
}) {
  const { t } = useTranslation();
  const players = usePlayerPicker(search);
  if (players.isPending) return <Spinner label={t('common.loading')} />;
  if (players.isError) return <Alert>{t('transfers.searchFailed')}</Alert>;
  if (players.data.items.length === 0) return <p className="muted">{t('transfers.noPlayers')}</p>;
  const { items, total } = players.data;
  return (
    <fieldset className="choice-list">
      <legend>{t('transfers.pickPlayer')}</legend>
      {items.map((player) => (
        <label key={player.id} className="choice">
          <input
            type="radio"
            name={name}
            value={player.id}
            checked={picked?.id === player.id}
            onChange={() => onPick(player)}
          />
          <span className="choice__text">
            <strong>
              {player.fullName} ({player.username})
            </strong>
            <span>{player.phoneNumber}</span>
            <span className="muted">
              {bankDisplayName(player.bankCode) ?? player.bankName} · <span className="mono">{player.bankNumber}</span>
              {player.frozen && ` · ${t('transfers.frozen')}`}
            </span>
          </span>
        </label>
      ))}
      {total > items.length && <p className="muted">{t('transfers.moreResults', { shown: items.length, total })}</p>}
    </fieldset>
  );
}

/**
 * How to credit the transfer when the player has waiting slip deposits of
 * its amount: settling one of them (the first by default) or as a new deposit.
 */
export function SettleChoices({
  waiting,
  credit,
  name,
  onChoose,
}: {
  waiting: ReturnType<typeof useWaitingDepositsOfAmount>;
  credit: string;
  name: string;
  onChoose: (choice: string) => void;
}) {
  const { t } = useTranslation();
  if (waiting.isPending) return <Spinner label={t('transfers.checkingDeposits')} />;
  if (waiting.isError) return <Alert tone="warning">{t('transfers.depositsFailed')}</Alert>;
  const matches = waiting.data;
  if (matches.length === 0) return null;
  return (
    <fieldset className="choice-list">
      <legend>{t('transfers.creditAs')}</legend>
      <p className="muted">{t('transfers.settleHint')}</p>
      {matches.map((deposit) => (
        <label key={deposit.id} className="choice">
          <input
            type="radio"
            name={name}
            value={deposit.id}
            checked={credit === String(deposit.id)}
            onChange={() => onChoose(String(deposit.id))}
          />
          <span className="choice__text">
            {t('transfers.creditSettle', {
              date: formatDateTime(deposit.createdAt),
              reference: deposit.slip?.reference ?? '-',
            })}
          </span>
        </label>
      ))}
      <label className="choice">
        <input
          type="radio"
          name={name}
          value={NEW_DEPOSIT}
          checked={credit === NEW_DEPOSIT}
          onChange={() => onChoose(NEW_DEPOSIT)}
        />
        <span className="choice__text">{t('transfers.creditNew')}</span>
      </label>
    </fieldset>
  );
}
