import type { AuditEntry } from '@app/contracts/admin';
import { useTranslation } from 'react-i18next';
import { isIsoTime, isoToBangkokIso } from '@/lib/bangkok-time';
import { formatDateTime, formatMoney } from '@/lib/format';

export type FieldChange = { field: string; before: unknown; after: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ between an audit row's before and after, in the
 * order they appear: a field only on one side (created, removed, or recorded
 * only afterwards) counts as changed from or to nothing. Null when either
 * side is not an object, so the values can only be shown whole.
 */
export function changedFields(before: unknown, after: unknown): FieldChange[] | null {
  const from = before ?? {};
  const to = after ?? {};
  if (!isRecord(from) || !isRecord(to)) return null;
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return fields
    .filter((field) => !same(from[field], to[field]))
    .map((field) => ({ field, before: from[field], after: to[field] }));
}

/**
 * Times inside a record on Bangkok's clock, as ISO 8601 with +07:00: the
 * server stores them in UTC, and the raw record stays exact either way.
 */
const bangkokTimes = (_key: string, value: unknown) =>
  typeof value === 'string' && isIsoTime(value) ? isoToBangkokIso(value) : value;

/**
 * A value as one short line: nothing as a dash, a time in Bangkok time like
 * the "When" column beside it, text as it is, anything else as compact JSON.
 */
export function displayValue(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') {
    if (isIsoTime(value)) return formatDateTime(value);
    return value === '' ? '""' : value;
  }
  return JSON.stringify(value, bangkokTimes);
}

/**
 * A changed field's value: money the server recorded in baht (a field named
 * so, `amountBaht`, `min_deposit_baht`) in th-TH money format like every
 * other amount in the back office; anything else as displayValue shows it.
 */
export function displayField(field: string, value: unknown): string {
  return /(_baht|Baht)$/.test(field) && typeof value === 'number' ? formatMoney(value) : displayValue(value);
}

/**
 * What an action changed, readable at a glance ("frozen: false → true"), with
 * the row's raw before and after JSON one click away for the exact record.
 */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  const changes = changedFields(entry.before, entry.after);
  const nothingRecorded = entry.before == null && entry.after == null;

  let summary: React.ReactNode;
  if (nothingRecorded) {
    summary = <span className="muted">—</span>;
  } else if (changes === null) {
    summary = (
      <p className="audit-changes__whole">
        <span className="audit-changes__before">{displayValue(entry.before)}</span> →{' '}
        <span className="audit-changes__after">{displayValue(entry.after)}</span>
      </p>
    );
  } else if (changes.length === 0) {
    summary = <span className="muted">{t('audit.noChange')}</span>;
  } else {
    summary = (
      <ul className="audit-changes__list">
        {changes.map((change) => (
          <li key={change.field}>
            <span className="mono">{change.field}</span>:{' '}
            <span className="audit-changes__before">{displayField(change.field, change.before)}</span> →{' '}
            <span className="audit-changes__after">{displayField(change.field, change.after)}</span>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="audit-changes">
      {summary}
      {!nothingRecorded && (
        <details className="audit-changes__raw">
          <summary>
            {t('audit.rawJson')}
            <span className="visually-hidden"> {t('audit.ofRow', { id: entry.id })}</span>
          </summary>
          <pre className="mono">{JSON.stringify({ before: entry.before, after: entry.after }, bangkokTimes, 2)}</pre>
        </details>
      )}
    </div>
  );
}
