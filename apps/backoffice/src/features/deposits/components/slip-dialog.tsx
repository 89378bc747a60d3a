import type { DepositItem } from '@app/contracts/admin';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useObjectUrl, useSlipImage } from '@/features/deposits/api/deposits';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';

/**
 * The slip image at full size, in a wide dialog. The image is behind the
 * operator's token, so it is fetched as a Blob and shown through a blob:
 * address, which is revoked when the dialog closes.
 */
export function SlipDialog({ item, onClose }: { item: DepositItem; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      wide
      title={t('deposits.slipTitle', { name: item.player.fullName, amount: formatMoney(item.amount) })}
      onClose={onClose}
    >
      {item.slip ? (
        <SlipImage imageUrl={item.slip.imageUrl} alt={t('deposits.slipAlt', { name: item.player.fullName })} />
      ) : (
        <p>{t('deposits.noSlipLong')}</p>
      )}
    </Dialog>
  );
}

function SlipImage({ imageUrl, alt }: { imageUrl: string; alt: string }) {
  const { t } = useTranslation();
  const image = useSlipImage(imageUrl);
  const url = useObjectUrl(image.data);
  if (image.isError) {
    return (
      <Alert title={t('deposits.slipLoadFailed')}>
        {image.error instanceof ApiError ? image.error.serverMessage : ''}
      </Alert>
    );
  }
  if (!url) return <Spinner label={t('common.loading')} />;
  return (
    <figure className="slip-figure">
      <img className="slip-figure__image" src={url} alt={alt} />
      <figcaption>
        {/* The browser's own viewer zooms further than the dialog can. */}
        <a href={url} target="_blank" rel="noopener">
          {t('deposits.slipOpen')}
        </a>
      </figcaption>
    </figure>
  );
}
