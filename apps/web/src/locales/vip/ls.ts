import type { VipResource } from './en';

const ls: VipResource = {
  title: 'ລະດັບ VIP',
  intro: 'ລະດັບໄດ້ຈາກຍອດເທີນສະສົມ ແລະ ບໍ່ມີວັນຫຼຸດ. ທຸກລະດັບຄືນສ່ວນໜຶ່ງຂອງທຸກການເດີມພັນ (ບໍ່ຕ້ອງເທີນ) ແລະ ມີລາງວັນເມື່ອເຖິງລະດັບ.',
  noRank: 'ຍັງບໍ່ມີລະດັບ: ການເດີມພັນຄັ້ງທຳອິດຄືຈຸດເລີ່ມຕົ້ນ.',
  yourRank: 'ລະດັບຂອງທ່ານ',
  turnover: 'ຍອດເທີນສະສົມ',
  toNext: 'ອີກ {{amount}} ເຖິງ {{rank}}',
  top: 'ທ່ານຢູ່ລະດັບສູງສຸດແລ້ວ.',
  rakeback: 'ເງິນຄືນເຖິງຕອນນີ້',
  rakebackTurnover: 'ຍອດເທີນນັບແຕ່ຈ່າຍຄັ້ງກ່ອນ',
  rakebackEstimate: 'ເງິນຄືນຖ້າຈ່າຍຕອນນີ້',
  paysAt: 'ຈ່າຍທຸກມື້; ຄັ້ງຕໍ່ໄປ {{date}}',
  ranks: 'ລະດັບ',
  rankTerms: 'ຕັ້ງແຕ່ {{turnover}} · ຄືນ {{rate}}% · ລາງວັນ {{reward}}',
  reached: 'ເຖິງແລ້ວ',
  rankUps: 'ລະດັບທີ່ໄດ້ຮັບ',
  payouts: 'ເງິນຄືນທີ່ຈ່າຍແລ້ວ',
  noPayouts: 'ຍັງບໍ່ມີ.',
  status: { PAID: 'ຈ່າຍແລ້ວ', SKIPPED: 'ບໍ່ໄດ້ຈ່າຍ', NO_REWARD: 'ບໍ່ມີລາງວັນ' },
  payoutLine: '{{day}} · {{rate}}% ຂອງ {{turnover}}',
  loadFailed: 'ໂຫຼດ VIP ບໍ່ສຳເລັດ. ກະລຸນາລອງໃໝ່.',
};

export default ls;
