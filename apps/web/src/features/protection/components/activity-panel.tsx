import { formatBahtWithSymbol } from '@app/contracts/money';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { downloadStatementCsv, useStatement } from '@/features/protection/api/protection';
import { HeldDeposits } from '@/features/protection/components/held-deposits';
import { PROTECTION_NS } from '@/features/protection/i18n';

/** The activity tab: deposits held for the player, then the monthly statement with its CSV. */
export function ActivityPanel() {
  const { t } = useTranslation(PROTECTION_NS);
  const statement = useStatement(true);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const statementTitleId = useId();

  return (
    <div className="protection__stack">
      <HeldDeposits />
      <section className="protection__card" aria-labelledby={statementTitleId}>
        <h3 id={statementTitleId}>{t('statement.title')}</h3>
        {statement.isPending ? (
          <Spinner />
        ) : (statement.data ?? []).length === 0 ? (
          <p className="protection__hint">{t('statement.empty')}</p>
        ) : (
          <ul className="protection__months">
            {(statement.data ?? []).map((month) => (
              <li key={month.month} data-testid={`statement-${month.month}`}>
                <h4>{month.month}</h4>
                <dl>
                  {(['deposits', 'withdrawals', 'bets', 'wins', 'net'] as const).map((column) => (
                    <div key={column} className={column === 'net' && month.net < 0 ? 'is-negative' : undefined}>
                      <dt>{t(`statement.${column}`)}</dt>
                      <dd>{formatBahtWithSymbol(month[column])}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        )}
        <button
          type="button"
          className="button button--outline button--small"
          onClick={() => {
            setDownloadFailed(false);
            downloadStatementCsv().catch(() => setDownloadFailed(true));
          }}
        >
          {t('statement.download')}
        </button>
        {downloadFailed && <FormAlert>{t('statement.downloadFailed')}</FormAlert>}
      </section>
    </div>
  );
}
