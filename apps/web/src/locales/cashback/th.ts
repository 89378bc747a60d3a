import type { CashbackResource } from './en';

const th: CashbackResource = {
  title: 'คืนยอดเสีย',
  intro: 'ยอดเสียส่วนหนึ่งจะคืนเข้ากระเป๋าของคุณหลังจบแต่ละรอบ ตัวเลขทุกตัวด้านล่างเป็นยอดจริง',
  rule: { NET_LOSS: 'คืน {{rate}}% ของยอดเสียสุทธิ (ยอดเดิมพันลบยอดชนะ)', NET_DEPOSIT: 'คืน {{rate}}% ของยอดฝากลบยอดถอน' },
  period: { DAY: 'ทุกวัน', WEEK: 'ทุกสัปดาห์ (จันทร์ถึงอาทิตย์)' },
  soFar: { NET_LOSS: 'ยอดเสียสุทธิถึงตอนนี้', NET_DEPOSIT: 'ยอดฝากสุทธิถึงตอนนี้' },
  estimate: 'ยอดคืนหากจบรอบตอนนี้',
  paysAt: 'จ่ายวันที่ {{date}}',
  terms: {
    min: 'จ่ายขั้นต่ำ {{amount}}',
    max: 'จ่ายสูงสุด {{amount}}',
    noMax: 'ไม่จำกัดยอดสูงสุด',
    turnover: 'ทำเทิร์น {{multiplier}} เท่าของยอดคืนก่อนถอน',
    noTurnover: 'ไม่ต้องทำเทิร์น ถอนได้ทันที',
    maxWithdraw: 'ถอนได้สูงสุด {{amount}} หลังรับ',
    bonus: 'ไม่มียอดคืนในรอบที่รับโบนัสโปรโมชั่น',
  },
  optIn: 'รับยอดเสียคืน',
  optOutNote: 'เมื่อปิด รอบที่ยังไม่จ่ายจะไม่ได้รับยอดคืน',
  none: 'ยังไม่มีการคืนยอดเสียในขณะนี้',
  payouts: 'การจ่ายล่าสุด',
  noPayouts: 'ยังไม่มีการจ่าย',
  periodRange: '{{from}} – {{to}}',
  status: { PAID: 'จ่ายแล้ว', SKIPPED: 'ไม่มียอดจ่าย', WAITING: 'รอจ่าย' },
  turnoverOf: 'เทิร์น {{amount}}',
  saveFailed: 'บันทึกไม่สำเร็จ กรุณาลองใหม่',
  loadFailed: 'โหลดข้อมูลคืนยอดเสียไม่สำเร็จ กรุณาลองใหม่',
};

export default th;
