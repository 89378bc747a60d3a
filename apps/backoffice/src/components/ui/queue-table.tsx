import type { PlayerSummary } from '@app/contracts/admin';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DecisionDialog } from '@/components/ui/decision-dialog';
import { QueueFilters, type QueueFiltersProps } from '@/components/ui/list-filters';
import { PageHeader } from '@/components/ui/page-header';
import { PagedList } from '@/components/ui/paged-list';
import { StatusBadge } from '@/components/ui/status-badge';
import { playerPage } from '@/config/paths';
import { formatAge, formatDateTime } from '@/lib/format';

/** One column of a queue: its header (also each cell's label when the table folds into cards on a phone) and its cell. */
export type QueueColumn<T> = {
  header: string;
  cell: (item: T) => ReactNode;
  /** A figure: right-aligned, header and cells. */
  numeric?: boolean;
  /** Extra class of the cells (mono for account numbers and references). */
  className?: string;
};

/**
 * The table of every operator queue (withdrawals, deposits, bank transfers,
 * credit requests): one row per item, the columns given, the folding into
 * labelled cards on a phone (data-label), and busy while a page loads.
 */
export function QueueTable<T extends { id: number }>({
  items,
  columns,
  busy,
  rowTestId,
}: {
  items: readonly T[];
  columns: readonly QueueColumn<T>[];
  busy: boolean;
  rowTestId: string;
}) {
  return (
    <div className="table-box">
      <table className="table" aria-busy={busy || undefined}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.numeric ? 'num' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} data-testid={rowTestId}>
              {columns.map((column) => (
                <td
                  key={column.header}
                  data-label={column.header}
                  className={[column.numeric ? 'num' : '', column.className ?? ''].join(' ').trim() || undefined}
                >
                  {column.cell(item)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The player a queue item belongs to: a link to their page, with username and phone. */
export function PlayerCell({
  player,
}: {
  player: Pick<PlayerSummary, 'id' | 'fullName' | 'username' | 'phoneNumber'>;
}) {
  // One block per cell: on a phone the cell is a row of the card, label then value.
  return (
    <div>
      <Link to={playerPage(player.id)}>{player.fullName}</Link>
      <div className="muted">
        {player.username} · {player.phoneNumber}
      </div>
    </div>
  );
}

/** When an item was asked for and, while it waits, for how long. */
export function RequestedCell({ at, waiting, ageLabel }: { at: string; waiting: boolean; ageLabel: string }) {
  return (
    <div>
      {formatDateTime(at)}
      {waiting && (
        <div className="muted">
          {ageLabel}: {formatAge(at)}
        </div>
      )}
    </div>
  );
}

/** An item's status, and who decided it, when, and why. */
export function DecidedStatusCell({
  status,
  label,
  decidedBy,
  decidedAt,
  note,
}: {
  status: string;
  label: string;
  decidedBy: string | null;
  decidedAt: string | null;
  note: string | null;
}) {
  return (
    <div>
      <StatusBadge status={status} label={label} />
      {decidedBy && (
        <div className="muted">
          {decidedBy} · {formatDateTime(decidedAt)}
        </div>
      )}
      {note && <div className="muted">{note}</div>}
    </div>
  );
}

export type Decision = 'approve' | 'reject';

/** Approve and reject buttons of a waiting item; `name` tells a screen reader which item each acts on. */
export function DecisionButtons({ name, onDecide }: { name: string; onDecide: (decision: Decision) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <button type="button" className="button button--primary button--small" onClick={() => onDecide('approve')}>
        {t('decision.approve')}
        <span className="visually-hidden"> {name}</span>
      </button>
      <button type="button" className="button button--small" onClick={() => onDecide('reject')}>
        {t('decision.reject')}
        <span className="visually-hidden"> {name}</span>
      </button>
    </>
  );
}

/**
 * The approve-or-reject dialog of a queue item: a reason optional to approve
 * and required to reject, the answer kept under one Idempotency-Key.
 */
export function QueueDecisionDialog({
  decision,
  what,
  approvedText,
  onConfirm,
  onSettled,
  onClose,
  children,
}: {
  decision: Decision;
  /** What is decided, in words ("the withdrawal"). */
  what: string;
  /** The success line of an approval, when it says more than "Approved". */
  approvedText?: string;
  onConfirm: (input: { reason: string; idempotencyKey: string }) => Promise<unknown>;
  onSettled: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const approve = decision === 'approve';
  return (
    <DecisionDialog
      title={t(approve ? 'decision.approveTitle' : 'decision.rejectTitle', { what })}
      confirmLabel={t(approve ? 'decision.approve' : 'decision.reject')}
      tone={approve ? 'primary' : 'danger'}
      reason={approve ? 'optional' : 'required'}
      successText={approve ? (approvedText ?? t('decision.approved')) : t('decision.rejected')}
      onConfirm={onConfirm}
      onSettled={onSettled}
      onClose={onClose}
    >
      {children}
    </DecisionDialog>
  );
}

/** The status column of a queue: the badge, and who decided, when and why (`noteOf`). */
export function statusColumn<T extends { status: string; decidedBy: string | null; decidedAt: string | null }>(
  header: string,
  statusLabel: (status: string) => string,
  noteOf: (item: T) => string | null,
): QueueColumn<T> {
  return {
    header,
    cell: (item) => (
      <DecidedStatusCell
        status={item.status}
        label={statusLabel(item.status)}
        decidedBy={item.decidedBy}
        decidedAt={item.decidedAt}
        note={noteOf(item)}
      />
    ),
  };
}

/**
 * A whole queue screen: its title, the search / status / sort filters (kept in
 * the address), the paged table. `section` names its words in the locales
 * (`<section>.title`, `.filterLabel`, `.filterPlaceholder`). The dialogs a
 * queue opens go in `children`.
 */
export function QueuePage<T extends { id: number }>({
  section,
  statuses,
  statusLabel,
  values,
  set,
  query,
  page,
  columns,
  rowTestId,
  children,
  sorts,
}: {
  section: 'withdrawals' | 'deposits' | 'transfers';
  statuses: readonly string[];
  statusLabel: (status: string) => string;
  values: QueueFiltersProps['values'];
  set: (change: { q?: string; status?: string; sort?: string; page?: number }) => void;
  query: UseQueryResult<{ items: T[]; total: number; limit: number }>;
  page: number;
  columns: readonly QueueColumn<T>[];
  rowTestId: string;
  children?: ReactNode;
  /** Orders beyond oldest and newest. */
  sorts?: readonly (readonly [value: string, label: string])[];
}) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(`${section}.title`)} />
      <QueueFilters
        {...(sorts ? { sorts } : {})}
        search={{ label: t(`${section}.filterLabel`), placeholder: t(`${section}.filterPlaceholder`) }}
        statuses={statuses.map((status) => [status, statusLabel(status)] as const)}
        values={values}
        set={set}
        busy={query.isFetching}
      />
      <PagedList query={query} page={page} onPage={(next) => set({ ...values, page: next })}>
        {(items, busy) => <QueueTable items={items} columns={columns} busy={busy} rowTestId={rowTestId} />}
      </PagedList>
      {children}
    </>
  );
}
