/**
 * The game pages' browser scripts, plain ES2020 served as files (no
 * framework, no build). Each reads its data and texts from the page's JSON
 * block and talks to the sandbox's /play/api with the play session.
 */
const COMMON = `
const data = JSON.parse(document.getElementById('data').textContent);
const t = data.texts;
const $ = (id) => document.getElementById(id);
const baht = (minor) => (minor / 100).toLocaleString('th-TH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const toMinor = (text) => Math.round(Number(text) * 100);
function quickAmounts(values) {
  const quick = $('quick');
  for (const value of values) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = value;
    button.addEventListener('click', () => { $('stake').value = String(value); });
    quick.appendChild(button);
  }
}
function say(text, kind) { const message = $('message'); message.textContent = text; message.className = 'message ' + (kind || ''); }
`;

const SPORTS = `${COMMON}
let selected = null;
function renderMatches() {
  const root = $('matches');
  for (const match of data.matches) {
    const card = document.createElement('div');
    card.className = 'card';
    card.innerHTML = '<div class="league"></div><div class="teams"></div><div class="odds"></div>';
    card.querySelector('.league').textContent = match.league;
    card.querySelector('.teams').textContent = match.home + ' vs ' + match.away;
    for (const pick of ['home', 'draw', 'away']) {
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.key = match.id + ':' + pick;
      button.innerHTML = '<small></small>' + match.odds[pick].toFixed(2);
      button.querySelector('small').textContent = t[pick];
      button.addEventListener('click', () => {
        selected = { matchId: match.id, pick };
        for (const other of document.querySelectorAll('.odds button')) other.classList.toggle('selected', other === button);
        $('place').disabled = false;
      });
      card.querySelector('.odds').appendChild(button);
    }
    root.appendChild(card);
  }
}
function renderState(state) {
  $('wallet').innerHTML = '<span>' + t.current + ' <b></b></span><span>' + t.inGame + ' <b></b></span>';
  const figures = $('wallet').querySelectorAll('b');
  figures[0].textContent = '฿' + baht(state.wallet.currentCreditMinor);
  figures[1].textContent = '฿' + baht(state.wallet.inGameCreditMinor);
  const bets = $('bets');
  bets.textContent = '';
  if (state.bets.length === 0) { bets.textContent = t.noBets; return; }
  for (const bet of state.bets) {
    const match = data.matches.find((m) => m.id === bet.matchId);
    const row = document.createElement('div');
    row.className = 'bet';
    const left = document.createElement('span');
    left.textContent = (match ? match.home + ' – ' + match.away : bet.matchId) + ' · ' + t[bet.pick] + ' @' + bet.odds.toFixed(2);
    const right = document.createElement('span');
    right.className = bet.status;
    const seconds = Math.max(0, Math.ceil((bet.settlesAt - state.now) / 1000));
    right.textContent = bet.status === 'open'
      ? t.open + ' · ' + t.settlesIn + ' ' + seconds + 's · ฿' + baht(bet.stakeMinor)
      : (bet.status === 'won' ? t.won + ' +฿' + baht(bet.payoutMinor) : t.lost + ' −฿' + baht(bet.stakeMinor));
    row.append(left, right);
    bets.appendChild(row);
  }
}
async function refresh() {
  const response = await fetch('/play/api/sports/state?session=' + encodeURIComponent(data.session));
  if (response.ok) renderState(await response.json());
}
$('place').addEventListener('click', async () => {
  if (!selected) return;
  $('place').disabled = true;
  const response = await fetch('/play/api/sports/bet', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session: data.session, matchId: selected.matchId, pick: selected.pick, stakeMinor: toMinor($('stake').value) }),
  });
  const answer = await response.json().catch(() => ({}));
  say(response.ok ? '✓ ' + t.placeBet : t.refused + ': ' + (answer.message || response.status), response.ok ? 'won' : 'lost');
  $('place').disabled = false;
  await refresh();
});
renderMatches();
quickAmounts([50, 100, 500, 1000]);
refresh();
setInterval(refresh, 2000);
`;

const WC = `${COMMON}
function showBalance(answer) {
  if (!answer || typeof answer.balanceMinor !== 'number') return;
  $('wallet').innerHTML = '<span>' + t.balance + ' <b></b></span>';
  $('wallet').querySelector('b').textContent = '฿' + baht(answer.balanceMinor);
}
async function refresh() {
  const response = await fetch('/play/api/wc/state?session=' + encodeURIComponent(data.session));
  if (response.ok) showBalance((await response.json()).balance);
}
$('spin').addEventListener('click', async () => {
  $('spin').disabled = true;
  say('…');
  const response = await fetch('/play/api/wc/spin', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ session: data.session, betMinor: toMinor($('stake').value) }),
  });
  const result = await response.json().catch(() => ({}));
  if (result.spin) result.spin.reels.forEach((symbol, index) => { $('r' + index).textContent = symbol; });
  if (!result.betAccepted) say(t.refused + (result.answer && result.answer.code ? ': ' + result.answer.code : ''), 'lost');
  else if (result.spin && result.spin.winMinor > 0) say(t.win + ' ฿' + baht(result.spin.winMinor), 'won');
  else say(t.noWin, 'open');
  showBalance(result.answer);
  $('spin').disabled = false;
});
quickAmounts([10, 50, 100, 500]);
refresh();
`;

export const PAGE_SCRIPTS: Record<string, string> = { 'sports.js': SPORTS, 'wc.js': WC, 'none.js': '' };
