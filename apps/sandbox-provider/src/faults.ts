import type { FaultRule, SANDBOX_OPERATIONS, SandboxFault } from '@app/contracts/provider';

export type Operation = Exclude<(typeof SANDBOX_OPERATIONS)[number], 'any'>;
export type Fault = { fault: SandboxFault; ms?: number };

const HEADER_FAULT = /^(delay|error|timeout|lost|duplicate|refuse)(?::(\d{1,6}))?$/;
/** The longest delay a header may ask for, as for a rule (faultRuleSchema). */
const HEADER_DELAY_MAX_MS = 120_000;

/** Faults a random run may draw, per kind of operation (duplicate only where the sandbox is the caller). */
const RANDOM_FAULTS: Record<'wallet' | 'callback', SandboxFault[]> = {
  wallet: ['error', 'timeout', 'lost'],
  callback: ['error', 'timeout', 'lost', 'duplicate'],
};

/**
 * The fault switches: a header on one request, rules set through the control
 * API (per player or for everyone, a number of times or with a probability),
 * and a random rate for reliability runs. The first that applies wins.
 */
export class FaultBook {
  private rules: (FaultRule & { left?: number })[] = [];

  constructor(
    private readonly randomRate: number,
    private readonly random: () => number = Math.random,
  ) {}

  setRules(rules: FaultRule[]): void {
    this.rules = rules.map((rule) => (rule.times === undefined ? { ...rule } : { ...rule, left: rule.times }));
  }

  /** The fault to inject into this operation, if any; a rule with `times` is used up as it applies. */
  take(operation: Operation, playerRef: string | undefined, header?: string | string[]): Fault | undefined {
    const fromHeader = typeof header === 'string' ? HEADER_FAULT.exec(header.trim()) : null;
    if (fromHeader?.[1]) {
      const ms = fromHeader[2] === undefined ? {} : { ms: Math.min(Number(fromHeader[2]), HEADER_DELAY_MAX_MS) };
      return { fault: fromHeader[1] as SandboxFault, ...ms };
    }
    for (const rule of this.rules) {
      if (rule.operation !== 'any' && rule.operation !== operation) continue;
      if (rule.playerRef !== undefined && rule.playerRef !== playerRef) continue;
      if (rule.left !== undefined && rule.left <= 0) continue;
      if (rule.probability !== undefined && this.random() >= rule.probability) continue;
      if (!applies(rule.fault, operation)) continue;
      if (rule.left !== undefined) rule.left -= 1;
      return { fault: rule.fault, ...(rule.ms === undefined ? {} : { ms: rule.ms }) };
    }
    if (this.randomRate > 0 && this.random() < this.randomRate) {
      const choices = RANDOM_FAULTS[operation.startsWith('callback-') ? 'callback' : 'wallet'];
      const fault = choices[Math.floor(this.random() * choices.length)];
      if (fault) return { fault };
    }
    return undefined;
  }
}

/**
 * `duplicate` is about deliveries the sandbox makes: it means nothing for a
 * request the sandbox answers; `refuse` is the bank's answer to a payout.
 */
function applies(fault: SandboxFault, operation: Operation): boolean {
  if (fault === 'refuse') return operation === 'payout';
  return fault !== 'duplicate' || operation.startsWith('callback-');
}
