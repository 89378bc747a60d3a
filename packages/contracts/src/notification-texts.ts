import type { Language } from './languages.ts';
import { formatBahtWithSymbol } from './money.ts';
import type { NotificationKind } from './notifications.ts';

/**
 * What each notification says, in the six languages: one home for
 * the app's notification centre and the server's LINE and Web Push messages.
 * {{name}} takes the notification's param; amounts (baht) read as ฿1,234.50.
 */
export const NOTIFICATION_TEXTS: Record<Language, Record<NotificationKind, string>> = {
  en: {
    DEPOSIT_CREDITED: 'Your deposit of {{amount}} has been credited.',
    DEPOSIT_REJECTED: 'Your deposit of {{amount}} was rejected: {{reason}}',
    DEPOSIT_HELD:
      '{{amount}} arrived while deposits are closed or over your limit. It is held for you: return it to your bank from Play safe.',
    WITHDRAW_APPROVED: 'Your withdrawal of {{amount}} is approved.',
    WITHDRAW_PAID: 'Your withdrawal of {{amount}} has been paid to your bank (ref. {{bankReference}}).',
    WITHDRAW_REJECTED: 'Your withdrawal of {{amount}} was rejected: {{reason}}. The money is back in your wallet.',
    PROMOTION_STARTED: 'Your promotion has started: a bonus of {{bonus}} is in your wallet.',
    PROMOTION_COMPLETED: 'Promotion complete: the turnover is met and withdrawals are open.',
    PROMOTION_ENDED: 'Your promotion has ended.',
    CASHBACK_PAID: 'Cashback of {{amount}} is in your wallet.',
    RAKEBACK_PAID: 'Rakeback of {{amount}} is in your wallet.',
    RANK_REACHED: 'You reached VIP {{rank}}! Your reward: {{amount}}.',
  },
  th: {
    DEPOSIT_CREDITED: 'ยอดฝาก {{amount}} เข้าบัญชีของคุณแล้ว',
    DEPOSIT_REJECTED: 'รายการฝาก {{amount}} ถูกปฏิเสธ: {{reason}}',
    DEPOSIT_HELD: 'ยอดโอน {{amount}} เข้ามาระหว่างปิดการฝากหรือเกินวงเงิน ระบบพักไว้ให้คุณ: โอนคืนเข้าบัญชีได้ที่ เล่นอย่างปลอดภัย',
    WITHDRAW_APPROVED: 'อนุมัติการถอน {{amount}} แล้ว',
    WITHDRAW_PAID: 'โอนเงินถอน {{amount}} เข้าบัญชีธนาคารของคุณแล้ว (อ้างอิง {{bankReference}})',
    WITHDRAW_REJECTED: 'การถอน {{amount}} ถูกปฏิเสธ: {{reason}} เงินกลับเข้ากระเป๋าของคุณแล้ว',
    PROMOTION_STARTED: 'โปรโมชั่นเริ่มแล้ว: โบนัส {{bonus}} เข้ากระเป๋าของคุณแล้ว',
    PROMOTION_COMPLETED: 'ทำเทิร์นโปรโมชั่นครบแล้ว ถอนเงินได้',
    PROMOTION_ENDED: 'โปรโมชั่นของคุณสิ้นสุดแล้ว',
    CASHBACK_PAID: 'ยอดเสียคืน {{amount}} เข้ากระเป๋าของคุณแล้ว',
    RAKEBACK_PAID: 'ค่าคอมมิชชั่นคืน {{amount}} เข้ากระเป๋าของคุณแล้ว',
    RANK_REACHED: 'คุณเลื่อนเป็น VIP {{rank}} แล้ว! รางวัลของคุณ: {{amount}}',
  },
  cn: {
    DEPOSIT_CREDITED: '您的存款 {{amount}} 已到账。',
    DEPOSIT_REJECTED: '您的存款 {{amount}} 被拒绝：{{reason}}',
    DEPOSIT_HELD: '{{amount}} 在存款关闭或超出限额时到账，已为您暂扣：可在“安全游戏”中退回银行。',
    WITHDRAW_APPROVED: '您的提款 {{amount}} 已批准。',
    WITHDRAW_PAID: '您的提款 {{amount}} 已转入您的银行账户（参考号 {{bankReference}}）。',
    WITHDRAW_REJECTED: '您的提款 {{amount}} 被拒绝：{{reason}}。资金已退回钱包。',
    PROMOTION_STARTED: '优惠已开始：{{bonus}} 奖金已存入钱包。',
    PROMOTION_COMPLETED: '优惠已完成：流水已达标，可以提款。',
    PROMOTION_ENDED: '您的优惠已结束。',
    CASHBACK_PAID: '返水 {{amount}} 已存入您的钱包。',
    RAKEBACK_PAID: '返佣 {{amount}} 已存入您的钱包。',
    RANK_REACHED: '您已晋升为 VIP {{rank}}！奖励：{{amount}}。',
  },
  ls: {
    DEPOSIT_CREDITED: 'ຍອດຝາກ {{amount}} ເຂົ້າບັນຊີຂອງທ່ານແລ້ວ.',
    DEPOSIT_REJECTED: 'ລາຍການຝາກ {{amount}} ຖືກປະຕິເສດ: {{reason}}',
    DEPOSIT_HELD: 'ຍອດໂອນ {{amount}} ເຂົ້າມາລະຫວ່າງປິດການຝາກ ຫຼື ເກີນວົງເງິນ ລະບົບພັກໄວ້ໃຫ້ທ່ານ: ໂອນຄືນໄດ້ທີ່ ຫຼິ້ນຢ່າງປອດໄພ.',
    WITHDRAW_APPROVED: 'ອະນຸມັດການຖອນ {{amount}} ແລ້ວ.',
    WITHDRAW_PAID: 'ໂອນເງິນຖອນ {{amount}} ເຂົ້າບັນຊີທະນາຄານຂອງທ່ານແລ້ວ (ອ້າງອີງ {{bankReference}}).',
    WITHDRAW_REJECTED: 'ການຖອນ {{amount}} ຖືກປະຕິເສດ: {{reason}}. ເງິນກັບເຂົ້າກະເປົາແລ້ວ.',
    PROMOTION_STARTED: 'ໂປຣໂມຊັນເລີ່ມແລ້ວ: ໂບນັດ {{bonus}} ເຂົ້າກະເປົາແລ້ວ.',
    PROMOTION_COMPLETED: 'ເຮັດເທີນໂປຣໂມຊັນຄົບແລ້ວ ຖອນເງິນໄດ້.',
    PROMOTION_ENDED: 'ໂປຣໂມຊັນຂອງທ່ານສິ້ນສຸດແລ້ວ.',
    CASHBACK_PAID: 'ເງິນຄືນ {{amount}} ເຂົ້າກະເປົາຂອງທ່ານແລ້ວ.',
    RAKEBACK_PAID: 'ເງິນຄືນຈາກການເດີມພັນ {{amount}} ເຂົ້າກະເປົາແລ້ວ.',
    RANK_REACHED: 'ທ່ານຂຶ້ນເປັນ VIP {{rank}} ແລ້ວ! ລາງວັນ: {{amount}}.',
  },
  mm: {
    DEPOSIT_CREDITED: 'သင်၏ {{amount}} ငွေသွင်းမှု ရောက်ရှိပါပြီ။',
    DEPOSIT_REJECTED: 'သင်၏ {{amount}} ငွေသွင်းမှု ငြင်းပယ်ခံရသည်- {{reason}}',
    DEPOSIT_HELD:
      'ငွေသွင်းခြင်း ပိတ်ထားစဉ် သို့မဟုတ် ကန့်သတ်ချက်ကျော်စဉ် {{amount}} ရောက်လာ၍ ဆိုင်းငံ့ထားပါသည်- ဘေးကင်းစွာကစားပါ တွင် ဘဏ်သို့ ပြန်လွှဲနိုင်ပါသည်။',
    WITHDRAW_APPROVED: 'သင်၏ {{amount}} ငွေထုတ်မှု အတည်ပြုပြီးပါပြီ။',
    WITHDRAW_PAID: 'သင်၏ {{amount}} ငွေထုတ်မှုကို ဘဏ်သို့ ပေးချေပြီးပါပြီ (ရည်ညွှန်း {{bankReference}})။',
    WITHDRAW_REJECTED: 'သင်၏ {{amount}} ငွေထုတ်မှု ငြင်းပယ်ခံရသည်- {{reason}}။ ငွေသည် ပိုက်ဆံအိတ်သို့ ပြန်ရောက်ပါပြီ။',
    PROMOTION_STARTED: 'ပရိုမိုးရှင်း စတင်ပါပြီ- ဘောနပ်စ် {{bonus}} ပိုက်ဆံအိတ်ထဲ ရောက်ပါပြီ။',
    PROMOTION_COMPLETED: 'ပရိုမိုးရှင်း ပြီးဆုံးပါပြီ- ငွေထုတ်နိုင်ပါပြီ။',
    PROMOTION_ENDED: 'သင်၏ ပရိုမိုးရှင်း ပြီးဆုံးသွားပါပြီ။',
    CASHBACK_PAID: 'ငွေပြန်အမ်း {{amount}} သင့်ပိုက်ဆံအိတ်ထဲ ရောက်ပါပြီ။',
    RAKEBACK_PAID: 'လောင်းကြေးပြန်အမ်းငွေ {{amount}} သင့်ပိုက်ဆံအိတ်ထဲ ရောက်ပါပြီ။',
    RANK_REACHED: 'VIP {{rank}} သို့ ရောက်ပါပြီ! ဆုငွေ- {{amount}}။',
  },
  ko: {
    DEPOSIT_CREDITED: '{{amount}} 입금이 반영되었습니다.',
    DEPOSIT_REJECTED: '{{amount}} 입금이 거절되었습니다: {{reason}}',
    DEPOSIT_HELD:
      '입금이 닫혀 있거나 한도를 넘은 상태에서 {{amount}}이(가) 들어와 보류되었습니다. 안전한 플레이에서 은행으로 반환하세요.',
    WITHDRAW_APPROVED: '{{amount}} 출금이 승인되었습니다.',
    WITHDRAW_PAID: '{{amount}} 출금이 은행 계좌로 지급되었습니다(참조 {{bankReference}}).',
    WITHDRAW_REJECTED: '{{amount}} 출금이 거절되었습니다: {{reason}}. 금액은 지갑으로 돌아갔습니다.',
    PROMOTION_STARTED: '프로모션이 시작되었습니다: 보너스 {{bonus}}이(가) 지갑에 들어왔습니다.',
    PROMOTION_COMPLETED: '프로모션 완료: 롤링을 충족하여 출금할 수 있습니다.',
    PROMOTION_ENDED: '프로모션이 종료되었습니다.',
    CASHBACK_PAID: '캐시백 {{amount}}이(가) 지갑에 들어왔습니다.',
    RAKEBACK_PAID: '레이크백 {{amount}}이(가) 지갑에 들어왔습니다.',
    RANK_REACHED: 'VIP {{rank}} 등급에 도달했습니다! 보상: {{amount}}.',
  },
};

/** A notification as a sentence in the reader's language. */
export function notificationText(
  language: Language,
  kind: NotificationKind,
  params: Record<string, string | number | null>,
): string {
  return NOTIFICATION_TEXTS[language][kind].replace(/\{\{(\w+)\}\}/g, (_match, name: string) => {
    const value = params[name];
    return typeof value === 'number' ? formatBahtWithSymbol(value) : String(value ?? '');
  });
}

/** What the official account answers on LINE when a player sends it a linking code. */
export const LINE_REPLIES: Record<Language, { linked: string; unknownCode: string; tooManyCodes: string }> = {
  en: {
    linked: 'Linked. You will get your deposits, withdrawals and promotions here.',
    unknownCode: 'To get notifications here, send the 6-character code shown under Notifications in the app.',
    tooManyCodes: 'Too many codes were sent. Wait 15 minutes, then send the code shown under Notifications in the app.',
  },
  th: {
    linked: 'เชื่อมต่อแล้ว คุณจะได้รับแจ้งเรื่องการฝาก การถอน และโปรโมชั่นที่นี่',
    unknownCode: 'หากต้องการรับการแจ้งเตือนที่นี่ ส่งรหัส 6 ตัวที่แสดงในหน้าการแจ้งเตือนของแอป',
    tooManyCodes: 'ส่งรหัสหลายครั้งเกินไป กรุณารอ 15 นาที แล้วส่งรหัสที่แสดงในหน้าการแจ้งเตือนของแอป',
  },
  cn: {
    linked: '已连接。您将在这里收到存款、提款和优惠的通知。',
    unknownCode: '如需在此接收通知，请发送应用“通知”中显示的 6 位代码。',
    tooManyCodes: '发送代码的次数过多。请等待 15 分钟，然后发送应用“通知”中显示的代码。',
  },
  ls: {
    linked: 'ເຊື່ອມຕໍ່ແລ້ວ. ທ່ານຈະໄດ້ຮັບແຈ້ງການຝາກ, ການຖອນ ແລະ ໂປຣໂມຊັນຢູ່ນີ້.',
    unknownCode: 'ເພື່ອຮັບການແຈ້ງເຕືອນຢູ່ນີ້, ສົ່ງລະຫັດ 6 ຕົວທີ່ສະແດງໃນໜ້າການແຈ້ງເຕືອນຂອງແອັບ.',
    tooManyCodes: 'ສົ່ງລະຫັດຫຼາຍເທື່ອເກີນໄປ. ກະລຸນາລໍຖ້າ 15 ນາທີ ແລ້ວສົ່ງລະຫັດທີ່ສະແດງໃນໜ້າການແຈ້ງເຕືອນຂອງແອັບ.',
  },
  mm: {
    linked: 'ချိတ်ဆက်ပြီးပါပြီ။ ငွေသွင်း၊ ငွေထုတ်နှင့် ပရိုမိုးရှင်း အကြောင်းကြားချက်များကို ဤနေရာတွင် ရရှိပါမည်။',
    unknownCode: 'ဤနေရာတွင် အကြောင်းကြားချက်ရယူရန် အက်ပ်၏ အကြောင်းကြားချက်များတွင် ပြထားသော ကုဒ် ၆ လုံးကို ပို့ပါ။',
    tooManyCodes: 'ကုဒ်များကို အကြိမ်များလွန်းစွာ ပို့ထားပါသည်။ ၁၅ မိနစ် စောင့်ပြီးနောက် အက်ပ်၏ အကြောင်းကြားချက်များတွင် ပြထားသော ကုဒ်ကို ပို့ပါ။',
  },
  ko: {
    linked: '연결되었습니다. 입금, 출금, 프로모션 알림을 여기에서 받습니다.',
    unknownCode: '여기에서 알림을 받으려면 앱의 알림 화면에 표시된 6자리 코드를 보내세요.',
    tooManyCodes: '코드를 너무 많이 보냈습니다. 15분 기다린 후 앱의 알림 화면에 표시된 코드를 보내세요.',
  },
};
