import type { BankTransferItem } from '@app/contracts/admin';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionDialog } from '@/components/ui/decision-dialog';
import { useAssignTransfer, useWaitingDepositsOfAmount } from '@/features/transfers/api/transfers';
import {
  NEW_DEPOSIT,
  type PickedPlayer,
  PlayerChoices,
  SettleChoices,
} from '@/features/transfers/components/transfer-choices';
import { bankDisplayName } from '@/lib/banks';
import { formatDateTime, formatMoney } from '@/lib/format';

/**
 * Gives an unmatched transfer to a player. The operator finds the player
 * (phone, name, username, bank account), picks one from a short list and gives
 * a reason; the confirm stays off until a player is chosen. When that player
 * has a waiting slip deposit of the same amount, the transfer settles it by
 * default (one credit, not two); the operator may still credit it as new.
 */
export function AssignTransferDialog({ transfer, onClose }: { transfer: BankTransferItem; onClose: () => void }) {
  const { t } = useTranslation();
  const ids = { search: useId(), players: useId(), credit: useId() };
  const { assign, refresh } = useAssignTransfer();
  const [searchText, setSearchText] = useState('');
  const [searchError, setSearchError] = useState<string>();
  const [submitted, setSubmitted] = useState('');
  const [picked, setPicked] = useState<PickedPlayer>();
  const [creditChoice, setCreditChoice] = useState<string | null>(null);
  const waiting = useWaitingDepositsOfAmount(picked?.id, transfer.amount);
  const matches = waiting.data ?? [];
  const firstMatch = matches[0];
  const credit = creditChoice ?? (firstMatch ? String(firstMatch.id) : NEW_DEPOSIT);

  function runSearch() {
    const text = searchText.trim();
    if (!text) {
      setSearchError(t('transfers.searchNeedsText'));
      return;
    }
    setSearchError(undefined);
    setSubmitted(text);
    setPicked(undefined);
    setCreditChoice(null);
  }

  // The search lives inside the decision's form: Enter searches instead of sending the decision.
  function onSearchKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    runSearch();
  }

  return (
    <DecisionDialog
      title={t('transfers.assignTitle')}
      confirmLabel={t('transfers.assignConfirm')}
      reason="required"
      successText={t('transfers.assigned', { amount: formatMoney(transfer.amount), name: picked?.fullName ?? '' })}
      confirmDisabled={!picked || waiting.isPending}
      onConfirm={({ reason, idempotencyKey }) => {
        if (!picked) return Promise.reject(new Error('no player chosen'));
        const depositId = credit === NEW_DEPOSIT || waiting.isError ? undefined : Number(credit);
        return assign(
          transfer,
          { playerId: picked.id, reason, ...(depositId === undefined ? {} : { depositId }) },
          idempotencyKey,
        );
      }}
      onSettled={refresh}
      onClose={onClose}
    >
      <dl className="transfer-facts">
        <div>
          <dt>{t('transfers.reference')}</dt>
          <dd className="mono">{transfer.reference}</dd>
        </div>
        <div>
          <dt>{t('transfers.amount')}</dt>
          <dd>{formatMoney(transfer.amount)}</dd>
        </div>
        <div>
          <dt>{t('transfers.from')}</dt>
          <dd>
            {bankDisplayName(transfer.bankCode ?? transfer.fromBankCode) ?? transfer.fromBankCode}{' '}
            <span className="mono">{transfer.fromAccount}</span>
          </dd>
        </div>
        <div>
          <dt>{t('transfers.transferredAt')}</dt>
          <dd>{formatDateTime(transfer.transferredAt)}</dd>
        </div>
      </dl>
      <p>{t('transfers.assignHint')}</p>
      <search className="field">
        <label htmlFor={ids.search}>{t('transfers.findPlayer')}</label>
        <div className="player-picker__search">
          <input
            id={ids.search}
            type="search"
            value={searchText}
            maxLength={100}
            placeholder={t('transfers.findPlayerPlaceholder')}
            aria-invalid={searchError ? true : undefined}
            aria-describedby={searchError ? `${ids.search}-error` : undefined}
            onChange={(event) => setSearchText(event.target.value)}
            onKeyDown={onSearchKey}
          />
          <button type="button" className="button" onClick={runSearch}>
            {t('common.search')}
          </button>
        </div>
        {searchError && (
          <p id={`${ids.search}-error`} className="field__error">
            {searchError}
          </p>
        )}
      </search>
      {submitted && (
        <PlayerChoices
          search={submitted}
          name={ids.players}
          picked={picked}
          onPick={(player) => {
            setPicked(player);
            setCreditChoice(null);
          }}
        />
      )}
      {picked && <SettleChoices waiting={waiting} credit={credit} name={ids.credit} onChoose={setCreditChoice} />}
    </DecisionDialog>
  );
}
