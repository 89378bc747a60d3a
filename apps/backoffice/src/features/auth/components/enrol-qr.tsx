import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The otpauth URI as a QR code for the authenticator app, and its key for typing by hand. */
export function EnrolQr({ otpauthUri, secret }: { otpauthUri: string; secret: string }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    // The QR library is needed once per operator, at enrolment: it loads then, not with the sign-in page.
    import('qrcode')
      .then((QRCode) => QRCode.toDataURL(otpauthUri, { width: 220, margin: 1, errorCorrectionLevel: 'M' }))
      .then(
        (url) => current && setImage(url),
        (error: unknown) => console.error('Could not draw the enrolment QR', error),
      );
    return () => {
      current = false;
    };
  }, [otpauthUri]);

  return (
    <div className="enrol-qr">
      {image && <img src={image} width={220} height={220} alt={t('auth.enrolQrAlt')} />}
      <p className="muted">{t('auth.enrolSecret')}</p>
      <code className="mono enrol-qr__secret">{secret}</code>
    </div>
  );
}
