// The offline page's words in the app's six languages: the language the player chose in the app
// (kept in localStorage under "language"), else the browser's, else English. A file of its own, as the
// site's Content-Security-Policy allows no inline script.
(() => {
  var TEXTS = {
    en: {
      lang: 'en',
      title: 'You are offline',
      body: 'SIAM PLAY needs an internet connection. Check your Wi-Fi or mobile data. Your balance and history are safe.',
      retry: 'Try again',
    },
    th: {
      lang: 'th',
      title: 'ไม่ได้เชื่อมต่ออินเทอร์เน็ต',
      body: 'SIAM PLAY ต้องใช้อินเทอร์เน็ต โปรดตรวจสอบ Wi-Fi หรืออินเทอร์เน็ตมือถือ ยอดเงินและประวัติของคุณยังปลอดภัย',
      retry: 'ลองอีกครั้ง',
    },
    cn: {
      lang: 'zh-CN',
      title: '您已离线',
      body: 'SIAM PLAY 需要网络连接。请检查 Wi-Fi 或移动数据。您的余额和记录都是安全的。',
      retry: '重试',
    },
    ls: {
      lang: 'lo',
      title: 'ທ່ານອອບລາຍຢູ່',
      body: 'SIAM PLAY ຕ້ອງໃຊ້ອິນເຕີເນັດ. ກະລຸນາກວດເບິ່ງ Wi-Fi ຫຼື ອິນເຕີເນັດມືຖື. ຍອດເງິນ ແລະ ປະຫວັດຂອງທ່ານຍັງປອດໄພ.',
      retry: 'ລອງໃໝ່',
    },
    mm: {
      lang: 'my',
      title: 'အင်တာနက် မရှိပါ',
      body: 'SIAM PLAY သည် အင်တာနက် လိုအပ်ပါသည်။ Wi-Fi သို့မဟုတ် မိုဘိုင်းဒေတာကို စစ်ဆေးပါ။ သင်၏ လက်ကျန်ငွေနှင့် မှတ်တမ်းများ လုံခြုံပါသည်။',
      retry: 'ထပ်စမ်းပါ',
    },
    ko: {
      lang: 'ko',
      title: '오프라인 상태입니다',
      body: 'SIAM PLAY는 인터넷 연결이 필요합니다. Wi-Fi 또는 모바일 데이터를 확인하세요. 잔액과 내역은 안전합니다.',
      retry: '다시 시도',
    },
  };
  var BROWSER = { en: 'en', th: 'th', zh: 'cn', lo: 'ls', my: 'mm', ko: 'ko' };
  var chosen = null;
  try {
    chosen = window.localStorage.getItem('language');
  } catch (_error) {
    chosen = null;
  }
  var browser = (navigator.language || 'en').toLowerCase().split('-')[0];
  var texts = TEXTS[chosen] || TEXTS[BROWSER[browser]] || TEXTS.en;
  document.documentElement.lang = texts.lang;
  document.title = `SIAM PLAY: ${texts.title}`;
  document.getElementById('title').textContent = texts.title;
  document.getElementById('body').textContent = texts.body;
  var retry = document.getElementById('retry');
  retry.textContent = texts.retry;
  retry.addEventListener('click', () => {
    window.location.reload();
  });
})();
