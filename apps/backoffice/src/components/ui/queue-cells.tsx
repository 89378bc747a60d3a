import type { PlayerSummary } from '@app/contracts/admin';
import { Link } from 'react-router';
import type { Column } from '@/components/ui/data-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { playerPage } from '@/config/paths';
import { formatAge, formatDateTime } from '@/lib/format';

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

/** The status column of a queue: the badge, and who decided, when and why (`noteOf`). */
export function statusColumn<T extends { status: string; decidedBy: string | null; decidedAt: string | null }>(
  header: string,
  statusLabel: (status: string) => string,
  noteOf: (item: T) => string | null,
): Column<T> {
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
