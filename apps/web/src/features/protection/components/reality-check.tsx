import { formatBahtWithSymbol } from '@app/contracts/money';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { useLogout } from '@/lib/auth';
import { PROTECTION_QUERY_KEY, useProtection } from '@/lib/protection';
import { PROTECTION_NS } from '@/lib/protection-i18n';
import { queryClient } from '@/lib/query-client';

const MINUTE_MS = 60_000;
/** How often the clock is looked at: a reminder shows within this of its time. */
const TICK_MS = 10_000;
/** The last reminder the player answered in this session: reloading the page does not ask again. */
const ACKNOWLEDGED_KEY = 'realityCheckAcknowledged';

/** Which reminder is due at `now` (1 = the first, after one interval); 0 before the first. */
export function dueReminder(sessionStartMs: number, intervalMinutes: number, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs - sessionStartMs) / (intervalMinutes * MINUTE_MS)));
}

function acknowledged(sessionStartedAt: string): number {
  const stored = sessionStorage.getItem(ACKNOWLEDGED_KEY);
  const [start, count] = stored?.split('|') ?? [];
  return start === sessionStartedAt ? Number(count) || 0 : 0;
}

/**
 * The reality check: every N minutes of a session (the player's
 * choice), a dialog over whatever is on screen (the launch screens too) says
 * how long they have been logged in and their net result since, with a
 * choice to continue or to stop (log out).
 */
export function RealityCheck() {
  const { t } = useTranslation(PROTECTION_NS);
  const protection = useProtection().data;
  const reality = protection?.realityCheck;
  const exclusion = protection?.exclusion;
  const logout = useLogout();
  const [now, setNow] = useState(() => Date.now());
  const [answered, setAnswered] = useState(0);
  const minutes = reality?.minutes ?? null;
  const startedAt = reality?.sessionStartedAt ?? null;
  const start = startedAt === null ? 0 : new Date(startedAt).getTime();
  const due = minutes === null || startedAt === null ? 0 : dueReminder(start, minutes, now);
  const open = due > 0 && due > Math.max(answered, startedAt === null ? 0 : acknowledged(startedAt));

  useEffect(() => {
    if (minutes === null) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [minutes]);

  useEffect(() => {
    // The figures as of the reminder, not as of the last fetch.
    if (open) void queryClient.invalidateQueries({ queryKey: PROTECTION_QUERY_KEY });
  }, [open]);

  if (!open || startedAt === null) return null;
  const playedMinutes = Math.max(0, Math.floor((now - start) / MINUTE_MS));
  const net = reality?.net ?? 0;
  // During a break games are closed: the reminder offers only what is open (to stay, or to log out), never "continue playing".
  const onBreak = exclusion !== null && exclusion !== undefined;

  function answer() {
    if (startedAt) sessionStorage.setItem(ACKNOWLEDGED_KEY, `${startedAt}|${due}`);
    setAnswered(due);
  }

  return (
    <Dialog title={t('prompt.title')} onClose={answer}>
      <div className="dialog__text" data-testid="reality-check">
        <p>{t('prompt.time', { hours: Math.floor(playedMinutes / 60), minutes: playedMinutes % 60 })}</p>
        <p>{t('prompt.net', { amount: formatBahtWithSymbol(net) })}</p>
        {onBreak && <p data-testid="reality-check-closed">{t('prompt.closedNote')}</p>}
      </div>
      <div className="dialog__footer">
        <button type="button" className="button button--outline" onClick={() => logout.mutate()}>
          {t('prompt.stop')}
        </button>
        <button type="button" className="button button--gold" onClick={answer}>
          {onBreak ? t('prompt.dismiss') : t('prompt.continue')}
        </button>
      </div>
    </Dialog>
  );
}
