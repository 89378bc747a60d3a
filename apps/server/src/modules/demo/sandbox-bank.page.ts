import { BANKS } from '@app/contracts/banks';
import { DEMO_PATHS } from '@app/contracts/paths';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

export type SandboxForm = {
  fromBankCode: string;
  fromAccountNumber: string;
  toAccountNumber: string;
  amount: string;
  reference: string;
};

export type SandboxOutcome = { title: string; lines: string[]; slipUrl?: string; ok: boolean };

export const SANDBOX_PAGE_STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f3f5f7; color: #17202a; }
  main { max-width: 28rem; margin: 0 auto; padding: 1rem; }
  h1 { font-size: 1.25rem; margin: 0.5rem 0; }
  p.note { font-size: 0.875rem; color: #4d5b69; }
  form, .result { background: #fff; border-radius: 0.75rem; padding: 1rem; box-shadow: 0 1px 3px #0002; }
  label { display: block; font-size: 0.875rem; margin: 0.75rem 0 0.25rem; font-weight: 600; }
  input, select { width: 100%; box-sizing: border-box; font-size: 1rem; padding: 0.6rem; border: 1px solid #b8c2cc; border-radius: 0.5rem; }
  .buttons { display: flex; gap: 0.5rem; margin-top: 1rem; flex-wrap: wrap; }
  button, a.button { flex: 1; font-size: 1rem; padding: 0.7rem; border-radius: 0.5rem; border: 0; background: #0b6e22; color: #fff; text-align: center; text-decoration: none; min-width: 8rem; }
  button.secondary { background: #4d5b69; }
  .result { margin-bottom: 1rem; border-left: 0.4rem solid #0b6e22; overflow-wrap: anywhere; }
  .result h2 { margin: 0 0 0.5rem; font-size: 1.125rem; }
  .result.bad { border-left-color: #c0392b; }
  .result img { width: 100%; max-width: 16rem; display: block; margin: 0.5rem auto; border: 1px solid #ddd; }
  section.payouts { background: #fff; border-radius: 0.75rem; padding: 1rem; margin-top: 1rem; box-shadow: 0 1px 3px #0002; }
  section.payouts h2 { font-size: 1.125rem; margin: 0 0 0.5rem; }
  section.payouts ol { list-style: none; margin: 0; padding: 0; }
  section.payouts li { border-top: 1px solid #e3e8ec; padding: 0.5rem 0; font-size: 0.875rem; overflow-wrap: anywhere; }
  section.payouts .amount { font-weight: 700; font-size: 1rem; }
`;

/** The payout account as the sandbox bank's statement shows it. */
export type SandboxPayouts =
  | { available: false }
  | {
      available: true;
      balanceBaht: number;
      lines: readonly {
        at: string;
        amountBaht: number;
        toBankCode: string;
        toAccount: string;
        reference: string | null;
        bankReference: string;
      }[];
    };

const baht = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function payoutsSection(payouts: SandboxPayouts | undefined): string {
  if (!payouts) return '';
  if (!payouts.available) {
    return '<section class="payouts" aria-labelledby="payouts-title"><h2 id="payouts-title">Payout account</h2><p class="note">The sandbox bank did not answer.</p></section>';
  }
  const lines = payouts.lines.length
    ? `<ol>${payouts.lines
        .map(
          (line) =>
            `<li data-testid="sandbox-payout"><span class="amount">฿${baht(line.amountBaht)}</span> to ${escapeHtml(line.toBankCode)} ${escapeHtml(line.toAccount)}<br>` +
            `Our reference ${escapeHtml(line.reference ?? '-')} · bank reference ${escapeHtml(line.bankReference)}<br>` +
            `<time datetime="${escapeHtml(line.at)}">${escapeHtml(line.at.replace('T', ' ').slice(0, 19))} UTC</time></li>`,
        )
        .join('')}</ol>`
    : '<p class="note">No payouts yet.</p>';
  return `<section class="payouts" aria-labelledby="payouts-title"><h2 id="payouts-title">Payout account: paid out</h2>
<p class="note">Withdrawals the server paid through this bank's payout API, newest first. Balance ฿${baht(payouts.balanceBaht)}.</p>${lines}</section>`;
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${SANDBOX_PAGE_STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

function options(values: readonly { value: string; label: string }[], selected: string): string {
  return values
    .map(
      (option) =>
        `<option value="${escapeHtml(option.value)}"${option.value === selected ? ' selected' : ''}>${escapeHtml(option.label)}</option>`,
    )
    .join('');
}

/**
 * The sandbox bank (demo mode only): a person fills in a transfer as a bank
 * statement would show it and the server delivers it, signed, to its own
 * bank-feed webhook, exactly as a real connector would; or draws only the
 * slip, to try a deposit that waits for an operator.
 */
export function sandboxBankPage(input: {
  form: SandboxForm;
  houseAccounts: readonly { bankNumber: string; label: string }[];
  outcome?: SandboxOutcome;
  payouts?: SandboxPayouts;
}): string {
  const { form, outcome } = input;
  const result = outcome
    ? `<section class="result${outcome.ok ? '' : ' bad'}"><h2>${escapeHtml(outcome.title)}</h2>${outcome.lines
        .map((line) => `<p>${escapeHtml(line)}</p>`)
        .join('')}${
        outcome.slipUrl
          ? `<img src="${escapeHtml(outcome.slipUrl)}" alt="Transfer slip"><a class="button" href="${escapeHtml(outcome.slipUrl)}" download>Save the slip</a>`
          : ''
      }</section>`
    : '';
  const banks = BANKS.map((bank) => ({ value: bank.code, label: `${bank.code} ${bank.name}` }));
  const house = input.houseAccounts.map((account) => ({ value: account.bankNumber, label: account.label }));
  return page(
    'Sandbox bank',
    `<h1>Sandbox bank (demo)</h1>
<p class="note">Sends a transfer to the server's bank feed, signed as a real bank connector would. The sender account may hide digits with x, as statements do (xxxxxx7890).</p>
${result}
<form method="post" action="${DEMO_PATHS.sandboxBankTransfer}">
  <label for="fromBankCode">Sender's bank</label>
  <select id="fromBankCode" name="fromBankCode">${options(banks, form.fromBankCode)}</select>
  <label for="fromAccountNumber">Sender's account</label>
  <input id="fromAccountNumber" name="fromAccountNumber" value="${escapeHtml(form.fromAccountNumber)}" inputmode="numeric" required>
  <label for="toAccountNumber">To house account</label>
  <select id="toAccountNumber" name="toAccountNumber">${options(house, form.toAccountNumber)}</select>
  <label for="amount">Amount (baht)</label>
  <input id="amount" name="amount" value="${escapeHtml(form.amount)}" inputmode="decimal" required>
  <label for="reference">Bank reference</label>
  <input id="reference" name="reference" value="${escapeHtml(form.reference)}" required>
  <div class="buttons">
    <button type="submit" name="action" value="transfer">Send transfer</button>
    <button type="submit" name="action" value="slip" class="secondary">Slip only</button>
  </div>
</form>
${payoutsSection(input.payouts)}`,
  );
}
