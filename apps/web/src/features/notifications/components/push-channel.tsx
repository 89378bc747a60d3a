import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  currentPushSubscription,
  pushSupported,
  turnPushOff,
  turnPushOn,
  useChannels,
} from '@/features/notifications/api/notify-channels';
import { NOTIFICATIONS_NS } from '@/features/notifications/i18n';

type PushState = 'loading' | 'on' | 'off' | 'unsupported';

/** Web Push on this device: opt-in, with the browser's own permission prompt. */
export function PushChannel() {
  const { t, i18n } = useTranslation(NOTIFICATIONS_NS);
  const channels = useChannels();
  const [state, setState] = useState<PushState>(pushSupported() ? 'loading' : 'unsupported');
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!pushSupported()) return;
    let live = true;
    void currentPushSubscription().then((subscription) => {
      if (live) setState(subscription ? 'on' : 'off');
    });
    return () => {
      live = false;
    };
  }, []);
  const publicKey = channels.data?.push.publicKey;

  const toggle = async () => {
    if (!publicKey) return;
    setBusy(true);
    setNote(null);
    try {
      if (state === 'on') {
        await turnPushOff();
        setState('off');
      } else {
        const outcome = await turnPushOn(publicKey, i18n.language);
        if (outcome === 'on') setState('on');
        else setNote(outcome === 'denied' ? t('push.denied') : t('push.unsupported'));
      }
    } catch {
      setNote(t('push.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="channels__row" data-testid="push-channel">
      <p>
        <strong>{t('push.title')}</strong>{' '}
        {state === 'unsupported' ? t('push.unsupported') : state === 'on' ? t('push.on') : t('push.intro')}
      </p>
      {state === 'on' || state === 'off' ? (
        <button
          type="button"
          className={state === 'on' ? 'button button--outline button--small' : 'button button--gold button--small'}
          disabled={busy || !publicKey}
          aria-pressed={state === 'on'}
          onClick={() => void toggle()}
        >
          {state === 'on' ? t('push.turnOff') : t('push.turnOn')}
        </button>
      ) : null}
      {note ? <p role="alert">{note}</p> : null}
    </div>
  );
}
