import type { Language } from '@app/contracts/languages';
import { Workbox } from 'workbox-window';

/**
 * The installable app, loaded after the first screen is drawn:
 * registers the service worker and offers a new version when one is deployed
 * (the manifest follows the player's language with the page's language, in
 * i18n.ts). Nothing of it is in the login route's first load.
 */
const UPDATE_TEXTS: Record<Language, { ready: string; update: string; later: string }> = {
  en: { ready: 'A new version of SIAM PLAY is ready.', update: 'Update', later: 'Later' },
  th: { ready: 'SIAM PLAY มีเวอร์ชันใหม่แล้ว', update: 'อัปเดต', later: 'ภายหลัง' },
  cn: { ready: 'SIAM PLAY 新版本已就绪。', update: '更新', later: '稍后' },
  ls: { ready: 'SIAM PLAY ມີເວີຊັນໃໝ່ແລ້ວ.', update: 'ອັບເດດ', later: 'ພາຍຫຼັງ' },
  mm: { ready: 'SIAM PLAY ဗားရှင်းအသစ် အဆင်သင့်ဖြစ်ပါပြီ။', update: 'အပ်ဒိတ်', later: 'နောက်မှ' },
  ko: { ready: 'SIAM PLAY 새 버전이 준비되었습니다.', update: '업데이트', later: '나중에' },
};

/** The app's language, as i18next has it (passed in: this chunk does not import the i18n module). */
export type LanguageSource = { language: string };
let source: LanguageSource | undefined;
const currentLanguage = (): Language => {
  const language = source?.language ?? 'en';
  return Object.hasOwn(UPDATE_TEXTS, language) ? (language as Language) : 'en';
};

/**
 * The prompt's look, added with it (a CSS file of this chunk would make the first screen's code load a
 * helper it otherwise does not need): above the bottom navigation, out of the way of the balance.
 */
const PROMPT_STYLE = `
.update-prompt {
  position: fixed;
  left: 50%;
  bottom: calc(76px + env(safe-area-inset-bottom, 0px));
  transform: translateX(-50%);
  z-index: 60;
  box-sizing: border-box;
  width: min(26rem, calc(100% - 1.5rem));
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;
  padding: 0.75rem 0.875rem;
  border-radius: 14px;
  background: #1b1a22;
  border: 1px solid rgba(245, 197, 66, 0.55);
  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.5);
  color: #f3f0e6;
}
.update-prompt p {
  flex: 1 1 12rem;
  margin: 0;
  font-size: 0.9375rem;
  line-height: 1.4;
}
.update-prompt button {
  min-height: 44px;
  padding: 0 1rem;
  border-radius: 999px;
  font: inherit;
  font-weight: 700;
  cursor: pointer;
}
.update-prompt__later {
  background: transparent;
  color: #f3f0e6;
  border: 1px solid rgba(243, 240, 230, 0.4);
}
.update-prompt__update {
  background: linear-gradient(#fff1b8, #f5c542 45%, #b8860b);
  color: #1a1406;
  border: 0;
}
`;

/** A bar at the foot of the screen: the new version is taken only when the player says so. */
export function showUpdatePrompt(update: () => void): void {
  document.querySelector('.update-prompt')?.remove();
  if (!document.getElementById('update-prompt-style')) {
    const style = document.createElement('style');
    style.id = 'update-prompt-style';
    style.textContent = PROMPT_STYLE;
    document.head.append(style);
  }
  const texts = UPDATE_TEXTS[currentLanguage()];
  const bar = document.createElement('div');
  bar.className = 'update-prompt';
  bar.setAttribute('role', 'status');
  bar.dataset.testid = 'update-prompt';
  const message = document.createElement('p');
  message.textContent = texts.ready;
  const later = document.createElement('button');
  later.type = 'button';
  later.className = 'update-prompt__later';
  later.textContent = texts.later;
  later.addEventListener('click', () => bar.remove());
  const accept = document.createElement('button');
  accept.type = 'button';
  accept.className = 'update-prompt__update';
  accept.textContent = texts.update;
  let taken = false;
  accept.addEventListener('click', () => {
    if (taken) return;
    taken = true;
    accept.disabled = true;
    update();
  });
  bar.append(message, later, accept);
  document.body.append(bar);
}

export function startPwa(languages: LanguageSource): void {
  source = languages;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  // A new version installed while this page runs: it waits for the player's yes, then takes over and the
  // page reloads with the new version's files.
  workbox.addEventListener('waiting', () =>
    showUpdatePrompt(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    }),
  );
  void workbox.register();
}
