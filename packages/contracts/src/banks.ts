/**
 * The Thai banks a player may register with: the 15 of spec §3, and BAAC
 * (ธ.ก.ส.), which many players outside the cities bank with. `numericCode`
 * is the Bank of Thailand code that the register form carries as its hidden
 * value; `code` is the short code used in logo paths
 * (/images/bank-png/{code}.png); `accountDigits` is the length of the bank's
 * account numbers: 10, or 12 at GSB, GHB and BAAC.
 *
 * `name` is the name the spec's registration payload carries and the server
 * stores ("Kasikorn bank"). What a player reads is the bank's own name in the
 * screen's language: `nameTh` on Thai screens, and elsewhere the official
 * English name the bank publishes (`nameEn`, "KASIKORNBANK"), or its official
 * Chinese name on Chinese screens where the bank publishes one (`nameCn`:
 * the names of its own Chinese subsidiary or brand). Korean, Lao and
 * Burmese screens read the English name: we know of no name in those
 * languages that these banks publish, and an invented one would mislead.
 */
export const BANKS = [
  {
    code: 'KBANK',
    numericCode: '004',
    name: 'Kasikorn bank',
    nameTh: 'ธนาคารกสิกรไทย',
    nameEn: 'KASIKORNBANK',
    nameCn: '开泰银行',
    color: '#138f2d',
    accountDigits: 10,
  },
  {
    code: 'BBL',
    numericCode: '002',
    name: 'Bangkok Bank',
    nameTh: 'ธนาคารกรุงเทพ',
    nameEn: 'Bangkok Bank',
    nameCn: '盘谷银行',
    color: '#1e4598',
    accountDigits: 10,
  },
  {
    code: 'SCB',
    numericCode: '014',
    name: 'Siam Commercial Bank',
    nameTh: 'ธนาคารไทยพาณิชย์',
    nameEn: 'Siam Commercial Bank',
    nameCn: null,
    color: '#4e2e7f',
    accountDigits: 10,
  },
  {
    code: 'KTB',
    numericCode: '006',
    name: 'Krungthai Bank',
    nameTh: 'ธนาคารกรุงไทย',
    nameEn: 'Krungthai Bank',
    nameCn: null,
    color: '#1ba5e1',
    accountDigits: 10,
  },
  {
    code: 'BAY',
    numericCode: '025',
    name: 'Bank of Ayudhya (Krungsri)',
    nameTh: 'ธนาคารกรุงศรีอยุธยา',
    nameEn: 'Bank of Ayudhya (Krungsri)',
    nameCn: null,
    color: '#fec43b',
    accountDigits: 10,
  },
  {
    code: 'TTB',
    numericCode: '011',
    name: 'TMBThanachart Bank',
    nameTh: 'ธนาคารทหารไทยธนชาต',
    nameEn: 'TMBThanachart Bank',
    nameCn: null,
    color: '#0050f0',
    accountDigits: 10,
  },
  {
    code: 'CIMBT',
    numericCode: '022',
    name: 'CIMB Thai Bank',
    nameTh: 'ธนาคารซีไอเอ็มบี ไทย',
    nameEn: 'CIMB Thai Bank',
    nameCn: null,
    color: '#7e2f36',
    accountDigits: 10,
  },
  {
    code: 'UOBT',
    numericCode: '024',
    name: 'United Overseas Bank (Thai)',
    nameTh: 'ธนาคารยูโอบี',
    nameEn: 'United Overseas Bank (Thai)',
    nameCn: '大华银行（泰国）',
    color: '#0b3979',
    accountDigits: 10,
  },
  {
    code: 'TISCO',
    numericCode: '067',
    name: 'TISCO Bank',
    nameTh: 'ธนาคารทิสโก้',
    nameEn: 'TISCO Bank',
    nameCn: null,
    color: '#12549f',
    accountDigits: 10,
  },
  {
    code: 'KKP',
    numericCode: '069',
    name: 'Kiatnakin Phatra Bank',
    nameTh: 'ธนาคารเกียรตินาคินภัทร',
    nameEn: 'Kiatnakin Phatra Bank',
    nameCn: null,
    color: '#635f98',
    accountDigits: 10,
  },
  {
    code: 'LHBANK',
    numericCode: '073',
    name: 'Land and Houses Bank',
    nameTh: 'ธนาคารแลนด์ แอนด์ เฮ้าส์',
    nameEn: 'Land and Houses Bank',
    nameCn: null,
    color: '#6d6e71',
    accountDigits: 10,
  },
  {
    code: 'ICBCT',
    numericCode: '070',
    name: 'ICBC (Thai)',
    nameTh: 'ธนาคารไอซีบีซี (ไทย)',
    nameEn: 'ICBC (Thai)',
    nameCn: '中国工商银行（泰国）',
    color: '#c50f1c',
    accountDigits: 10,
  },
  {
    code: 'SCBT',
    numericCode: '020',
    name: 'Standard Chartered Bank (Thai)',
    nameTh: 'ธนาคารสแตนดาร์ดชาร์เตอร์ด (ไทย)',
    nameEn: 'Standard Chartered Bank (Thai)',
    nameCn: '渣打银行（泰国）',
    color: '#0f6eb4',
    accountDigits: 10,
  },
  {
    code: 'GSB',
    numericCode: '030',
    name: 'Government Savings Bank',
    nameTh: 'ธนาคารออมสิน',
    nameEn: 'Government Savings Bank',
    nameCn: null,
    color: '#eb198d',
    accountDigits: 12,
  },
  {
    code: 'GHB',
    numericCode: '033',
    name: 'Government Housing Bank',
    nameTh: 'ธนาคารอาคารสงเคราะห์',
    nameEn: 'Government Housing Bank',
    nameCn: null,
    color: '#f57d23',
    accountDigits: 12,
  },
  {
    code: 'BAAC',
    numericCode: '034',
    name: 'Bank for Agriculture and Agricultural Cooperatives',
    nameTh: 'ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร',
    nameEn: 'Bank for Agriculture and Agricultural Cooperatives',
    nameCn: null,
    color: '#00a650',
    accountDigits: 12,
  },
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

/** The lengths account numbers have at some bank: what a statement's masked sender may stand for. */
export const ACCOUNT_DIGITS = [10, 12] as const;

/**
 * What is wrong with an account number at a bank, as a message key, or
 * undefined when it is right: digits only, as many as the bank's numbers have
 * (the spec's "10 digits" message for the 10-digit banks). Never shortened.
 */
export function bankNumberProblem(
  bankCode: string,
  bankNumber: string,
): 'bank_number_invalid' | 'bank_number_10_digits' | 'bank_number_12_digits' | undefined {
  if (!/^\d+$/.test(bankNumber)) return 'bank_number_invalid';
  const digits = findBank(bankCode)?.accountDigits ?? 10;
  if (bankNumber.length === digits) return undefined;
  return digits === 12 ? 'bank_number_12_digits' : 'bank_number_10_digits';
}
