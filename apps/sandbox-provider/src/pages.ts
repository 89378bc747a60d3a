import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Sandbox } from './app.ts';
import { deliver } from './callbacks.ts';
import { PAGE_SCRIPTS } from './page-scripts.ts';
import { PAGE_STYLE } from './page-style.ts';
import { type Lang, langOf, TEXTS } from './page-texts.ts';
import { MATCHES, settleBets, sportsBet } from './sports.ts';
import { PAY_TABLE, playRound } from './wc.ts';

const require = createRequire(import.meta.url);
/** The Thai glyphs of Noto Sans Thai (about 9 KB a weight): phones have Thai fonts, headless browsers often not. */
const FONTS: Record<string, Buffer> = {
  'noto-sans-thai-400.woff2': readFileSync(
    require.resolve('@fontsource/noto-sans-thai/files/noto-sans-thai-thai-400-normal.woff2'),
  ),
  'noto-sans-thai-700.woff2': readFileSync(
    require.resolve('@fontsource/noto-sans-thai/files/noto-sans-thai-thai-700-normal.woff2'),
  ),
};

/** The pages load nothing from elsewhere: their own script, styles inline, the served fonts. */
const PAGE_CSP = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; base-uri 'none'";
const BETS_SHOWN_MAX = 20;

function page(lang: Lang, title: string, body: string, script: string, data: object): string {
  // The data block is JSON inside HTML: '<' is escaped so no text can close the script element.
  const json = JSON.stringify({ texts: TEXTS[lang], ...data }).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><link rel="icon" href="data:,">
<link rel="preload" href="/play/fonts/noto-sans-thai-400.woff2" as="font" type="font/woff2" crossorigin>
<style>${PAGE_STYLE}</style></head>
<body><main>${body}</main><script id="data" type="application/json">${json}</script>
<script src="/play/assets/${script}"></script></body></html>`;
}

const sendPage = (reply: FastifyReply, html: string, statusCode = 200) =>
  reply
    .code(statusCode)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', PAGE_CSP)
    .header('cache-control', 'no-store')
    .send(html);

const expiredPage = (reply: FastifyReply, lang: Lang) =>
  sendPage(reply, page(lang, TEXTS[lang].expired, `<p class="card">${TEXTS[lang].expired}</p>`, 'none.js', {}), 403);

const sessionQuery = z.object({ session: z.string().max(100).optional(), lang: z.string().max(10).optional() });

function sportsBody(lang: Lang): string {
  const t = TEXTS[lang];
  return `<header><h1>${t.sportsTitle}</h1><div class="wallet" id="wallet"></div></header>
<div id="matches"></div>
<section class="card"><h2>${t.yourBets}</h2><div id="bets"></div></section>
<section class="slip" aria-live="polite">
<div class="slip-line"><span id="pick">${t.pickPrompt}</span><span id="returns"></span></div>
<div class="slip-row"><label class="visually-hidden" for="stake">${t.stake}</label>
<input id="stake" inputmode="decimal" value="100" aria-label="${t.stake}">
<button class="primary" id="place" disabled>${t.placeBet}</button></div>
<div class="quick" id="quick"></div><div class="message" id="message"></div></section>`;
}

function wcBody(lang: Lang): string {
  const t = TEXTS[lang];
  const threes = PAY_TABLE.threeOfAKind
    .map((row) => `<li><span>${row.symbol.repeat(3)}</span><b>× ${row.times}</b></li>`)
    .join('');
  return `<header><h1>${t.wcTitle}</h1><div class="wallet" id="wallet"></div></header>
<section class="card"><div class="reels"><div class="reel" id="r0">7</div><div class="reel" id="r1">7</div><div class="reel" id="r2">7</div></div>
<label for="stake">${t.stake}</label><input id="stake" inputmode="decimal" value="10"><div class="quick" id="quick"></div>
<button class="primary" id="spin">${t.spin}</button><div class="message" id="message"></div></section>
<section class="card"><h2>${t.pays}</h2><ul class="paytable">${threes}
<li><span>${t.anyTwo}</span><b>× ${PAY_TABLE.anyTwoTimes}</b></li></ul></section>`;
}

/** The fonts and scripts the pages load. */
function registerAssets(app: FastifyInstance): void {
  app.get<{ Params: { file: string } }>('/play/fonts/:file', async (request, reply) => {
    const font = FONTS[request.params.file];
    if (!font) return reply.code(404).send({ ok: false });
    return reply.type('font/woff2').header('cache-control', 'public, max-age=86400').send(font);
  });
  app.get<{ Params: { file: string } }>('/play/assets/:file', async (request, reply) => {
    const script = PAGE_SCRIPTS[request.params.file];
    if (script === undefined) return reply.code(404).send({ ok: false });
    return reply.type('text/javascript; charset=utf-8').send(script);
  });
}

/** The two game pages, each for a play session of its own game (expired or unknown: a page that says so). */
function registerGamePages(app: FastifyInstance, sandbox: Sandbox): void {
  for (const game of ['sports', 'wc'] as const) {
    app.get(`/play/${game}`, async (request, reply) => {
      const query = sessionQuery.safeParse(request.query);
      const token = query.success ? query.data.session : undefined;
      const session = sandbox.state.session(token);
      const lang = langOf((query.success ? query.data.lang : undefined) ?? session?.lang);
      if (!session || session.game !== game) return expiredPage(reply, lang);
      const t = TEXTS[lang];
      if (game === 'wc') return sendPage(reply, page(lang, t.wcTitle, wcBody(lang), 'wc.js', { session: token }));
      const matches = MATCHES.map((match) => ({
        id: match.id,
        league: match.league[lang],
        home: match.home[lang],
        away: match.away[lang],
        odds: match.odds,
      }));
      return sendPage(reply, page(lang, t.sportsTitle, sportsBody(lang), 'sports.js', { session: token, matches }));
    });
  }
}

/** The small API the pages call, authenticated by the play session of the launch (not by the HMAC secret). */
function registerPageApi(app: FastifyInstance, sandbox: Sandbox): void {
  const { state } = sandbox;
  const sessionOf = (token: unknown, game: 'sports' | 'wc') => {
    const session = state.session(typeof token === 'string' ? token : undefined);
    return session?.game === game ? session : undefined;
  };

  app.get('/play/api/sports/state', async (request, reply) => {
    const session = sessionOf((request.query as { session?: unknown }).session, 'sports');
    if (!session) return reply.code(403).send({ ok: false });
    if (settleBets(state, sandbox.config.seed, { playerRef: session.playerRef })) await state.save();
    const bets = state
      .bets()
      .filter((bet) => bet.playerRef === session.playerRef)
      .sort((a, b) => b.placedAt - a.placedAt)
      .slice(0, BETS_SHOWN_MAX);
    return { ok: true, wallet: state.walletView(session.playerRef), bets, now: Date.now() };
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
    const { matchId, pick, stakeMinor } = body.data;
    const rules = { seed: sandbox.config.seed, settleMs: sandbox.config.settleMs };
    const answer = sportsBet(state, rules, { playerRef: session.playerRef, matchId, pick, stakeMinor });
    await state.save();
    return reply.code(answer.status).send(answer.body);
  });

  app.get('/play/api/wc/state', async (request, reply) => {
    const session = sessionOf((request.query as { session?: unknown }).session, 'wc');
    if (!session) return reply.code(403).send({ ok: false });
    const [answer] = await deliver(sandbox.wc.callbacks, 'balance', { playerRef: session.playerRef });
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
    // The page shows the balance of the last answer our server gave (after the win, if any).
    const last = [...round.callbacks].reverse().find((answer) => answer.status === 200);
    return { ok: true, betAccepted: round.betAccepted, spin: round.spin ?? null, answer: last?.body ?? null };
  });
}

/** The game pages, their assets and the API they call. */
export async function registerPages(app: FastifyInstance, sandbox: Sandbox): Promise<void> {
  registerAssets(app);
  registerGamePages(app, sandbox);
  registerPageApi(app, sandbox);
}
