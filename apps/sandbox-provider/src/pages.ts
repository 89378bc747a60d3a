import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Answer } from './answers.ts';
import type { Sandbox } from './app.ts';
import { PAGE_SCRIPTS } from './page-scripts.ts';
import { MATCHES, settleBets, sportsBet } from './sports.ts';
import { deliver, playRound } from './wc.ts';

/** The page texts, English and Thai; other languages fall back to English. */
const TEXTS = {
  en: {
    sportsTitle: 'Sandbox Sports',
    wcTitle: 'WC Slots',
    current: 'Credit',
    inGame: 'In game',
    balance: 'Balance',
    stake: 'Stake (THB)',
    placeBet: 'Place bet',
    home: 'Home',
    draw: 'Draw',
    away: 'Away',
    openBets: 'Your bets',
    open: 'Open',
    won: 'Won',
    lost: 'Lost',
    noBets: 'No bets yet. Pick a result and place a stake.',
    spin: 'Spin',
    win: 'You win',
    noWin: 'No win this time',
    refused: 'Refused',
    expired: 'This game session has expired. Launch the game again from the app.',
    settlesIn: 'settles in',
    pick: 'Your pick',
  },
  th: {
    sportsTitle: 'แซนด์บ็อกซ์ สปอร์ต',
    wcTitle: 'WC สล็อต',
    current: 'เครดิต',
    inGame: 'ในเกม',
    balance: 'ยอดเงิน',
    stake: 'เดิมพัน (บาท)',
    placeBet: 'วางเดิมพัน',
    home: 'เจ้าบ้าน',
    draw: 'เสมอ',
    away: 'ทีมเยือน',
    openBets: 'การเดิมพันของคุณ',
    open: 'รอผล',
    won: 'ชนะ',
    lost: 'แพ้',
    noBets: 'ยังไม่มีการเดิมพัน เลือกผลการแข่งขันแล้ววางเดิมพัน',
    spin: 'หมุน',
    win: 'คุณชนะ',
    noWin: 'รอบนี้ไม่ได้รางวัล',
    refused: 'ไม่สำเร็จ',
    expired: 'เซสชันเกมหมดอายุ กรุณาเปิดเกมใหม่จากแอป',
    settlesIn: 'ประกาศผลใน',
    pick: 'ที่คุณเลือก',
  },
} as const;

type Lang = keyof typeof TEXTS;
const langOf = (code: string | undefined): Lang => (code?.toUpperCase().startsWith('TH') ? 'th' : 'en');

const require = createRequire(import.meta.url);
const thaiFont = readFileSync(require.resolve('@fontsource/noto-sans-thai/files/noto-sans-thai-thai-400-normal.woff2'));

const STYLE = `
@font-face { font-family: 'Noto Sans Thai'; src: url('/play/fonts/noto-sans-thai.woff2') format('woff2'); font-display: swap; unicode-range: U+0E01-0E5B, U+200C-200D, U+25CC; }
:root { color-scheme: dark; --bg: #0e1a12; --panel: #16281c; --accent: #2fbf5b; --gold: #f5c542; --text: #eef5f0; --muted: #9fb5a6; --bad: #e5534b; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); font-family: 'Noto Sans Thai', system-ui, sans-serif; }
main { max-width: 30rem; margin: 0 auto; padding: 0.75rem; }
header { display: flex; justify-content: space-between; align-items: center; gap: 0.5rem; margin-bottom: 0.75rem; }
h1 { font-size: 1.2rem; margin: 0; }
.wallet { display: flex; gap: 0.75rem; font-size: 0.9rem; }
.wallet b { color: var(--gold); }
.card { background: var(--panel); border-radius: 0.75rem; padding: 0.75rem; margin-bottom: 0.75rem; }
.league { color: var(--muted); font-size: 0.75rem; }
.teams { font-weight: 600; margin: 0.25rem 0 0.5rem; }
.odds { display: grid; grid-template-columns: repeat(3, 1fr); gap: 0.4rem; }
button { font: inherit; border: 0; border-radius: 0.5rem; padding: 0.6rem; background: #244a31; color: var(--text); cursor: pointer; }
button.selected { background: var(--accent); color: #06200f; font-weight: 700; }
button.primary { background: var(--gold); color: #2a1f00; font-weight: 700; width: 100%; font-size: 1.05rem; }
button:disabled { opacity: 0.5; }
.odds small { display: block; color: var(--muted); font-size: 0.7rem; }
.odds button.selected small { color: #06200f; }
label { display: block; font-size: 0.85rem; margin-bottom: 0.3rem; color: var(--muted); }
input { width: 100%; font: inherit; padding: 0.6rem; border-radius: 0.5rem; border: 1px solid #2f5a3d; background: #0b140e; color: var(--text); }
.quick { display: flex; gap: 0.4rem; margin: 0.5rem 0; flex-wrap: wrap; }
.quick button { flex: 1; padding: 0.4rem; min-width: 3.5rem; }
.bet { display: flex; justify-content: space-between; gap: 0.5rem; font-size: 0.85rem; padding: 0.4rem 0; border-bottom: 1px solid #22402c; }
.won { color: var(--accent); } .lost { color: var(--bad); } .open { color: var(--gold); }
.message { min-height: 1.4rem; text-align: center; margin: 0.5rem 0; }
.reels { display: flex; justify-content: center; gap: 0.5rem; margin: 1rem 0; }
.reel { width: 5rem; height: 5rem; border-radius: 0.75rem; background: #0b140e; display: grid; place-items: center; font-size: 2.6rem; border: 2px solid var(--gold); }
`;

function page(lang: Lang, title: string, body: string, script: string, data: unknown): string {
  const json = JSON.stringify({ texts: TEXTS[lang], ...((data as object) ?? {}) }).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<link rel="preload" href="/play/fonts/noto-sans-thai.woff2" as="font" type="font/woff2" crossorigin><style>${STYLE}</style></head>
<body><main>${body}</main><script id="data" type="application/json">${json}</script>
<script src="/play/assets/${script}"></script></body></html>`;
}

const sessionQuery = z.object({ session: z.string().max(100).optional(), lang: z.string().max(10).optional() });

function expiredPage(reply: FastifyReply, lang: Lang) {
  return reply
    .code(403)
    .type('text/html; charset=utf-8')
    .send(page(lang, TEXTS[lang].expired, `<p class="card">${TEXTS[lang].expired}</p>`, 'none.js', {}));
}

const sendAnswer = (reply: FastifyReply, answer: Answer) => reply.code(answer.status).send(answer.body);

/** The two game pages and the small API they call, authenticated by the play session of the launch. */
export async function registerPages(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  const { state } = sandbox;
  const sessionOf = (token: unknown, game: 'sports' | 'wc') => {
    const session = state.session(typeof token === 'string' ? token : undefined);
    return session?.game === game ? session : undefined;
  };
  app.get('/play/fonts/noto-sans-thai.woff2', async (_request, reply) =>
    reply.type('font/woff2').header('cache-control', 'public, max-age=86400').send(thaiFont),
  );
  app.get<{ Params: { file: string } }>('/play/assets/:file', async (request, reply) => {
    const script = PAGE_SCRIPTS[request.params.file];
    if (!script) return reply.code(404).send({ ok: false });
    return reply.type('text/javascript; charset=utf-8').send(script);
  });

  app.get('/play/sports', async (request, reply) => {
    const query = sessionQuery.parse(request.query);
    const session = sessionOf(query.session, 'sports');
    const lang = langOf(query.lang ?? session?.lang);
    if (!session) return expiredPage(reply, lang);
    const matches = MATCHES.map((match) => ({
      id: match.id,
      league: match.league[lang],
      home: match.home[lang],
      away: match.away[lang],
      odds: match.odds,
    }));
    const body = `<header><h1>${TEXTS[lang].sportsTitle}</h1><div class="wallet" id="wallet"></div></header>
<div id="matches"></div><div class="card"><label for="stake">${TEXTS[lang].stake}</label><input id="stake" inputmode="decimal" value="100">
<div class="quick" id="quick"></div><button class="primary" id="place" disabled>${TEXTS[lang].placeBet}</button>
<div class="message" id="message"></div></div><div class="card"><h2>${TEXTS[lang].openBets}</h2><div id="bets"></div></div>`;
    return reply
      .type('text/html; charset=utf-8')
      .send(page(lang, TEXTS[lang].sportsTitle, body, 'sports.js', { session: query.session, matches }));
  });

  app.get('/play/wc', async (request, reply) => {
    const query = sessionQuery.parse(request.query);
    const session = sessionOf(query.session, 'wc');
    const lang = langOf(query.lang ?? session?.lang);
    if (!session) return expiredPage(reply, lang);
    const body = `<header><h1>${TEXTS[lang].wcTitle}</h1><div class="wallet" id="wallet"></div></header>
<div class="card"><div class="reels"><div class="reel" id="r0">7</div><div class="reel" id="r1">7</div><div class="reel" id="r2">7</div></div>
<label for="stake">${TEXTS[lang].stake}</label><input id="stake" inputmode="decimal" value="10"><div class="quick" id="quick"></div>
<button class="primary" id="spin">${TEXTS[lang].spin}</button><div class="message" id="message"></div></div>`;
    return reply
      .type('text/html; charset=utf-8')
      .send(page(lang, TEXTS[lang].wcTitle, body, 'wc.js', { session: query.session }));
  });

  app.get('/play/api/sports/state', async (request, reply) => {
    const session = sessionOf((request.query as { session?: unknown }).session, 'sports');
    if (!session) return reply.code(403).send({ ok: false });
    if (settleBets(state, sandbox.config.seed, { playerRef: session.playerRef })) await state.save();
    const bets = state
      .bets()
      .filter((bet) => bet.playerRef === session.playerRef)
      .sort((a, b) => b.placedAt - a.placedAt)
      .slice(0, 20);
    return { ok: true, wallet: state.wallet(session.playerRef), bets, now: Date.now() };
  });

  const betBody = z.object({
    session: z.string().max(100),
    matchId: z.string().max(32),
    pick: z.enum(['home', 'draw', 'away']),
    stakeMinor: z.number().int().positive().max(1_000_000_000),
  });
  app.post('/play/api/sports/bet', async (request, reply) => {
    const body = betBody.safeParse(request.body);
    const session = body.success ? sessionOf(body.data.session, 'sports') : undefined;
    if (!body.success || !session) return reply.code(403).send({ ok: false });
    const answer = sportsBet(
      state,
      { seed: sandbox.config.seed, settleMs: sandbox.config.settleMs },
      {
        playerRef: session.playerRef,
        matchId: body.data.matchId,
        pick: body.data.pick,
        stakeMinor: body.data.stakeMinor,
      },
    );
    await state.save();
    return sendAnswer(reply, answer);
  });

  app.get('/play/api/wc/state', async (request, reply) => {
    const session = sessionOf((request.query as { session?: unknown }).session, 'wc');
    if (!session) return reply.code(403).send({ ok: false });
    const [answer] = await deliver(sandbox.wc, 'balance', { playerRef: session.playerRef });
    return { ok: true, balance: answer?.body };
  });

  const spinBody = z.object({ session: z.string().max(100), betMinor: z.number().int().positive().max(100_000_000) });
  app.post('/play/api/wc/spin', async (request, reply) => {
    const body = spinBody.safeParse(request.body);
    const session = body.success ? sessionOf(body.data.session, 'wc') : undefined;
    if (!body.success || !session) return reply.code(403).send({ ok: false });
    const round = await playRound(sandbox.wc, {
      playerRef: session.playerRef,
      betMinor: body.data.betMinor,
      plan: { outcome: 'spin' },
    });
    const last = [...round.callbacks].reverse().find((answer) => answer.status === 200);
    return { ok: true, betAccepted: round.betAccepted, spin: round.spin ?? null, answer: last?.body ?? null };
  });
}
