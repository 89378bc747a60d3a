import { TRANSFER_IN_STUCK_MS, TRANSFER_IN_WAIT_MS } from '@app/contracts/limits';
import { formatBahtWithSymbol } from '@app/contracts/money';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TransferIcon } from '@/components/ui/icons';
import { MessageDialog } from '@/components/ui/message-dialog';
import { ApiError } from '@/lib/api-client';
import { useBalance } from '@/lib/balance';
import { transferCredit } from '@/lib/game-transfers';
import { wait } from '@/utils/wait';

/** The server answered and refused (4xx): nothing moved and nothing is still on its way. */
function isDefiniteRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

type Outcome =
  | { kind: 'moved'; completed: boolean; amount: number; message: string }
  | { kind: 'failed'; message: string };

/**
 * Spec §4 transfer-in from the wallet panel: the button turns 'Transferring...'
 * and dim, calls transfer-in, waits 3 s, then shows a success modal and
 * refreshes the balance. A failure is logged and the button stays in progress
 * as the spec says; after TRANSFER_IN_STUCK_MS it comes back with the failure,
 * so the player is never stuck. A refusal the server states (a 4xx, such as
 * "no credit to transfer") is certain and moved nothing, so it shows at once:
 * only an answer that never came, or a server fault, keeps the wait.
 */
export function TransferInButton() {
  const { t } = useTranslation();
  const balance = useBalance();
  const [transferring, setTransferring] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  async function transferIn() {
    if (transferring) return;
    setTransferring(true);
    setOutcome(null);
    let next: Outcome;
    try {
      const response = await transferCredit('in');
      await wait(TRANSFER_IN_WAIT_MS);
      next = {
        kind: 'moved',
        completed: response.data.status === 'COMPLETED',
        amount: response.data.amount,
        message: response.message,
      };
      void balance.refetch();
    } catch (error) {
      console.error('Transfer in failed', error);
      if (!isDefiniteRefusal(error)) await wait(TRANSFER_IN_STUCK_MS);
      next = { kind: 'failed', message: error instanceof ApiError ? error.serverMessage : '' };
    }
    if (!mounted.current) return;
    setTransferring(false);
    setOutcome(next);
  }

  return (
    <>
      <button
        type="button"
        className={`button button--outline button--small wallet__transfer${transferring ? ' is-busy' : ''}`}
        onClick={transferIn}
        aria-disabled={transferring || undefined}
        data-testid="transfer-in"
      >
        <TransferIcon />
        {transferring ? t('wallet.transferring') : t('wallet.transferIn')}
      </button>
      {outcome?.kind === 'failed' && (
        <p className="wallet__transfer-error" role="alert">
          {outcome.message || t('wallet.transferInFailed')}
        </p>
      )}
      {outcome?.kind === 'moved' && (
        <MessageDialog
          title={outcome.completed ? t('wallet.transferSuccess') : t('wallet.transferPending')}
          tone="success"
          onClose={() => setOutcome(null)}
        >
          {outcome.completed
            ? t('wallet.transferredIn', { amount: formatBahtWithSymbol(outcome.amount) })
            : outcome.message}
        </MessageDialog>
      )}
    </>
  );
}
