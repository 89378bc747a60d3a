import type { NotificationsResource } from './en';

const ls: NotificationsResource = {
  title: 'ການແຈ້ງເຕືອນ',
  bell: 'ການແຈ້ງເຕືອນ',
  unread: 'ຍັງບໍ່ອ່ານ {{count}} ລາຍການ',
  empty: 'ຍັງບໍ່ມີຫຍັງໃໝ່.',
  markAll: 'ອ່ານທັງໝົດແລ້ວ',
  kind: {
    depositCredited: 'ຍອດຝາກ {{amount}} ເຂົ້າບັນຊີຂອງທ່ານແລ້ວ.',
    depositRejected: 'ລາຍການຝາກ {{amount}} ຖືກປະຕິເສດ: {{reason}}',
    depositHeld: 'ຍອດໂອນ {{amount}} ເຂົ້າມາລະຫວ່າງປິດການຝາກ ຫຼື ເກີນວົງເງິນ ລະບົບພັກໄວ້ໃຫ້ທ່ານ: ໂອນຄືນໄດ້ທີ່ ຫຼິ້ນຢ່າງປອດໄພ.',
    withdrawApproved: 'ອະນຸມັດການຖອນ {{amount}} ແລ້ວ.',
    withdrawPaid: 'ໂອນເງິນຖອນ {{amount}} ເຂົ້າບັນຊີທະນາຄານຂອງທ່ານແລ້ວ (ອ້າງອີງ {{bankReference}}).',
    withdrawRejected: 'ການຖອນ {{amount}} ຖືກປະຕິເສດ: {{reason}}. ເງິນກັບເຂົ້າກະເປົາແລ້ວ.',
    promotionStarted: 'ໂປຣໂມຊັນເລີ່ມແລ້ວ: ໂບນັດ {{bonus}} ເຂົ້າກະເປົາແລ້ວ.',
    promotionCompleted: 'ເຮັດເທີນໂປຣໂມຊັນຄົບແລ້ວ ຖອນເງິນໄດ້.',
    promotionEnded: 'ໂປຣໂມຊັນຂອງທ່ານສິ້ນສຸດແລ້ວ.',
  },
};

export default ls;
