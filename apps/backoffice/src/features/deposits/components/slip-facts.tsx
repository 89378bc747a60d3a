import type { DepositItem } from '@app/contracts/admin';
import { useTranslation } from 'react-i18next';
import { bankDisplayName } from '@/lib/banks';

/** What the slip's QR said: its reference, the sending bank and whether its checksum holds. */
export function QrFacts({ item }: { item: DepositItem }) {
  const { t } = useTranslation();
  const slip = item.slip;
  if (!slip) return <span className="muted">{t('deposits.noSlip')}</span>;
  if (!slip.qrFound) return <span>{t('deposits.noQr')}</span>;
  let crc: React.ReactNode;
  if (slip.crcValid === true) crc = <span className="crc--valid">{t('deposits.crcValid')}</span>;
  else if (slip.crcValid === false) crc = <span className="crc--invalid">{t('deposits.crcInvalid')}</span>;
  else crc = <span className="muted">{t('deposits.crcAbsent')}</span>;
  return (
    <dl className="qr-facts">
      <div>
        <dt>{t('deposits.reference')}</dt>
        <dd className="mono">{slip.reference ?? '-'}</dd>
      </div>
      <div>
        <dt>{t('deposits.sendingBank')}</dt>
        <dd>{bankDisplayName(slip.sendingBankCode ?? slip.sendingBank) ?? slip.sendingBank ?? '-'}</dd>
      </div>
      <div>
        <dt>{t('deposits.crc')}</dt>
        <dd>{crc}</dd>
      </div>
    </dl>
  );
}

/** The server's reasons to look twice, each explained; a code this screen does not know yet is shown as it came. */
export function Warnings({ codes }: { codes: string[] }) {
  const { t, i18n } = useTranslation();
  if (codes.length === 0) return null;
  return (
    <ul className="deposit-warnings">
      {codes.map((code) => {
        const known = i18n.exists(`deposits.warningTitle.${code}`);
        return (
          <li key={code} className="deposit-warnings__item">
            <strong>{known ? t(`deposits.warningTitle.${code}`) : code}</strong>
            {known && t(`deposits.warningHelp.${code}`)}
          </li>
        );
      })}
    </ul>
  );
}
