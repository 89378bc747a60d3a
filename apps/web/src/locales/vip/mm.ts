import type { VipResource } from './en';

const mm: VipResource = {
  title: 'VIP အဆင့်',
  intro:
    'အဆင့်များကို စုစုပေါင်း လောင်းကြေးဖြင့် ရရှိပြီး ဘယ်တော့မှ မကျပါ။ အဆင့်တိုင်းသည် လောင်းကြေးတိုင်း၏ တစ်စိတ်တစ်ပိုင်းကို ပြန်ပေးပြီး (လောင်းကြေးလိုအပ်ချက်မရှိ) ရောက်သည့်အခါ ဆုပေးပါသည်။',
  noRank: 'အဆင့် မရှိသေးပါ- ပထမဆုံး လောင်းကြေးဖြင့် စတင်ပါ။',
  yourRank: 'သင့်အဆင့်',
  turnover: 'စုစုပေါင်း လောင်းကြေး',
  toNext: '{{rank}} သို့ {{amount}} ထပ်လိုသည်',
  top: 'အမြင့်ဆုံးအဆင့်တွင် ရှိပါသည်။',
  rakeback: 'ယခုအထိ ပြန်အမ်းငွေ',
  rakebackTurnover: 'နောက်ဆုံးပေးချေမှုမှစ၍ လောင်းကြေး',
  rakebackEstimate: 'ယခုပေးလျှင် ပြန်အမ်းငွေ',
  paysAt: 'နေ့စဉ်ပေးသည်; နောက်တစ်ကြိမ် {{date}}',
  ranks: 'အဆင့်များ',
  rankTerms: '{{turnover}} မှစ၍ · ပြန်အမ်း {{rate}}% · ဆု {{reward}}',
  reached: 'ရောက်ပြီ',
  rankUps: 'ရောက်ခဲ့သော အဆင့်များ',
  payouts: 'ပေးပြီးသော ပြန်အမ်းငွေ',
  noPayouts: 'မရှိသေးပါ။',
  status: { PAID: 'ပေးပြီး', SKIPPED: 'မပေးပါ', NO_REWARD: 'ဆုမရှိ' },
  payoutLine: '{{day}} · {{turnover}} ၏ {{rate}}%',
  loadFailed: 'VIP ကို ဖွင့်၍ မရပါ။ ထပ်ကြိုးစားပါ။',
};

export default mm;
