import type { NotificationsResource } from './en';

const mm: NotificationsResource = {
  title: 'အသိပေးချက်များ',
  bell: 'အသိပေးချက်များ',
  unread: 'မဖတ်ရသေး {{count}} ခု',
  empty: 'အသစ် မရှိသေးပါ။',
  markAll: 'အားလုံး ဖတ်ပြီး',
  kind: {
    depositCredited: 'သင်၏ {{amount}} ငွေသွင်းမှု ရောက်ရှိပါပြီ။',
    depositRejected: 'သင်၏ {{amount}} ငွေသွင်းမှု ငြင်းပယ်ခံရသည်- {{reason}}',
    depositHeld:
      'ငွေသွင်းခြင်း ပိတ်ထားစဉ် သို့မဟုတ် ကန့်သတ်ချက်ကျော်စဉ် {{amount}} ရောက်လာ၍ ဆိုင်းငံ့ထားပါသည်- ဘေးကင်းစွာကစားပါ တွင် ဘဏ်သို့ ပြန်လွှဲနိုင်ပါသည်။',
    withdrawApproved: 'သင်၏ {{amount}} ငွေထုတ်မှု အတည်ပြုပြီးပါပြီ။',
    withdrawPaid: 'သင်၏ {{amount}} ငွေထုတ်မှုကို ဘဏ်သို့ ပေးချေပြီးပါပြီ (ရည်ညွှန်း {{bankReference}})။',
    withdrawRejected: 'သင်၏ {{amount}} ငွေထုတ်မှု ငြင်းပယ်ခံရသည်- {{reason}}။ ငွေသည် ပိုက်ဆံအိတ်သို့ ပြန်ရောက်ပါပြီ။',
    promotionStarted: 'ပရိုမိုးရှင်း စတင်ပါပြီ- ဘောနပ်စ် {{bonus}} ပိုက်ဆံအိတ်ထဲ ရောက်ပါပြီ။',
    promotionCompleted: 'ပရိုမိုးရှင်း ပြီးဆုံးပါပြီ- ငွေထုတ်နိုင်ပါပြီ။',
    promotionEnded: 'သင်၏ ပရိုမိုးရှင်း ပြီးဆုံးသွားပါပြီ။',
  },
};

export default mm;
