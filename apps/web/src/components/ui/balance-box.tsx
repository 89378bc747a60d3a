import './balance-box.css';

/** The main balance at the top of a money modal (profile, deposit, withdraw): a label and the amount, large. */
export function BalanceBox({ label, amount, testId }: { label: string; amount: string; testId?: string }) {
  return (
    <div className="balance-box">
      <span>{label}</span>
      <strong data-testid={testId}>{amount}</strong>
    </div>
  );
}
