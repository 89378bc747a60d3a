import './status-badge.css';

type Tone = 'waiting' | 'good' | 'bad' | 'neutral';

const TONES: Record<string, Tone> = {
  WAITING: 'waiting',
  UNMATCHED: 'waiting',
  APPROVED: 'good',
  CREDITED: 'good',
  ASSIGNED: 'good',
  REJECTED: 'bad',
  // A transfer whose reference was credited before with another amount: nothing credited, see its flag.
  MISMATCH: 'bad',
  // A transfer held over a player's own limit or exclusion, until returned or released.
  HELD: 'waiting',
  RETURNED: 'neutral',
  RELEASED: 'good',
  // A bank-feed flag.
  OPEN: 'waiting',
  RESOLVED: 'good',
  // A health check's last result.
  OK: 'good',
  PROBLEMS: 'bad',
  // A player's account state.
  ACTIVE: 'good',
  FROZEN: 'bad',
  // A payout through the bank connector.
  PENDING: 'waiting',
  UNKNOWN: 'waiting',
  PAID: 'good',
  FAILED: 'bad',
};

/** A status as a coloured pill; the text says it, the colour only repeats it. */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  return <span className={`badge badge--${TONES[status] ?? 'neutral'}`}>{label}</span>;
}
