/**
 * The game pages' browser scripts, plain ES2020 served as files (no
 * framework, no build). Each reads its data and texts from the page's JSON
 * block and talks to the sandbox's /play/api with the play session. Text is
 * set with textContent only, never parsed as HTML.
 */
const COMMON = `
const data = JSON.parse(document.getElementById('data').textContent);
const t = data.texts;
const $ = (id) => document.getElementById(id);
const baht = (minor) => '฿' + (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
function toMinor(text) {
  const value = Number(String(text).replace(/,/g, '').trim());
  return Number.isFinite(value) && value > 0 ? Math.round(value * 100) : 0;
}
function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
function quickAmounts(values, onPick) {
  for (const value of values) {
    const button = el('button', '', String(value));
    button.type = 'button';
    button.addEventListener('click', () => { $('stake').value = String(value); onPick(); });
    $('quick').appendChild(button);
  }
}
function say(text, kind) { const message = $('message'); message.textContent = text; message.className = 'message ' + (kind || ''); }
function figure(label, minor) {
  const span = el('span', '', label);
  span.appendChild(el('b', '', baht(minor)));
  return span;
}
`;

const SPORTS = `${COMMON}
let selected = null;
function showSlip() {
  const stakeMinor = toMinor($('stake').value);
  if (!selected) { $('pick').textContent = t.pickPrompt; $('returns').textContent = ''; $('place').disabled = true; return; }
  $('pick').replaceChildren(el('b', '', selected.label), el('small', '', selected.teams));
  $('returns').textContent = stakeMinor > 0 ? t.returns + ' ' + baht(Math.floor(stakeMinor * Math.round(selected.odds * 100) / 100)) : '';
  $('place').disabled = stakeMinor <= 0;
}
function renderMatches() {
  for (const match of data.matches) {
    const card = el('div', 'card');
    card.append(el('div', 'league', match.league), el('div', 'teams', match.home + ' – ' + match.away));
    const odds = el('div', 'odds');
    for (const pick of ['home', 'draw', 'away']) {
      const button = el('button', '', match.odds[pick].toFixed(2));
      button.type = 'button';
      button.prepend(el('small', '', t[pick]));
      button.addEventListener('click', () => {
        const label = t[pick] + ' @' + match.odds[pick].toFixed(2);
        selected = { matchId: match.id, pick, odds: match.odds[pick], label, teams: match.home + ' – ' + match.away };
        for (const other of document.querySelectorAll('.odds button')) other.classList.toggle('selected', other === button);
        showSlip();
      });
      odds.appendChild(button);
    }
    card.appendChild(odds);
    $('matches').appendChild(card);
  }
}
function betRow(bet, now) {
  const match = data.matches.find((m) => m.id === bet.matchId);
  const row = el('div', 'bet');
  const left = el('span', '', match ? match.home + ' – ' + match.away : bet.matchId);
  left.appendChild(el('small', '', t[bet.pick] + ' @' + bet.odds.toFixed(2) + ' · ' + baht(bet.stakeMinor)));
  const right = el('span', 'status ' + bet.status);
  if (bet.status === 'open') {
    right.textContent = t.open;
    right.appendChild(el('small', '', Math.max(0, Math.ceil((bet.settlesAt - now) / 1000)) + ' s'));
  } else {
    right.textContent = bet.status === 'won' ? t.won + ' ' + baht(bet.payoutMinor) : t.lost;
    right.appendChild(el('small', '', t.result + ': ' + (bet.result ? t[bet.result] : '–')));
  }
  row.append(left, right);
  return row;
}
function renderState(state) {
  $('wallet').replaceChildren(figure(t.current, state.wallet.currentCreditMinor), figure(t.inGame, state.wallet.inGameCreditMinor));
  const bets = $('bets');
  if (state.bets.length === 0) { bets.replaceChildren(el('p', 'empty', t.noBets)); return; }
  bets.replaceChildren(...state.bets.map((bet) => betRow(bet, state.now)));
}
async function refresh() {
  try {
    const response = await fetch('/play/api/sports/state?session=' + encodeURIComponent(data.session));
    if (response.ok) renderState(await response.json());
  } catch (error) {
    // The next refresh tries again.
  }
}
$('place').addEventListener('click', async () => {
  const stakeMinor = toMinor($('stake').value);
  if (!selected) return;
  if (stakeMinor <= 0) { say(t.enterStake, 'lost'); return; }
  $('place').disabled = true;
  try {
    const response = await fetch('/play/api/sports/bet', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session: data.session, matchId: selected.matchId, pick: selected.pick, stakeMinor }),
    });
    const answer = await response.json().catch(() => ({}));
    if (response.ok) say('✓ ' + t.placed, 'won');
    else say(answer.code === 'INSUFFICIENT_CREDIT' ? t.notEnoughCredit : t.refused + ' (' + (answer.code || response.status) + ')', 'lost');
  } catch (error) {
    say(t.refused, 'lost');
  }
  showSlip();
  await refresh();
});
$('stake').addEventListener('input', showSlip);
renderMatches();
quickAmounts([50, 100, 500, 1000], showSlip);
refresh();
setInterval(refresh, 2000);
`;

const WC = `${COMMON}
function showBalance(answer) {
  if (!answer || typeof answer.balanceMinor !== 'number') return;
  $('wallet').replaceChildren(figure(t.balance, answer.balanceMinor));
}
async function refresh() {
  try {
    const response = await fetch('/play/api/wc/state?session=' + encodeURIComponent(data.session));
    if (response.ok) showBalance((await response.json()).balance);
  } catch (error) {
    // The balance stays as it was; the next spin shows the new one.
  }
}
function refusal(result) {
  const code = result.answer && result.answer.code;
  if (code === 'INSUFFICIENT_FUNDS') return t.notEnoughBalance;
  return code ? t.refused + ' (' + code + ')' : t.noAnswer;
}
$('spin').addEventListener('click', async () => {
  const betMinor = toMinor($('stake').value);
  if (betMinor <= 0) { say(t.enterStake, 'lost'); return; }
  $('spin').disabled = true;
  document.querySelector('.reels').classList.add('spinning');
  say('…');
  try {
    const response = await fetch('/play/api/wc/spin', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ session: data.session, betMinor }),
    });
    const result = await response.json().catch(() => ({}));
    if (result.spin) result.spin.reels.forEach((symbol, index) => { $('r' + index).textContent = symbol; });
    if (!result.betAccepted) say(refusal(result), 'lost');
    else if (result.spin && result.spin.winMinor > 0) say(t.win + ' ' + baht(result.spin.winMinor), 'won');
    else say(t.noWin, 'open');
    showBalance(result.answer);
  } catch (error) {
    say(t.noAnswer, 'lost');
  }
  document.querySelector('.reels').classList.remove('spinning');
  $('spin').disabled = false;
});
quickAmounts([10, 50, 100, 500], () => {});
refresh();
`;

export const PAGE_SCRIPTS: Record<string, string> = { 'sports.js': SPORTS, 'wc.js': WC, 'none.js': '' };
