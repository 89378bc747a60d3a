import type { NotificationsResource } from './en';

const mm: NotificationsResource = {
  title: 'အသိပေးချက်များ',
  bell: 'အသိပေးချက်များ',
  unread: 'မဖတ်ရသေး {{count}} ခု',
  empty: 'အသစ် မရှိသေးပါ။',
  markAll: 'အားလုံး ဖတ်ပြီး',
};

export default mm;
