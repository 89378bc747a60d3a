import type { CashbackResource } from './en';

const ls: CashbackResource = {
  title: 'ເງິນຄືນ',
  intro: 'ສ່ວນໜຶ່ງຂອງຍອດເສຍຈະຄືນເຂົ້າກະເປົາຫຼັງຈົບແຕ່ລະຮອບ. ທຸກຕົວເລກຂ້າງລຸ່ມແມ່ນຍອດແທ້.',
  rule: { NET_LOSS: '{{rate}}% ຂອງຍອດເສຍສຸດທິ (ຍອດເດີມພັນລົບຍອດຊະນະ)', NET_DEPOSIT: '{{rate}}% ຂອງຍອດຝາກລົບຍອດຖອນ' },
  period: { DAY: 'ທຸກມື້', WEEK: 'ທຸກອາທິດ (ຈັນຫາອາທິດ)' },
  soFar: { NET_LOSS: 'ຍອດເສຍສຸດທິເຖິງຕອນນີ້', NET_DEPOSIT: 'ຍອດຝາກສຸດທິເຖິງຕອນນີ້' },
  estimate: 'ເງິນຄືນຖ້າຈົບຮອບຕອນນີ້',
  paysAt: 'ຈ່າຍວັນທີ {{date}}',
  terms: {
    min: 'ຈ່າຍຂັ້ນຕ່ຳ {{amount}}',
    max: 'ຈ່າຍສູງສຸດ {{amount}}',
    noMax: 'ບໍ່ຈຳກັດສູງສຸດ',
    turnover: 'ເທີນ {{multiplier}} ເທົ່າຂອງເງິນຄືນກ່ອນຖອນ',
    noTurnover: 'ບໍ່ຕ້ອງເທີນ: ຖອນໄດ້ທັນທີ',
    maxWithdraw: 'ຖອນໄດ້ສູງສຸດ {{amount}} ຫຼັງຮັບ',
    bonus: 'ບໍ່ມີເງິນຄືນໃນຮອບທີ່ຮັບໂບນັດໂປຣໂມຊັນ',
  },
  optIn: 'ຮັບເງິນຄືນ',
  optOutNote: 'ເມື່ອປິດ, ຮອບທີ່ຍັງບໍ່ຈ່າຍຈະບໍ່ໄດ້ຮັບ.',
  none: 'ຍັງບໍ່ມີເງິນຄືນໃນຕອນນີ້.',
  payouts: 'ການຈ່າຍລ່າສຸດ',
  noPayouts: 'ຍັງບໍ່ມີການຈ່າຍ.',
  periodRange: '{{from}} – {{to}}',
  status: { PAID: 'ຈ່າຍແລ້ວ', SKIPPED: 'ບໍ່ມີຍອດຈ່າຍ', WAITING: 'ລໍຖ້າ' },
  turnoverOf: 'ເທີນ {{amount}}',
  saveFailed: 'ບັນທຶກບໍ່ສຳເລັດ. ກະລຸນາລອງໃໝ່.',
  loadFailed: 'ໂຫຼດເງິນຄືນບໍ່ສຳເລັດ. ກະລຸນາລອງໃໝ່.',
};

export default ls;
