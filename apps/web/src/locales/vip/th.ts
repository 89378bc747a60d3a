import type { VipResource } from './en';

const th: VipResource = {
  title: 'ระดับ VIP',
  intro:
    'ระดับได้จากยอดเทิร์นสะสมตลอดการเล่นและไม่มีวันลดลง ทุกระดับคืนส่วนหนึ่งของทุกการเดิมพัน (ค่าคอมคืน ไม่ต้องทำเทิร์น) และให้รางวัลเมื่อถึงระดับ',
  noRank: 'ยังไม่มีระดับ: การเดิมพันครั้งแรกคือจุดเริ่มต้น',
  yourRank: 'ระดับของคุณ',
  turnover: 'ยอดเทิร์นสะสม',
  toNext: 'อีก {{amount}} ถึง {{rank}}',
  top: 'คุณอยู่ระดับสูงสุดแล้ว',
  rakeback: 'ค่าคอมคืนถึงตอนนี้',
  rakebackTurnover: 'ยอดเทิร์นตั้งแต่จ่ายครั้งก่อน',
  rakebackEstimate: 'ค่าคอมคืนหากจ่ายตอนนี้',
  paysAt: 'จ่ายทุกวัน ครั้งถัดไป {{date}}',
  ranks: 'ระดับทั้งหมด',
  rankTerms: 'ตั้งแต่ {{turnover}} · คืน {{rate}}% · รางวัล {{reward}}',
  reached: 'ถึงแล้ว',
  rankUps: 'ระดับที่ได้รับ',
  payouts: 'ค่าคอมคืนที่จ่ายแล้ว',
  noPayouts: 'ยังไม่มี',
  status: { PAID: 'จ่ายแล้ว', SKIPPED: 'ไม่ได้จ่าย', NO_REWARD: 'ไม่มีรางวัล' },
  payoutLine: '{{day}} · {{rate}}% ของ {{turnover}}',
  loadFailed: 'โหลดข้อมูล VIP ไม่สำเร็จ กรุณาลองใหม่',
};

export default th;
