import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';

/** Large enough to scan from another phone's screen and to print; the page shows it smaller. */
const QR_IMAGE_PX = 480;

/**
 * A PNG data URL of `payload` drawn as a QR code, or null while drawing (or
 * without a payload). `qrcode` is imported only here, inside the deposit
 * feature, so it stays in the deposit modal's lazily loaded chunk.
 * A data URL (not a blob URL) needs no revoking and the app's CSP allows it.
 */
export function useQrImage(payload: string | undefined): { image: string | null; failed: boolean } {
  const [drawn, setDrawn] = useState<{ payload: string; image: string | null } | null>(null);

  useEffect(() => {
    if (!payload) return;
    let current = true;
    toDataURL(payload, {
      width: QR_IMAGE_PX,
      margin: 2,
      // M: what banking apps print for PromptPay; a payload of ~80 characters stays a small, easily read code.
      errorCorrectionLevel: 'M',
      color: { dark: '#000000', light: '#ffffff' },
    }).then(
      (image) => {
        if (current) setDrawn({ payload, image });
      },
      (error: unknown) => {
        console.error('Could not draw the PromptPay QR', error);
        if (current) setDrawn({ payload, image: null });
      },
    );
    return () => {
      current = false;
    };
  }, [payload]);

  // A drawing of an earlier payload (another amount) is never shown for this one.
  if (!payload || drawn?.payload !== payload) return { image: null, failed: false };
  return { image: drawn.image, failed: drawn.image === null };
}
