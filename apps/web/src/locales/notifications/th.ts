import type { NotificationsResource } from './en';

const th: NotificationsResource = {
  title: 'การแจ้งเตือน',
  bell: 'การแจ้งเตือน',
  unread: 'ยังไม่อ่าน {{count}} รายการ',
  empty: 'ยังไม่มีอะไรใหม่',
  markAll: 'อ่านทั้งหมดแล้ว',
  kind: {
    depositCredited: 'ยอดฝาก {{amount}} เข้าบัญชีของคุณแล้ว',
    depositRejected: 'รายการฝาก {{amount}} ถูกปฏิเสธ: {{reason}}',
    depositHeld: 'ยอดโอน {{amount}} เข้ามาระหว่างปิดการฝากหรือเกินวงเงิน ระบบพักไว้ให้คุณ: โอนคืนเข้าบัญชีได้ที่ เล่นอย่างปลอดภัย',
    withdrawApproved: 'อนุมัติการถอน {{amount}} แล้ว',
    withdrawPaid: 'โอนเงินถอน {{amount}} เข้าบัญชีธนาคารของคุณแล้ว (อ้างอิง {{bankReference}})',
    withdrawRejected: 'การถอน {{amount}} ถูกปฏิเสธ: {{reason}} เงินกลับเข้ากระเป๋าของคุณแล้ว',
    promotionStarted: 'โปรโมชั่นเริ่มแล้ว: โบนัส {{bonus}} เข้ากระเป๋าของคุณแล้ว',
    promotionCompleted: 'ทำเทิร์นโปรโมชั่นครบแล้ว ถอนเงินได้',
    promotionEnded: 'โปรโมชั่นของคุณสิ้นสุดแล้ว',
  },
};

export default th;
