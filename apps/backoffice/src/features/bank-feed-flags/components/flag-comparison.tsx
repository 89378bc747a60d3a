import type { BankFeedFlagItem } from '@app/contracts/admin';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';

/** The fields a flag compares, in the order an operator reads them; others follow as the server named them. */
const KNOWN_FIELDS = ['amount', 'fromBankCode', 'fromAccount', 'toAccount', 'playerId', 'historyId', 'decidedBy'];

/** What the bank reported beside what we recorded, field by field; a field that differs is marked. */
export function FlagComparison({ flag }: { flag: BankFeedFlagItem }) {
  const { t, i18n } = useTranslation();
  const named = new Set([...Object.keys(flag.reported), ...Object.keys(flag.recorded)]);
  const fields = [
    ...KNOWN_FIELDS.filter((field) => named.has(field)),
    ...[...named].filter((field) => !KNOWN_FIELDS.includes(field)),
  ];
  const show = (field: string, value: unknown) => {
    if (value === undefined || value === null) return '—';
    if (field === 'amount' && typeof value === 'number') return formatMoney(value);
    if (typeof value === 'boolean') return value ? t('common.yes') : t('common.no');
    return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
  };
  // A description list laid out as a grid: a nested <table> would take the list table's styles (and its phone layout).
  return (
    <div className="flag-fields">
      <div className="flag-fields__row flag-fields__head" aria-hidden="true">
        <span>{t('flags.field')}</span>
        <span>{t('flags.reported')}</span>
        <span>{t('flags.recorded')}</span>
      </div>
      <dl className="flag-fields__list">
        {fields.map((field) => {
          const reported = flag.reported[field];
          const recorded = flag.recorded[field];
          const differs =
            field in flag.reported && field in flag.recorded && show(field, reported) !== show(field, recorded);
          return (
            <div
              key={field}
              className={`flag-fields__row${differs ? ' flag-fields__differs' : ''}`}
              data-testid={`flag-field-${field}`}
            >
              <dt>{i18n.exists(`flags.fields.${field}`) ? t(`flags.fields.${field}`) : field}</dt>
              <dd className="mono">
                <span className="visually-hidden">{t('flags.reported')}: </span>
                {show(field, reported)}
              </dd>
              <dd className="mono">
                <span className="visually-hidden">{t('flags.recorded')}: </span>
                {show(field, recorded)}
                {differs && <span className="visually-hidden"> ({t('flags.differs')})</span>}
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
