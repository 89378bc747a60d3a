import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFICATIONS_NS } from '@/lib/notifications-i18n';
import {
  currentPushSubscription,
  pushSupported,
  turnPushOff,
  turnPushOn,
  useChannels,
  useLineCode,
  useLineUnlink,
} from '@/lib/notify-channels';

/** While a code is shown, the link is looked for this often (the player sends it on LINE meanwhile). */
const LINK_POLL_MS = 3000;

/** LINE: link by a one-time code sent to the official account, or unlink. */
function LineChannel() {
  const { t } = useTranslation(NOTIFICATIONS_NS);
  const code = useLineCode();
  const unlink = useLineUnlink();
  const waiting = code.data !== undefined;
  const channels = useChannels({ pollMs: waiting ? LINK_POLL_MS : false });
  const line = channels.data?.line;
  if (!line?.available) return null;
  if (line.linked) {
    return (
      <div className="channels__row" data-testid="line-channel">
        <p>
          <strong>LINE</strong> {t('line.linked')}
        </p>
        <button
          type="button"
          className="button button--outline button--small"
          disabled={unlink.isPending}
          onClick={() => {
            code.reset();
            unlink.mutate();
          }}
        >
          {t('line.unlink')}
        </button>
      </div>
    );
  }
  return (
    <div className="channels__row" data-testid="line-channel">
      <p>
        <strong>LINE</strong> {t('line.intro', { account: line.officialAccount })}
      </p>
      {code.data ? (
        <div className="channels__code">
          <p>{t('line.send', { account: code.data.data.officialAccount })}</p>
          <output className="channels__code-value" data-testid="line-code" aria-label={t('line.codeLabel')}>
            {code.data.data.code}
          </output>
          <a
            className="button button--outline button--small"
            href={code.data.data.addFriendUrl}
            target="_blank"
            rel="noreferrer"
          >
            {t('line.open')}
          </a>
        </div>
      ) : (
        <button
          type="button"
          className="button button--gold button--small"
          disabled={code.isPending}
          onClick={() => code.mutate()}
        >
          {t('line.getCode')}
        </button>
      )}
      {code.isError ? <p role="alert">{code.error.message}</p> : null}
    </div>
  );
}

type PushState = 'loading' | 'on' | 'off' | 'unsupported';

/** Web Push on this device: opt-in, with the browser's own permission prompt. */
function PushChannel() {
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

/** How the player is told outside the app: LINE and phone notifications, both opt-in. */
export function NotifyChannels() {
  const { t } = useTranslation(NOTIFICATIONS_NS);
  return (
    <section className="channels" aria-labelledby="channels-title">
      <h3 id="channels-title">{t('channels')}</h3>
      <LineChannel />
      <PushChannel />
    </section>
  );
}
