import type { Language } from './languages.ts';

/**
 * What the server says to a player about their own protection, in
 * the six languages. Kept apart from the catalogues the player app bundles
 * (./messages/): the app shows these only as the server's answers.
 */
const en = {
  self_excluded:
    'You have excluded yourself until {until}. You can still log in and withdraw your money, but you cannot deposit, play or claim promotions.',
  self_excluded_permanent:
    'You have excluded yourself permanently. You can still log in and withdraw your money, but you cannot deposit, play or claim promotions.',
  timed_out:
    'You are taking a break until {until}. You can still log in and withdraw your money, but you cannot deposit, play or claim promotions.',
  deposit_limit_reached:
    'This deposit would go over your deposit limit. You can deposit up to {left} baht more until {until}.',
  deposit_limit_used_up: 'You have reached your deposit limit. You can deposit again from {until}.',
  loss_limit_reached: 'You have reached your loss limit. You can play again from {until}.',
  registration_excluded:
    'An account with these details is in a time-out or self-exclusion. A new account cannot be opened until it ends.',
  limit_applied_now: 'Your new limit applies now.',
  limit_applied_later: 'Your new limit applies from {from}. Until then your current limit stays.',
  exclusion_started: 'Done. Deposits, games and promotions are closed for you until {until}.',
  exclusion_started_permanent: 'Done. Deposits, games and promotions are closed for you permanently.',
  reality_check_saved: 'Your reality check is saved.',
  held_return_started: 'We are returning {amount} baht to your bank account.',
  line_not_available: 'LINE notifications are not available on this site yet.',
  push_endpoint_not_allowed:
    'Notifications cannot be turned on in this browser: it uses a push service we do not send to. Try Chrome, Firefox, Safari or Edge.',
} as const;

export type ProtectionMessageKey = keyof typeof en;

export const PROTECTION_MESSAGES: Record<Language, Record<ProtectionMessageKey, string>> = {
  en,
  th: {
    self_excluded: 'คุณได้ระงับการใช้งานตัวเองไว้จนถึง {until} คุณยังเข้าสู่ระบบและถอนเงินได้ แต่ไม่สามารถฝากเงิน เล่นเกม หรือรับโปรโมชั่นได้',
    self_excluded_permanent:
      'คุณได้ระงับการใช้งานตัวเองอย่างถาวร คุณยังเข้าสู่ระบบและถอนเงินได้ แต่ไม่สามารถฝากเงิน เล่นเกม หรือรับโปรโมชั่นได้',
    timed_out: 'คุณกำลังพักการเล่นจนถึง {until} คุณยังเข้าสู่ระบบและถอนเงินได้ แต่ไม่สามารถฝากเงิน เล่นเกม หรือรับโปรโมชั่นได้',
    deposit_limit_reached: 'ยอดฝากนี้จะเกินวงเงินฝากที่คุณตั้งไว้ คุณฝากได้อีกไม่เกิน {left} บาท จนถึง {until}',
    deposit_limit_used_up: 'คุณฝากครบวงเงินฝากที่ตั้งไว้แล้ว ฝากได้อีกครั้งตั้งแต่ {until}',
    loss_limit_reached: 'คุณเสียถึงวงเงินจำกัดการเสียแล้ว เล่นได้อีกครั้งตั้งแต่ {until}',
    registration_excluded: 'บัญชีที่ใช้ข้อมูลนี้อยู่ระหว่างพักการเล่นหรือระงับการใช้งานตัวเอง ไม่สามารถเปิดบัญชีใหม่ได้จนกว่าจะสิ้นสุด',
    limit_applied_now: 'วงเงินใหม่มีผลทันที',
    limit_applied_later: 'วงเงินใหม่มีผลตั้งแต่ {from} ระหว่างนี้ยังใช้วงเงินเดิม',
    exclusion_started: 'เรียบร้อย ปิดการฝากเงิน เกม และโปรโมชั่นสำหรับคุณจนถึง {until}',
    exclusion_started_permanent: 'เรียบร้อย ปิดการฝากเงิน เกม และโปรโมชั่นสำหรับคุณอย่างถาวร',
    reality_check_saved: 'บันทึกการแจ้งเตือนเวลาเล่นแล้ว',
    held_return_started: 'กำลังโอนคืน {amount} บาท เข้าบัญชีธนาคารของคุณ',
    line_not_available: 'เว็บนี้ยังไม่เปิดการแจ้งเตือนทาง LINE',
    push_endpoint_not_allowed:
      'เปิดการแจ้งเตือนในเบราว์เซอร์นี้ไม่ได้ เพราะเบราว์เซอร์ใช้บริการส่งแจ้งเตือนที่เราไม่ได้ส่งถึง ลองใช้ Chrome, Firefox, Safari หรือ Edge',
  },
  cn: {
    self_excluded: '您已自我禁止至 {until}。您仍可登录并提取资金，但不能存款、游戏或领取优惠。',
    self_excluded_permanent: '您已永久自我禁止。您仍可登录并提取资金，但不能存款、游戏或领取优惠。',
    timed_out: '您正在暂停游戏，直至 {until}。您仍可登录并提取资金，但不能存款、游戏或领取优惠。',
    deposit_limit_reached: '此笔存款将超出您的存款限额。在 {until} 之前，您最多还可存入 {left} 泰铢。',
    deposit_limit_used_up: '您已达到存款限额。您可从 {until} 起再次存款。',
    loss_limit_reached: '您已达到亏损限额。您可从 {until} 起再次游戏。',
    registration_excluded: '使用这些资料的账户正处于暂停或自我禁止期间，结束前无法开设新账户。',
    limit_applied_now: '新的限额立即生效。',
    limit_applied_later: '新的限额自 {from} 起生效，在此之前保持当前限额。',
    exclusion_started: '已完成。直至 {until}，您将无法存款、游戏或领取优惠。',
    exclusion_started_permanent: '已完成。您将永久无法存款、游戏或领取优惠。',
    reality_check_saved: '游戏时间提醒已保存。',
    held_return_started: '我们正在将 {amount} 泰铢退回您的银行账户。',
    line_not_available: '本网站暂未开通 LINE 通知。',
    push_endpoint_not_allowed:
      '无法在此浏览器中开启通知：它使用的推送服务不在我们的发送范围内。请尝试 Chrome、Firefox、Safari 或 Edge。',
  },
  ls: {
    self_excluded: 'ທ່ານໄດ້ລະງັບຕົນເອງຈົນຮອດ {until}. ທ່ານຍັງເຂົ້າສູ່ລະບົບ ແລະ ຖອນເງິນໄດ້ ແຕ່ບໍ່ສາມາດຝາກເງິນ, ຫຼິ້ນເກມ ຫຼື ຮັບໂປຣໂມຊັນໄດ້.',
    self_excluded_permanent: 'ທ່ານໄດ້ລະງັບຕົນເອງຖາວອນ. ທ່ານຍັງເຂົ້າສູ່ລະບົບ ແລະ ຖອນເງິນໄດ້ ແຕ່ບໍ່ສາມາດຝາກເງິນ, ຫຼິ້ນເກມ ຫຼື ຮັບໂປຣໂມຊັນໄດ້.',
    timed_out: 'ທ່ານກຳລັງພັກການຫຼິ້ນຈົນຮອດ {until}. ທ່ານຍັງເຂົ້າສູ່ລະບົບ ແລະ ຖອນເງິນໄດ້ ແຕ່ບໍ່ສາມາດຝາກເງິນ, ຫຼິ້ນເກມ ຫຼື ຮັບໂປຣໂມຊັນໄດ້.',
    deposit_limit_reached: 'ການຝາກນີ້ຈະເກີນວົງເງິນຝາກຂອງທ່ານ. ທ່ານຝາກໄດ້ອີກບໍ່ເກີນ {left} ບາດ ຈົນຮອດ {until}.',
    deposit_limit_used_up: 'ທ່ານຝາກຄົບວົງເງິນຝາກທີ່ຕັ້ງໄວ້ແລ້ວ. ຝາກໄດ້ອີກຄັ້ງຕັ້ງແຕ່ {until}.',
    loss_limit_reached: 'ທ່ານເສຍຮອດວົງເງິນຈຳກັດການເສຍແລ້ວ. ຫຼິ້ນໄດ້ອີກຕັ້ງແຕ່ {until}.',
    registration_excluded: 'ບັນຊີທີ່ໃຊ້ຂໍ້ມູນນີ້ຢູ່ໃນໄລຍະພັກ ຫຼື ລະງັບຕົນເອງ. ບໍ່ສາມາດເປີດບັນຊີໃໝ່ໄດ້ຈົນກວ່າຈະສິ້ນສຸດ.',
    limit_applied_now: 'ວົງເງິນໃໝ່ມີຜົນທັນທີ.',
    limit_applied_later: 'ວົງເງິນໃໝ່ມີຜົນຕັ້ງແຕ່ {from}. ລະຫວ່າງນີ້ຍັງໃຊ້ວົງເງິນເດີມ.',
    exclusion_started: 'ຮຽບຮ້ອຍ. ປິດການຝາກເງິນ, ເກມ ແລະ ໂປຣໂມຊັນສຳລັບທ່ານຈົນຮອດ {until}.',
    exclusion_started_permanent: 'ຮຽບຮ້ອຍ. ປິດການຝາກເງິນ, ເກມ ແລະ ໂປຣໂມຊັນສຳລັບທ່ານຖາວອນ.',
    reality_check_saved: 'ບັນທຶກການແຈ້ງເຕືອນເວລາຫຼິ້ນແລ້ວ.',
    held_return_started: 'ພວກເຮົາກຳລັງໂອນຄືນ {amount} ບາດ ເຂົ້າບັນຊີທະນາຄານຂອງທ່ານ.',
    line_not_available: 'ເວັບນີ້ຍັງບໍ່ເປີດການແຈ້ງເຕືອນທາງ LINE.',
    push_endpoint_not_allowed:
      'ບໍ່ສາມາດເປີດການແຈ້ງເຕືອນໃນບຣາວເຊີນີ້ໄດ້ ເພາະມັນໃຊ້ບໍລິການສົ່ງແຈ້ງເຕືອນທີ່ພວກເຮົາບໍ່ໄດ້ສົ່ງເຖິງ. ລອງໃຊ້ Chrome, Firefox, Safari ຫຼື Edge.',
  },
  mm: {
    self_excluded:
      'သင်သည် {until} အထိ မိမိကိုယ်ကို ပိတ်ထားပါသည်။ ဝင်ရောက်ခြင်းနှင့် ငွေထုတ်ခြင်း ပြုလုပ်နိုင်သော်လည်း ငွေသွင်းခြင်း၊ ဂိမ်းကစားခြင်း သို့မဟုတ် ပရိုမိုးရှင်းယူခြင်း မပြုလုပ်နိုင်ပါ။',
    self_excluded_permanent:
      'သင်သည် မိမိကိုယ်ကို အပြီးတိုင် ပိတ်ထားပါသည်။ ဝင်ရောက်ခြင်းနှင့် ငွေထုတ်ခြင်း ပြုလုပ်နိုင်သော်လည်း ငွေသွင်းခြင်း၊ ဂိမ်းကစားခြင်း သို့မဟုတ် ပရိုမိုးရှင်းယူခြင်း မပြုလုပ်နိုင်ပါ။',
    timed_out:
      'သင်သည် {until} အထိ ကစားခြင်းမှ ခေတ္တနားနေပါသည်။ ဝင်ရောက်ခြင်းနှင့် ငွေထုတ်ခြင်း ပြုလုပ်နိုင်သော်လည်း ငွေသွင်းခြင်း၊ ဂိမ်းကစားခြင်း သို့မဟုတ် ပရိုမိုးရှင်းယူခြင်း မပြုလုပ်နိုင်ပါ။',
    deposit_limit_reached: 'ဤငွေသွင်းမှုသည် သင်၏ ငွေသွင်းကန့်သတ်ချက်ကို ကျော်လွန်ပါမည်။ {until} အထိ နောက်ထပ် {left} ဘတ်အထိသာ သွင်းနိုင်ပါသည်။',
    deposit_limit_used_up: 'သင်၏ ငွေသွင်းကန့်သတ်ချက်သို့ ရောက်ရှိသွားပါပြီ။ {until} မှစ၍ ပြန်သွင်းနိုင်ပါသည်။',
    loss_limit_reached: 'သင်၏ ရှုံးငွေကန့်သတ်ချက်သို့ ရောက်ရှိသွားပါပြီ။ {until} မှစ၍ ပြန်ကစားနိုင်ပါသည်။',
    registration_excluded:
      'ဤအချက်အလက်များဖြင့် အကောင့်သည် ခေတ္တနားခြင်း သို့မဟုတ် မိမိကိုယ်ကို ပိတ်ထားခြင်း ဖြစ်နေပါသည်။ မပြီးဆုံးမချင်း အကောင့်အသစ် ဖွင့်၍မရပါ။',
    limit_applied_now: 'ကန့်သတ်ချက်အသစ် ချက်ချင်း အသက်ဝင်ပါပြီ။',
    limit_applied_later: 'ကန့်သတ်ချက်အသစ်သည် {from} မှစ၍ အသက်ဝင်ပါမည်။ ထိုအချိန်အထိ လက်ရှိကန့်သတ်ချက် ဆက်ရှိပါမည်။',
    exclusion_started: 'ပြီးပါပြီ။ {until} အထိ ငွေသွင်းခြင်း၊ ဂိမ်းနှင့် ပရိုမိုးရှင်းများကို ပိတ်ထားပါသည်။',
    exclusion_started_permanent: 'ပြီးပါပြီ။ ငွေသွင်းခြင်း၊ ဂိမ်းနှင့် ပရိုမိုးရှင်းများကို အပြီးတိုင် ပိတ်ထားပါသည်။',
    reality_check_saved: 'ကစားချိန် သတိပေးချက်ကို သိမ်းဆည်းပြီးပါပြီ။',
    held_return_started: '{amount} ဘတ်ကို သင့်ဘဏ်အကောင့်သို့ ပြန်လွှဲနေပါသည်။',
    line_not_available: 'ဤဆိုက်တွင် LINE အကြောင်းကြားချက် မရနိုင်သေးပါ။',
    push_endpoint_not_allowed:
      'ဤဘရောက်ဇာတွင် အကြောင်းကြားချက်များ ဖွင့်၍မရပါ။ ၎င်းသုံးသော push ဝန်ဆောင်မှုသို့ ကျွန်ုပ်တို့ မပို့ပါ။ Chrome၊ Firefox၊ Safari သို့မဟုတ် Edge ကို စမ်းကြည့်ပါ။',
  },
  ko: {
    self_excluded:
      '{until}까지 자가 차단 중입니다. 로그인과 출금은 가능하지만 입금, 게임, 프로모션 신청은 할 수 없습니다.',
    self_excluded_permanent:
      '영구적으로 자가 차단되었습니다. 로그인과 출금은 가능하지만 입금, 게임, 프로모션 신청은 할 수 없습니다.',
    timed_out: '{until}까지 휴식 중입니다. 로그인과 출금은 가능하지만 입금, 게임, 프로모션 신청은 할 수 없습니다.',
    deposit_limit_reached: '이 입금은 설정한 입금 한도를 넘습니다. {until}까지 최대 {left}바트 더 입금할 수 있습니다.',
    deposit_limit_used_up: '입금 한도에 도달했습니다. {until}부터 다시 입금할 수 있습니다.',
    loss_limit_reached: '손실 한도에 도달했습니다. {until}부터 다시 플레이할 수 있습니다.',
    registration_excluded: '이 정보의 계정은 휴식 또는 자가 차단 중입니다. 종료될 때까지 새 계정을 만들 수 없습니다.',
    limit_applied_now: '새 한도가 바로 적용됩니다.',
    limit_applied_later: '새 한도는 {from}부터 적용됩니다. 그때까지는 현재 한도가 유지됩니다.',
    exclusion_started: '완료되었습니다. {until}까지 입금, 게임, 프로모션이 닫힙니다.',
    exclusion_started_permanent: '완료되었습니다. 입금, 게임, 프로모션이 영구적으로 닫힙니다.',
    reality_check_saved: '플레이 시간 알림이 저장되었습니다.',
    held_return_started: '{amount}바트를 회원님의 은행 계좌로 반환하고 있습니다.',
    line_not_available: '이 사이트에서는 아직 LINE 알림을 사용할 수 없습니다.',
    push_endpoint_not_allowed:
      '이 브라우저에서는 알림을 켤 수 없습니다. 저희가 보내지 않는 푸시 서비스를 사용합니다. Chrome, Firefox, Safari 또는 Edge를 사용해 보세요.',
  },
};
