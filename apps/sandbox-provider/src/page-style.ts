/**
 * The game pages' styles: phone first (360 px wide and up), dark, large
 * touch targets. Thai text uses the served Noto Sans Thai (only for Thai
 * code points, so Latin text keeps the system font).
 */
export const PAGE_STYLE = `
@font-face { font-family: 'Noto Sans Thai'; font-weight: 400; font-display: swap; src: url('/play/fonts/noto-sans-thai-400.woff2') format('woff2'); unicode-range: U+0E01-0E5B, U+200C-200D, U+25CC; }
@font-face { font-family: 'Noto Sans Thai'; font-weight: 700; font-display: swap; src: url('/play/fonts/noto-sans-thai-700.woff2') format('woff2'); unicode-range: U+0E01-0E5B, U+200C-200D, U+25CC; }
:root { color-scheme: dark; --bg: #0e1a12; --panel: #16281c; --raised: #244a31; --accent: #2fbf5b; --gold: #f5c542; --text: #eef5f0; --muted: #9fb5a6; --bad: #ff7b72; --line: #22402c; --radius: 0.75rem; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); font-family: 'Noto Sans Thai', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; line-height: 1.4; }
main { max-width: 30rem; margin: 0 auto; padding: 0.75rem 0.75rem 0; }
header { display: flex; justify-content: space-between; align-items: center; gap: 0.5rem; margin-bottom: 0.75rem; }
h1 { font-size: 1.15rem; margin: 0; line-height: 1.25; }
h2 { font-size: 1rem; margin: 0 0 0.5rem; }
.wallet { display: flex; gap: 0.75rem; font-size: 0.85rem; text-align: right; }
.wallet span { display: flex; flex-direction: column; }
.wallet b { color: var(--gold); font-size: 0.95rem; }
.card { background: var(--panel); border-radius: var(--radius); padding: 0.75rem; margin-bottom: 0.75rem; }
.league { color: var(--muted); font-size: 0.75rem; }
.teams { font-weight: 700; margin: 0.15rem 0 0.5rem; }
.odds { display: grid; grid-template-columns: repeat(3, 1fr); gap: 0.4rem; }
button { font: inherit; border: 0; border-radius: 0.5rem; padding: 0.6rem; background: var(--raised); color: var(--text); cursor: pointer; min-height: 2.75rem; }
button.selected { background: var(--accent); color: #06200f; font-weight: 700; }
button.primary { background: var(--gold); color: #2a1f00; font-weight: 700; font-size: 1.05rem; }
button:disabled { opacity: 0.5; cursor: default; }
.odds small { display: block; color: var(--muted); font-size: 0.7rem; }
.odds button.selected small { color: #06200f; }
label { display: block; font-size: 0.85rem; margin-bottom: 0.3rem; color: var(--muted); }
input { width: 100%; font: inherit; font-size: 1rem; padding: 0.6rem; border-radius: 0.5rem; border: 1px solid #2f5a3d; background: #0b140e; color: var(--text); min-height: 2.75rem; }
.quick { display: flex; gap: 0.4rem; margin: 0.5rem 0 0; }
.quick button { flex: 1; padding: 0.35rem; min-height: 2.25rem; }
.slip { position: sticky; bottom: 0; margin: 0 -0.75rem; padding: 0.6rem 0.75rem 0.4rem; background: #1b3323; border-top: 2px solid var(--gold); box-shadow: 0 -0.5rem 1rem #0008; }
.slip-line { display: flex; justify-content: space-between; gap: 0.5rem; font-size: 0.85rem; margin-bottom: 0.4rem; }
.slip-line #returns { color: var(--gold); white-space: nowrap; }
.slip-line small { display: block; color: var(--muted); }
.slip-row { display: grid; grid-template-columns: 1fr auto; gap: 0.5rem; }
.slip-row button { padding: 0.6rem 1rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
.bet { display: flex; justify-content: space-between; gap: 0.75rem; font-size: 0.85rem; padding: 0.45rem 0; border-bottom: 1px solid var(--line); }
.bet:last-child { border-bottom: 0; }
.bet small { display: block; color: var(--muted); font-weight: 400; }
.bet .status { text-align: right; white-space: nowrap; font-weight: 700; }
.won { color: var(--accent); } .lost { color: var(--bad); } .open { color: var(--gold); }
.empty { color: var(--muted); font-size: 0.85rem; }
.message { min-height: 1.4rem; text-align: center; margin: 0.35rem 0 0; font-size: 0.9rem; }
#spin { width: 100%; margin-top: 0.75rem; }
.reels { display: flex; justify-content: center; gap: 0.5rem; margin: 0.5rem 0 1rem; }
.reel { width: 5rem; height: 5rem; border-radius: var(--radius); background: #0b140e; display: grid; place-items: center; font-size: 2.6rem; border: 2px solid var(--gold); }
.reels.spinning .reel { opacity: 0.4; }
.paytable { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: 1fr 1fr; gap: 0.25rem 1rem; font-size: 0.9rem; }
.paytable li { display: flex; justify-content: space-between; }
.paytable b { color: var(--gold); }
`;
