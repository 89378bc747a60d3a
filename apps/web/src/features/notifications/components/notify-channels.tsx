import { useTranslation } from 'react-i18next';
import { useChannels, useLineCode, useLineUnlink } from '@/features/notifications/api/notify-channels';
import { PushChannel } from '@/features/notifications/components/push-channel';
import { NOTIFICATIONS_NS } from '@/features/notifications/i18n';

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

/** How the player is told outside the app LINE and phone notifications, both opt-in. */
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
