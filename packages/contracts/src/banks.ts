/**
 * The 15 Thai banks a player may register with (spec §3). `numericCode` is the
 * Bank of Thailand code that the register form carries as its hidden value;
 * `code` is the short code used in logo paths (/images/bank-png/{code}.png).
 */
export const BANKS = [
  { code: 'KBANK', numericCode: '004', name: 'Kasikorn bank', nameTh: 'ธนาคารกสิกรไทย', color: '#138f2d' },
  { code: 'BBL', numericCode: '002', name: 'Bangkok Bank', nameTh: 'ธนาคารกรุงเทพ', color: '#1e4598' },
  { code: 'SCB', numericCode: '014', name: 'Siam Commercial Bank', nameTh: 'ธนาคารไทยพาณิชย์', color: '#4e2e7f' },
  { code: 'KTB', numericCode: '006', name: 'Krungthai Bank', nameTh: 'ธนาคารกรุงไทย', color: '#1ba5e1' },
  { code: 'BAY', numericCode: '025', name: 'Bank of Ayudhya (Krungsri)', nameTh: 'ธนาคารกรุงศรีอยุธยา', color: '#fec43b' },
  { code: 'TTB', numericCode: '011', name: 'TMBThanachart Bank', nameTh: 'ธนาคารทหารไทยธนชาต', color: '#0050f0' },
  { code: 'CIMBT', numericCode: '022', name: 'CIMB Thai Bank', nameTh: 'ธนาคารซีไอเอ็มบี ไทย', color: '#7e2f36' },
  { code: 'UOBT', numericCode: '024', name: 'United Overseas Bank (Thai)', nameTh: 'ธนาคารยูโอบี', color: '#0b3979' },
  { code: 'TISCO', numericCode: '067', name: 'TISCO Bank', nameTh: 'ธนาคารทิสโก้', color: '#12549f' },
  { code: 'KKP', numericCode: '069', name: 'Kiatnakin Phatra Bank', nameTh: 'ธนาคารเกียรตินาคินภัทร', color: '#635f98' },
  {
    code: 'LHBANK',
    numericCode: '073',
    name: 'Land and Houses Bank',
    nameTh: 'ธนาคารแลนด์ แอนด์ เฮ้าส์',
    color: '#6d6e71',
  },
  { code: 'ICBCT', numericCode: '070', name: 'ICBC (Thai)', nameTh: 'ธนาคารไอซีบีซี (ไทย)', color: '#c50f1c' },
  {
    code: 'SCBT',
    numericCode: '020',
    name: 'Standard Chartered Bank (Thai)',
    nameTh: 'ธนาคารสแตนดาร์ดชาร์เตอร์ด (ไทย)',
    color: '#0f6eb4',
  },
  { code: 'GSB', numericCode: '030', name: 'Government Savings Bank', nameTh: 'ธนาคารออมสิน', color: '#eb198d' },
  { code: 'GHB', numericCode: '033', name: 'Government Housing Bank', nameTh: 'ธนาคารอาคารสงเคราะห์', color: '#f57d23' },
] as const;

export type Bank = (typeof BANKS)[number];
export type BankCode = Bank['code'];

export const DEFAULT_BANK_CODE: BankCode = 'KBANK';

export const BANK_CODES = BANKS.map((bank) => bank.code) as [BankCode, ...BankCode[]];

/** Finds a bank by its short code ("KBANK") or its numeric code ("004"). */
export function findBank(codeOrNumeric: string): Bank | undefined {
  const wanted = codeOrNumeric.trim().toUpperCase();
  return BANKS.find((bank) => bank.code === wanted || bank.numericCode === wanted);
}
